import { createApiKey } from '../../src/domain/developers/keys/api-keys';
import { loadConfig } from '../../src/config';
import { startTestApp, type TestApp } from '../support/app';
import { makeMaster, tokenFor, type Tenant } from '../support/tenants';

/**
 * Rate limits (docs/security.md): token exchanges per address and per client_id, every other call
 * per API key; 429 with Retry-After in the route's envelope family. Windows here are long (a minute
 * for the defaults, an hour otherwise) next to the few hundred milliseconds the requests take, so no
 * window ends during a test.
 */
const TOKEN = '/api/v1/connect/token';
const TOO_FREQUENT = { code: 429, message: 'Request is too frequent' };

describe('token exchange, with the default limits', () => {
  let t: TestApp;
  let tenant: Tenant;
  const defaults = loadConfig({}).rateLimits;

  beforeAll(async () => {
    t = await startTestApp({ config: { rateLimits: defaults } });
    tenant = await makeMaster(t.services, { name: 'Guessed' });
  });
  afterAll(() => t.close());

  const exchange = (from: string, body: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: TOKEN, remoteAddress: from, payload: body });

  it('answers 30 wrong api_keys for one client_id: 20 refusals, then 429 with Retry-After, the right key included', async () => {
    expect(defaults.tokenPerClient).toEqual({ max: 20, windowSeconds: 60 });
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await exchange('10.0.0.1', { client_id: tenant.clientId, api_key: `wrong-${i}` }));
    expect(answers.slice(0, 20).map((r) => [r.statusCode, r.json()])).toEqual(Array(20).fill([400, { code: 400, message: 'Invalid api key' }]));
    expect(answers.slice(20).map((r) => [r.statusCode, r.json()])).toEqual(Array(10).fill([429, TOO_FREQUENT]));
    const retryAfter = Number(answers[29]!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Every attempt counts, whichever address it comes from: the right key waits too.
    const right = await exchange('10.0.0.9', { client_id: tenant.clientId, api_key: tenant.apiKey });
    expect([right.statusCode, right.json()]).toEqual([429, TOO_FREQUENT]);
    // Another client is not held up by this one.
    const other = await makeMaster(t.services, { name: 'Bystander' });
    expect((await exchange('10.0.0.1', { client_id: other.clientId, api_key: other.apiKey })).statusCode).toBe(200);
  });

  it('limits one address to 60 exchanges a minute, whatever client_ids it names; other addresses go on', async () => {
    expect(defaults.tokenPerIp).toEqual({ max: 60, windowSeconds: 60 });
    const answers = [];
    for (let i = 0; i < 61; i++) answers.push(await exchange('10.0.0.2', { client_id: `unknown-${i}`, api_key: 'whatever' }));
    expect(answers.slice(0, 60).every((r) => r.statusCode === 400 && r.json().message === 'Invalid client id')).toBe(true);
    expect([answers[60]!.statusCode, answers[60]!.json()]).toEqual([429, TOO_FREQUENT]);
    expect(Number(answers[60]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await exchange('10.0.0.3', { client_id: 'unknown-x', api_key: 'whatever' })).statusCode).toBe(400);
  });

  it('counts an IPv6 caller by its /64, so a block of addresses is one address', async () => {
    for (let i = 1; i <= 60; i++) await exchange(`2001:db8:0:1::${i.toString(16)}`, { client_id: `v6-${i}`, api_key: 'x' });
    expect((await exchange('2001:db8:0:1:ffff::1', { client_id: 'v6-last', api_key: 'x' })).statusCode).toBe(429);
    expect((await exchange('2001:db8:0:2::1', { client_id: 'v6-next', api_key: 'x' })).statusCode).toBe(400);
  });
});

describe('calls per API key', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ config: { rateLimits: { ...loadConfig({}).rateLimits, callsPerKey: { max: 3, windowSeconds: 3600 } } } });
  });
  afterAll(() => t.close());

  const get = (token: string, url: string) => t.inject({ method: 'GET', url, headers: { 'x-auth-token': `Bearer ${token}` } });

  it('answers 429 with Retry-After once the key spent its budget, in each family and on GraphQL; another key goes on', async () => {
    const tenant = await makeMaster(t.services, { name: 'Busy' });
    const token = await tokenFor(t, tenant);
    for (let i = 0; i < 3; i++) expect((await get(token, '/api/v1/balances')).statusCode).toBe(200);

    const accountCenter = await get(token, '/api/v1/balances');
    expect([accountCenter.statusCode, accountCenter.json()]).toEqual([429, TOO_FREQUENT]);
    const retryAfter = Number(accountCenter.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    const issuance = await get(token, '/api/v1/issuing/cards');
    expect([issuance.statusCode, issuance.json()]).toEqual([429, { code: 429, message: 'Request is too frequent' }]);
    expect(Number(issuance.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const gql = await t.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-auth-token': `Bearer ${token}` },
      payload: { query: '{ viewer { id } }' },
    });
    expect(gql.statusCode).toBe(429);
    expect(Number(gql.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((gql.json() as { errors: { extensions: Record<string, unknown> }[] }).errors[0]!.extensions).toMatchObject({
      code: 'rate_limited',
      type: 'rate_limit',
      httpStatus: 429,
      retryAfter: expect.any(Number),
    });

    // The budget is the key's: a second key of the same account is not held up.
    const second = await createApiKey(t.services, { accountId: tenant.account.id });
    expect((await get(await tokenFor(t, second), '/api/v1/balances')).statusCode).toBe(200);
  });

  it('spends nothing on a call that fails authentication', async () => {
    const tenant = await makeMaster(t.services, { name: 'Careful' });
    const token = await tokenFor(t, tenant);
    for (let i = 0; i < 10; i++) expect((await get(`${token}x`, '/api/v1/balances')).statusCode).toBe(403);
    for (let i = 0; i < 3; i++) expect((await get(token, '/api/v1/balances')).statusCode).toBe(200);
    expect((await get(token, '/api/v1/balances')).statusCode).toBe(429);
  });
});

describe('configuration', () => {
  it('reads every limit from the environment, with the documented defaults', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      tokenPerIp: { max: 60, windowSeconds: 60 },
      tokenPerClient: { max: 20, windowSeconds: 60 },
      callsPerKey: { max: 100, windowSeconds: 1 },
    });
    const tuned = loadConfig({
      PAYRAIL_RATE_LIMIT_TOKEN_PER_IP: '5',
      PAYRAIL_RATE_LIMIT_TOKEN_PER_CLIENT: '4',
      PAYRAIL_RATE_LIMIT_TOKEN_WINDOW_SECONDS: '300',
      PAYRAIL_RATE_LIMIT_CALLS_PER_KEY: '1000',
      PAYRAIL_RATE_LIMIT_CALLS_WINDOW_SECONDS: '10',
    });
    expect(tuned.rateLimits).toEqual({
      tokenPerIp: { max: 5, windowSeconds: 300 },
      tokenPerClient: { max: 4, windowSeconds: 300 },
      callsPerKey: { max: 1000, windowSeconds: 10 },
    });
    expect(() => loadConfig({ PAYRAIL_RATE_LIMIT_CALLS_PER_KEY: '0' })).toThrow('PAYRAIL_RATE_LIMIT_CALLS_PER_KEY');
  });
});
