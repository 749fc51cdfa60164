import { decodeJwt } from 'jose';
import { createApiKey, disableApiKey, setAllowedIps } from '../../src/domain/developers/keys/api-keys';
import { setAccountStatus } from '../../src/domain/onboarding/accounts/service';
import { startTestApp, type TestApp } from '../support/app';
import { auth, makeMaster, makeSub, type Tenant } from '../support/tenants';

let t: TestApp;
let master: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Acme', businessTypes: ['ISSUING', 'BANKING'] });
});
afterAll(() => t.close());

const token = (payload: unknown, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: '/api/v1/connect/token', payload: payload as string, headers });

describe('POST /v1/connect/token credential forms (spec 4.15, catalogue 4)', () => {
  it('accepts a JSON body and answers {auth_token, expired_at}', async () => {
    const res = await token({ client_id: master.clientId, api_key: master.apiKey });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { auth_token: string; expired_at: number };
    expect(Object.keys(body).sort()).toEqual(['auth_token', 'expired_at']);
    expect(body.expired_at).toBe(Math.floor(t.clock.now().getTime() / 1000) + t.services.config.tokenTtlSeconds);
  });

  it('accepts a form body', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/connect/token',
      payload: `client_id=${encodeURIComponent(master.clientId)}&api_key=${encodeURIComponent(master.apiKey)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().auth_token).toBe('string');
  });

  it('accepts x-client-id / x-api-key headers with an empty JSON body, as the reference SDK sends', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/connect/token',
      headers: { 'content-type': 'application/json', 'x-client-id': master.clientId, 'x-api-key': master.apiKey },
    });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().auth_token).toBe('string');
  });

  it('signs a JWT carrying the claims ref clients read', async () => {
    const res = await token({ client_id: master.clientId, api_key: master.apiKey });
    const claims = decodeJwt(res.json().auth_token as string);
    expect(claims).toMatchObject({
      entity_id: master.account.id,
      short_entity_id: master.account.shortReferenceId,
      parent_entity_id: '0',
      client_id: master.clientId,
      api_version: 'V1.0',
      bus_type: 'ISSUING',
    });
    expect(typeof claims.jti).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(t.services.config.tokenTtlSeconds);
  });

  it("gives a sub-account's token its master as parent_entity_id", async () => {
    const sub = await makeSub(t.services, master, 'Sub with key');
    const key = await createApiKey(t.services, { accountId: sub.id });
    const res = await token({ client_id: key.clientId, api_key: key.apiKey });
    expect(decodeJwt(res.json().auth_token as string)).toMatchObject({ entity_id: sub.id, parent_entity_id: master.account.id });
  });
});

describe('token errors (spec 7.1, all flat 400)', () => {
  const expect400 = async (res: Awaited<ReturnType<typeof token>>, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  };

  it('Request parameters invalid when client_id or api_key is empty', async () => {
    await expect400(await token({ client_id: '', api_key: 'x' }), 'Request parameters invalid');
    await expect400(await token({ client_id: master.clientId }), 'Request parameters invalid');
    await expect400(await t.inject({ method: 'POST', url: '/api/v1/connect/token' }), 'Request parameters invalid');
  });

  it('Invalid client id for an unknown client_id', async () => {
    await expect400(await token({ client_id: 'nobody-here', api_key: master.apiKey }), 'Invalid client id');
  });

  it('Invalid api key for a wrong secret', async () => {
    await expect400(await token({ client_id: master.clientId, api_key: 'wrong-secret-value' }), 'Invalid api key');
  });

  it('Api key expired once the key passes its expiry on the clock', async () => {
    const key = await createApiKey(t.services, { accountId: master.account.id, expiresAt: new Date(t.clock.now().getTime() + 60_000) });
    expect((await token({ client_id: key.clientId, api_key: key.apiKey })).statusCode).toBe(200);
    t.clock.advance(61);
    await expect400(await token({ client_id: key.clientId, api_key: key.apiKey }), 'Api key expired');
  });

  it('Entity config not exist when the entity has no access profile', async () => {
    const other = await makeMaster(t.services, { name: 'No profile' });
    await t.db.prisma.accessProfile.delete({ where: { accountId: other.account.id } });
    await expect400(await token({ client_id: other.clientId, api_key: other.apiKey }), 'Entity config not exist');
  });

  it('Api trading status error when the key is disabled or the entity is not active', async () => {
    const a = await makeMaster(t.services, { name: 'Disabled key' });
    await disableApiKey(t.services, a.clientId);
    await expect400(await token({ client_id: a.clientId, api_key: a.apiKey }), 'Api trading status error');
    const b = await makeMaster(t.services, { name: 'Inactive entity' });
    await setAccountStatus(t.services, b.account.id, 'INACTIVE');
    await expect400(await token({ client_id: b.clientId, api_key: b.apiKey }), 'Api trading status error');
  });

  it('IP not allowed when the caller is not on the allow-list', async () => {
    const a = await makeMaster(t.services, { name: 'Allow-listed' });
    await setAllowedIps(t.services, a.clientId, ['10.0.0.0/8']);
    await expect400(await token({ client_id: a.clientId, api_key: a.apiKey }), 'IP not allowed');
    await setAllowedIps(t.services, a.clientId, ['127.0.0.1/32']);
    expect((await token({ client_id: a.clientId, api_key: a.apiKey })).statusCode).toBe(200);
  });
});

describe('token lifetime through the clock', () => {
  it('authenticates until expired_at, then answers 403 Authorization error', async () => {
    const res = await token({ client_id: master.clientId, api_key: master.apiKey });
    const { auth_token: tok, expired_at: exp } = res.json() as { auth_token: string; expired_at: number };
    t.clock.set(new Date((exp - 1) * 1000));
    expect((await t.inject({ method: 'GET', url: '/api/v1/accounts', headers: auth(tok) })).statusCode).toBe(200);
    t.clock.set(new Date((exp + 1) * 1000));
    const late = await t.inject({ method: 'GET', url: '/api/v1/accounts', headers: auth(tok) });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ code: 403, message: 'Authorization error' });
  });
});

describe('issued credentials', () => {
  it('are letters and digits only — 43 for the api_key (256 bits) — so no command line takes one for an option', async () => {
    // One after another: 64 interactive transactions at once queue for the pool's connections, and on
    // a loaded machine some outwait Prisma's 2 s to start one; the concurrency proves nothing here.
    const keys = [];
    for (let i = 0; i < 64; i++) keys.push(await createApiKey(t.services, { accountId: master.account.id }));
    for (const k of keys) {
      expect(k.apiKey).toMatch(/^[A-Za-z0-9]{43}$/);
      expect(k.clientId).toMatch(/^[A-Za-z0-9]{20}$/);
    }
  });
});
