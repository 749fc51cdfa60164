import { SignJWT } from 'jose';
import { createApiKey, disableApiKey, setAllowedIps } from '../../src/domain/developers/keys/api-keys';
import { setAccountStatus } from '../../src/domain/onboarding/accounts/service';
import { Permission } from '../../src/platform/auth/permissions';
import { startTestApp, TEST_SIGNING_KEY, type TestApp } from '../support/app';
import { registerProbeRoutes } from '../support/probe-routes';
import { makeMaster, tokenFor, type Tenant } from '../support/tenants';

let t: TestApp;
let master: Tenant;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ extraRestModules: [registerProbeRoutes] });
  master = await makeMaster(t.services, { name: 'Matrix' });
  token = await tokenFor(t, master);
});
afterAll(() => t.close());

const AC_GET = '/api/v1/accounts';
const ISS_GET = '/api/v1/issuing/probe/whoami';
const GQL = '{ viewer { id } }';

const get = (url: string, headers: Record<string, string>) => t.inject({ method: 'GET', url, headers });
const gql = (headers: Record<string, string>) =>
  t.inject({ method: 'POST', url: '/graphql', payload: { query: GQL }, headers: { 'content-type': 'application/json', ...headers } });
const gqlError = async (headers: Record<string, string>) => {
  const res = await gql(headers);
  const body = res.json() as { errors?: { extensions: Record<string, unknown>; message: string }[] };
  expect(body.errors).toHaveLength(1);
  return body.errors![0]!;
};

async function forged(claims: Record<string, unknown>, key: Uint8Array = TEST_SIGNING_KEY, expSeconds = 600): Promise<string> {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  return new SignJWT({ jti: 'j', ...claims }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + expSeconds).sign(key);
}

describe('the token header form (spec 5.2)', () => {
  it('accepts the raw token and exactly "Bearer <token>"', async () => {
    expect((await get(AC_GET, { 'x-auth-token': token })).statusCode).toBe(200);
    expect((await get(AC_GET, { 'x-auth-token': `Bearer ${token}` })).statusCode).toBe(200);
    expect((await get(ISS_GET, { 'x-auth-token': token })).statusCode).toBe(200);
  });

  it.each([['bearer lower'], ['Bearer  two-spaces'], ['Bearer'], ['BearerX'], ['Bearer a b']])(
    'answers 401 {error:"Invalid authorization header"} for %p in every family',
    async (value) => {
      const v = value.replace('lower', token).replace('two-spaces', token);
      for (const url of [AC_GET, ISS_GET]) {
        const res = await get(url, { 'x-auth-token': v });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Invalid authorization header' });
      }
      const err = await gqlError({ 'x-auth-token': v });
      expect(err.extensions).toMatchObject({ code: 'invalid_authorization_header', httpStatus: 401 });
    },
  );
});

describe('missing, forged, expired and unresolvable tokens (spec 5.4, 7.1, 7.2)', () => {
  const cases: [string, () => Promise<Record<string, string>>, { ac: [number, unknown]; iss: [number, unknown]; gql: string }][] = [
    ['missing', async () => ({}), {
      ac: [403, { code: 403, message: 'Authorization error' }],
      iss: [401, { type: 'unauthorized_error', code: 'unauthorized_error', message: 'Access token is required' }],
      gql: 'authorization_error',
    }],
    ['malformed', async () => ({ 'x-auth-token': 'not-a-jwt' }), {
      ac: [403, { code: 403, message: 'Authorization error' }],
      iss: [401, { type: 'unauthorized_error', code: 'unauthorized_error', message: 'Invalid access token' }],
      gql: 'authorization_error',
    }],
    ['signed with another key', async () => ({ 'x-auth-token': await forged({ entity_id: master.account.id, client_id: master.clientId }, new Uint8Array(32)) }), {
      ac: [403, { code: 403, message: 'Authorization error' }],
      iss: [401, { type: 'unauthorized_error', code: 'unauthorized_error', message: 'Invalid access token' }],
      gql: 'authorization_error',
    }],
    ['expired', async () => ({ 'x-auth-token': await forged({ entity_id: master.account.id, client_id: master.clientId }, TEST_SIGNING_KEY, -5) }), {
      ac: [403, { code: 403, message: 'Authorization error' }],
      iss: [401, { type: 'unauthorized_error', code: 'unauthorized_error', message: 'Token expired' }],
      gql: 'token_expired',
    }],
    ['resolving to no entity', async () => ({ 'x-auth-token': await forged({ entity_id: '00000000-0000-4000-8000-000000000000', client_id: master.clientId }) }), {
      ac: [400, { code: 400, message: 'access token err' }],
      iss: [400, { type: 'account_error', code: 'account_not_found', message: 'account not found or deactivated' }],
      gql: 'access_token_err',
    }],
  ];

  it.each(cases)('a token %s is refused in each family', async (_name, headers, expected) => {
    const h = await headers();
    const ac = await get(AC_GET, h);
    expect([ac.statusCode, ac.json()]).toEqual(expected.ac);
    const iss = await get(ISS_GET, h);
    expect([iss.statusCode, iss.json()]).toEqual(expected.iss);
    const err = await gqlError(h);
    expect(err.extensions.code).toBe(expected.gql);
    expect(err.extensions.httpStatus).toBe(expected.ac[0]);
  });

  it('revokes the tokens of a disabled key and refuses an entity that is no longer active', async () => {
    const a = await makeMaster(t.services, { name: 'Revoked' });
    const tok = await tokenFor(t, a);
    await disableApiKey(t.services, a.clientId);
    expect((await get(AC_GET, { 'x-auth-token': tok })).json()).toEqual({ code: 403, message: 'Authorization error' });
    const b = await makeMaster(t.services, { name: 'Closed' });
    const tokB = await tokenFor(t, b);
    await setAccountStatus(t.services, b.account.id, 'CLOSED');
    expect((await get(AC_GET, { 'x-auth-token': tokB })).json()).toEqual({ code: 400, message: 'access token err' });
  });
});

