import { startTestApp, type TestApp } from '../support/app';
import { auth, makeMaster, tokenFor } from '../support/tenants';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = await tokenFor(t, await makeMaster(t.services));
});
afterAll(() => t.close());

describe('FX routes beside /v1/conversion/{id}', () => {
  it('routes the static paths before the id', async () => {
    const dates = await t.inject({ method: 'GET', url: '/api/v1/conversion/conversion_dates?currency_from=USD&currency_to=EUR', headers: auth(token) });
    expect(dates.statusCode).toBe(200);
    const q = await t.inject({ method: 'POST', url: '/api/v1/conversion/quote', headers: auth(token), payload: {} });
    expect(q.json()).toEqual({ code: 400, message: "Field 'sell_currency' is required" });
  });

  it('answers a wrong method on a static path', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/conversion/conversion_dates', headers: auth(token), payload: {} });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 405, body: { code: 405, message: 'Method not allowed' } });
  });

  it('lists the FX routes in the OpenAPI document', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    for (const p of ['/api/v1/exchange/rates', '/api/v1/conversion/quote', '/api/v1/conversion', '/api/v1/conversion/{id}', '/api/v1/conversion/conversion_dates']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});
