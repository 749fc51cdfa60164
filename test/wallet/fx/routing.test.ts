import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { makeMaster } from '../../support/tenants';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await clientOf(t, await makeMaster(t.services));
});
afterAll(() => t.close());

describe('FX routes beside /v1/conversion/{id}', () => {
  it('routes the static paths before the id', async () => {
    const dates = await c.get('/v1/conversion/conversion_dates', { currency_from: 'USD', currency_to: 'EUR' });
    expect(dates.status).toBe(200);
    const q = await c.post('/v1/conversion/quote', {});
    expect(q.body).toEqual({ code: 400, message: "Field 'sell_currency' is required" });
  });

  it('answers a wrong method on a static path', async () => {
    const res = await c.post('/v1/conversion/conversion_dates', {});
    expect({ status: res.status, body: res.body }).toEqual({ status: 405, body: { code: 405, message: 'Method not allowed' } });
  });

  it('lists the FX routes in the OpenAPI document', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    for (const p of ['/api/v1/exchange/rates', '/api/v1/conversion/quote', '/api/v1/conversion', '/api/v1/conversion/{id}', '/api/v1/conversion/conversion_dates']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});
