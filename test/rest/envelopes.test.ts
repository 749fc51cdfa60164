import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';
import { registerProbeRoutes } from '../support/probe-routes';
import { auth, makeMaster, tokenFor } from '../support/tenants';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ extraRestModules: [registerProbeRoutes], config: { bodyLimitBytes: 4096 } });
  token = await tokenFor(t, await makeMaster(t.services, { name: 'Envelopes' }));
});
afterAll(() => t.close());

describe('unknown paths and methods (spec 7.1)', () => {
  it('answers 404 {code:404, message:"Not found"} for an unknown /api path', async () => {
    for (const url of ['/api/v1/nothing-here', '/api/v9/accounts', '/api']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Not found' });
    }
  });

  it('answers 405 {code:405, message:"Method not allowed"} for a known path with the wrong method', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/connect/token' });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({ code: 405, message: 'Method not allowed' });
    expect(res.headers.allow).toBe('POST');
    const put = await t.inject({ method: 'PUT', url: `/api/v1/accounts/${randomUUID()}` });
    expect([put.statusCode, put.json()]).toEqual([405, { code: 405, message: 'Method not allowed' }]);
  });
});

describe('request bodies', () => {
  const raw = (url: string, payload: string, contentType: string, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, ...headers } });

  it('answers malformed JSON with a 400 in the account-center family', async () => {
    const res = await raw('/api/v1/connect/token', '{"client_id": ', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Request body is not valid JSON' });
  });

  it('answers malformed JSON on an issuance route with envelope B "Params JSON error"', async () => {
    const res = await raw('/api/v1/issuing/probe/effects', '{oops', 'application/json', { ...auth(token), 'x-idempotency-key': 'k1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Params JSON error' });
  });

  it('refuses another content type on a JSON endpoint with a clear 400', async () => {
    const res = await raw('/api/v1/probe/effects', 'name=x', 'text/plain', { ...auth(token), 'x-idempotency-key': randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Content-Type must be application/json' });
    const form = await raw('/api/v1/probe/effects', 'name=x', 'application/x-www-form-urlencoded', { ...auth(token), 'x-idempotency-key': randomUUID() });
    expect(form.json()).toEqual({ code: 400, message: 'Content-Type must be application/json' });
    const iss = await raw('/api/v1/issuing/probe/effects', '<xml/>', 'application/xml', { ...auth(token), 'x-idempotency-key': 'k2' });
    expect(iss.json()).toEqual({ code: 400, message: 'Content type is not supported, please upload the correct format' });
  });

  it('answers a body over the configured limit with 413', async () => {
    const big = JSON.stringify({ client_id: 'x'.repeat(5000), api_key: 'y' });
    const res = await raw('/api/v1/connect/token', big, 'application/json');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, message: 'Request body exceeds 4096 bytes' });
  });
});

describe('unexpected exceptions', () => {
  it("answer the family's 500 with no stack, SQL or internal names", async () => {
    const ac = await t.inject({ method: 'POST', url: '/api/v1/probe/effects', payload: { fail: 'unexpected' }, headers: { ...auth(token), 'x-idempotency-key': randomUUID() } });
    expect([ac.statusCode, ac.json()]).toEqual([500, { message: 'An internal error occurred, please try again later' }]);
    const iss = await t.inject({ method: 'POST', url: '/api/v1/issuing/probe/effects', payload: { fail: 'unexpected' }, headers: { ...auth(token), 'x-idempotency-key': 'boom-1' } });
    expect([iss.statusCode, iss.json()]).toEqual([500, { type: 'api_error', code: 'api_error', message: 'An internal error occurred, please try again' }]);
    for (const res of [ac, iss]) expect(res.body).not.toMatch(/boom|secret_table|\.ts|at /);
    // The failure is logged for operators, with the request id.
    expect(t.logs.some((l) => l.msg === 'request failed' && typeof l.reqId === 'string')).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('serves /api/openapi.json listing the routes of the REST layer', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v1/connect/token']).toHaveProperty('post');
    expect(doc.paths['/api/v1/accounts/{id}']).toHaveProperty('get');
  });
});

describe('fixed paths beside parameterised ones', () => {
  it('answers 405 for a fixed path with the wrong method rather than treating it as an id', async () => {
    for (const [method, url, allow] of [
      ['GET', '/api/v1/beneficiaries/check', 'POST'],
      ['POST', '/api/v1/beneficiaries/paymentmethods', 'GET'],
      ['GET', '/api/v1/conversion/quote', 'POST'],
    ] as const) {
      const res = await t.inject({ method, url, headers: { ...auth(token), 'x-idempotency-key': randomUUID() }, payload: method === 'POST' ? {} : undefined });
      expect([url, res.statusCode, res.json()]).toEqual([url, 405, { code: 405, message: 'Method not allowed' }]);
      expect(res.headers.allow).toBe(allow);
    }
  });
});