describe('x-client-id (spec 5.3)', () => {
  const PAY = '/api/v2/probe/payments';
  const post = (headers: Record<string, string>) =>
    t.inject({ method: 'POST', url: PAY, payload: { name: 'x' }, headers: { 'x-auth-token': token, ...headers } });

  it('is required on the payment endpoints: 403 "x-client-id or email cannot be empty"', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, message: 'x-client-id or email cannot be empty' });
  });

  it('must equal the client the token was issued to', async () => {
    expect((await post({ 'x-client-id': 'someone-else' })).json()).toEqual({ code: 403, message: 'x-client-id or email cannot be empty' });
    expect((await post({ 'x-client-id': master.clientId })).statusCode).toBe(200);
  });

  it('is refused when sent with another value on an issuance route', async () => {
    const res = await get(ISS_GET, { 'x-auth-token': token, 'x-client-id': 'someone-else' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ type: 'unauthorized_error', code: 'unauthorized_error' });
  });
});

describe('IP allow-list (spec 5.5)', () => {
  it('refuses tokens from an address off the list: 400 IP not allowed / envelope A', async () => {
    const a = await makeMaster(t.services, { name: 'IP' });
    const tok = await tokenFor(t, a);
    await setAllowedIps(t.services, a.clientId, ['192.0.2.0/24']);
    expect((await get(AC_GET, { 'x-auth-token': tok })).json()).toEqual({ code: 400, message: 'IP not allowed' });
    const iss = await get(ISS_GET, { 'x-auth-token': tok });
    expect([iss.statusCode, iss.json()]).toEqual([401, { type: 'unauthorized_error', code: 'unauthorized_error', message: 'IP not allowed' }]);
    expect((await gqlError({ 'x-auth-token': tok })).extensions.code).toBe('ip_not_allowed');
    await setAllowedIps(t.services, a.clientId, ['127.0.0.0/8', '::1/128']);
    expect((await get(AC_GET, { 'x-auth-token': tok })).statusCode).toBe(200);
  });
});

describe('permissions (spec 5.7)', () => {
  it('answers 403 forbidden (envelope A) without the sensitive-details permission, 200 with it', async () => {
    const res = await get('/api/v1/issuing/probe/secure', { 'x-auth-token': token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ type: 'unauthorized_error', code: 'forbidden', message: 'API key lacks permission' });
    const key = await createApiKey(t.services, { accountId: master.account.id, permissions: [Permission.SensitiveCardDetails] });
    const tok = await tokenFor(t, key);
    expect((await get('/api/v1/issuing/probe/secure', { 'x-auth-token': tok })).statusCode).toBe(200);
  });
});

describe('GraphQL accepts Authorization: Bearer as well as x-auth-token', () => {
  it('answers viewer with either header', async () => {
    const forms: Record<string, string>[] = [{ 'x-auth-token': token }, { authorization: `Bearer ${token}` }];
    for (const h of forms) {
      const res = await gql(h);
      expect(res.json()).toMatchObject({ data: { viewer: { id: master.account.id } } });
    }
  });
});

describe('X-Forwarded-For is trusted only when configured (PAYRAIL_TRUST_PROXY)', () => {
  it('ignores the header by default and uses it behind a configured proxy', async () => {
    const a = await makeMaster(t.services, { name: 'Proxied' });
    await setAllowedIps(t.services, a.clientId, ['203.0.113.0/24']);
    const body = { client_id: a.clientId, api_key: a.apiKey };
    const spoofed = await t.inject({ method: 'POST', url: '/api/v1/connect/token', payload: body, headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(spoofed.json()).toEqual({ code: 400, message: 'IP not allowed' });
    const proxied = await startTestApp({ config: { ...t.services.config, trustProxy: { hops: 1 } }, database: { url: t.url }, clock: t.clock });
    try {
      const res = await proxied.inject({ method: 'POST', url: '/api/v1/connect/token', payload: body, headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(res.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
