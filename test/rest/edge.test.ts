import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';
import { registerProbeRoutes } from '../support/probe-routes';
import { auth, makeMaster, tokenFor } from '../support/tenants';

/**
 * Faults the outside fuzzing found beyond the ones of its own files (test/fuzz): each answered 5xx
 * or outside its family's envelope before.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ extraRestModules: [registerProbeRoutes] });
  token = await tokenFor(t, await makeMaster(t.services, { name: 'Edge' }));
});
afterAll(() => t.close());

const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{"name":"x"}${'}'.repeat(depth - 1)}`;

describe('URLs the router cannot take', () => {
  it('answers a path parameter whose percent-encoding does not decode with 400 in the envelope', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/beneficiaries/%E0%A4%A', headers: auth(token) });
    expect([res.statusCode, res.json()]).toEqual([400, { code: 400, message: 'Request URL is not valid: malformed percent-encoding' }]);
  });

  it('answers a path parameter over 100 characters with 414 in the envelope, and serves 100: the route answers its own not-found', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/v1/beneficiaries/${'x'.repeat(101)}`, headers: auth(token) });
    expect([res.statusCode, res.json()]).toEqual([414, { code: 414, message: 'Request URL is too long: a path parameter exceeds 100 characters' }]);
    const atLimit = await t.inject({ method: 'GET', url: `/api/v1/beneficiaries/${'x'.repeat(100)}`, headers: auth(token) });
    expect([atLimit.statusCode, atLimit.json()]).toEqual([400, { code: 400, message: 'beneficiary not found' }]);
  });
});

describe('bodies nested deeper than any payrail body', () => {
  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url, payload, headers: { ...auth(token), 'content-type': 'application/json', ...headers } });

  it('refuses more than 32 levels with 400, before the idempotency layer hashes the body', async () => {
    // A body 5,000 deep with an idempotency key overflowed the request hash's recursion: 500.
    const deep = await post('/api/v1/conversion', '['.repeat(5000) + ']'.repeat(5000), { 'x-idempotency-key': randomUUID() });
    expect([deep.statusCode, deep.json()]).toEqual([400, { code: 400, message: 'Request body nests deeper than 32 levels' }]);
    const justOver = await post('/api/v1/probe/effects', nested(33), { 'x-idempotency-key': randomUUID() });
    expect(justOver.json()).toEqual({ code: 400, message: 'Request body nests deeper than 32 levels' });
  });

  it('takes 32 levels, and ignores brackets inside strings', async () => {
    const atLimit = await post('/api/v1/probe/effects', nested(32), { 'x-idempotency-key': randomUUID() });
    expect(atLimit.statusCode).toBe(200);
    const brackets = await post('/api/v1/probe/effects', JSON.stringify({ name: `${'[{'.repeat(40)}\\"` }), { 'x-idempotency-key': randomUUID() });
    expect(brackets.statusCode).toBe(200);
  });

  it('answers in envelope B on issuance routes', async () => {
    const res = await post('/api/v1/issuing/probe/effects', nested(40), { 'x-idempotency-key': 'deep-1' });
    expect([res.statusCode, res.json()]).toEqual([400, { code: 400, message: 'Request body nests deeper than 32 levels' }]);
  });
});

describe('GraphQL transport errors are GraphQL responses', () => {
  const errorOf = (body: string) => (JSON.parse(body) as { errors: { message: string; extensions: unknown }[] }).errors;

  it('answers a body that is not JSON with 400 and a coded error', async () => {
    const res = await t.inject({ method: 'POST', url: '/graphql', payload: '{"query": "{ viewer { id } }", ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toEqual([
      { message: 'Request body is not valid JSON', extensions: { code: 'malformed_json', type: 'validation', httpStatus: 400 } },
    ]);
  });

  it('answers a body nested too deep the same way', async () => {
    const deep = await t.inject({ method: 'POST', url: '/graphql', payload: `{"query":"{ viewer { id } }","variables":${nested(40)}}`, headers: { 'content-type': 'application/json' } });
    expect([deep.statusCode, errorOf(deep.body)]).toEqual([
      400,
      [{ message: 'Request body nests deeper than 32 levels', extensions: { code: 'body_too_deep', type: 'validation', httpStatus: 400 } }],
    ]);
  });
});
