import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';
import { registerProbeRoutes } from '../support/probe-routes';
import { auth, makeMaster, tokenFor, type Tenant } from '../support/tenants';

/**
 * PostgreSQL text cannot hold U+0000. Every string a REST client sends — path parameter, query
 * parameter, body field or key — is checked once at the edge: 400 in the route's envelope naming
 * the field, before anything reaches the database.
 */

let t: TestApp;
let master: Tenant;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ extraRestModules: [registerProbeRoutes] });
  master = await makeMaster(t.services, { name: 'Edge' });
  token = await tokenFor(t, master);
});
afterAll(() => t.close());

const refusal = (field: string) => ({
  code: 400,
  message: `Invalid value for field '${field}': must not contain the NUL character (U+0000)`,
});

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body),
    headers: { ...auth(token), 'content-type': 'application/json', 'x-idempotency-key': randomUUID(), ...headers },
  });

describe('account-center routes', () => {
  it('refuses a NUL in a query parameter: GET /v1/beneficiaries?company_name=%00', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/beneficiaries?company_name=%00', headers: auth(token) });
    expect([res.statusCode, res.json()]).toEqual([400, refusal('company_name')]);
  });

  it('refuses a NUL in a path parameter', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/v1/beneficiaries/${randomUUID()}%00`, headers: auth(token) });
    expect([res.statusCode, res.json()]).toEqual([400, refusal('id')]);
  });

  it('names a nested body field by its path: beneficiary.bank_details.iban', async () => {
    const res = await postJson('/api/v1/payouts', {
      currency: 'EUR',
      amount: '10.00',
      beneficiary: { entity_type: 'COMPANY', bank_details: { swift_code: 'DEUTDEFFXXX', iban: 'DE89\u00003704' } },
    });
    expect([res.statusCode, res.json()]).toEqual([400, refusal('beneficiary.bank_details.iban')]);
  });

  it('names an array element by its index: documentation[0].file_id', async () => {
    const res = await postJson('/api/v1/payouts', { currency: 'USD', documentation: [{ type: 'INVOICE', file_id: 'f\u0000' }] });
    expect([res.statusCode, res.json()]).toEqual([400, refusal('documentation[0].file_id')]);
  });

  it('refuses a NUL in an object key, and reports the first offending field in document order', async () => {
    const key = await postJson('/api/v1/beneficiaries', { entity_type: 'COMPANY', address: { 'ci\u0000ty': 'x' } });
    expect([key.statusCode, key.json()]).toEqual([400, refusal('address.ci\u0000ty')]);
    const first = await postJson('/api/v1/beneficiaries', { nickname: 'a\u0000', company_name: 'b\u0000' });
    expect(first.json()).toEqual(refusal('nickname'));
  });

  it('checks form bodies and public routes too: the token endpoint', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/connect/token',
      payload: `client_id=${master.clientId}%00&api_key=${master.apiKey}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([res.statusCode, res.json()]).toEqual([400, refusal('client_id')]);
  });

  it('refuses before the idempotency layer: the key is still free for the corrected request', async () => {
    const key = randomUUID();
    const refused = await postJson('/api/v1/probe/effects', { name: 'Shop\u0000' }, { 'x-idempotency-key': key });
    expect([refused.statusCode, refused.json()]).toEqual([400, refusal('name')]);
    const before = await t.db.prisma.account.count({ where: { parentId: master.account.id } });
    const served = await postJson('/api/v1/probe/effects', { name: 'Shop' }, { 'x-idempotency-key': key });
    expect(served.statusCode).toBe(200);
    expect(served.headers['idempotent-replayed']).toBeUndefined();
    expect(await t.db.prisma.account.count({ where: { parentId: master.account.id } })).toBe(before + 1);
  });

  it('leaves unknown paths to the 404 they are', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/nothing-here?company_name=%00', headers: auth(token) });
    expect([res.statusCode, res.json()]).toEqual([404, { code: 404, message: 'Not found' }]);
  });
});

describe('card-issuance routes', () => {
  it('refuses in envelope A invalid_request_error', async () => {
    const res = await postJson('/api/v1/issuing/probe/effects', { name: 'Card\u0000holder' }, { 'x-idempotency-key': 'nul-key-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      type: 'invalid_request_error',
      code: 'invalid_request_error',
      message: "Invalid value for field 'name': must not contain the NUL character (U+0000)",
    });
  });
});
