import { randomUUID } from 'node:crypto';
import { Permission } from '../../../src/platform/auth/permissions';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type GraphQLReply, type Json } from '../../support/client';
import { makeMaster, type Tenant } from '../../support/tenants';

/**
 * API keys over GraphQL: list, create (the secret once), disable and rotate, each behind the key's
 * developers.api_keys.manage permission (docs/graphql.md "API keys").
 */

let t: TestApp;
let manager: Client;
let plain: Client;
let other: Client;

const KEY = 'id clientId secretLast4 status permissions allowedIps expiresAt createdAt updatedAt';
const LIST = `{ apiKeys(first: 100) { totalCount nodes { ${KEY} } } }`;
const CREATE = `mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { apiKey { ${KEY} } secret userErrors { field message ... on ApiKeysUserError { code } } } }`;
const DISABLE = `mutation ($id: ID!) { disableApiKey(input: { id: $id }) { apiKey { ${KEY} } userErrors { field message ... on ApiKeysUserError { code } } } }`;
const ROTATE = `mutation ($id: ID!) { rotateApiKey(input: { id: $id }) { apiKey { ${KEY} } secret userErrors { field message ... on ApiKeysUserError { code } } } }`;

const gql = (c: Client, query: string, variables: Json = {}, key?: string): Promise<GraphQLReply<Json>> => c.gql<Json, Json>(query, variables, key ? { key } : {});
const codes = (r: GraphQLReply<Json>) => r.errors?.map((e) => e.extensions.code);

let tenant: Tenant;
beforeAll(async () => {
  t = await startTestApp();
  tenant = await makeMaster(t.services, { name: 'Keys', permissions: [Permission.ManageApiKeys, Permission.SensitiveCardDetails] });
  manager = await clientOf(t, tenant);
  // The same account's first key, without the permission.
  plain = await clientOf(t, await makeMaster(t.services, { name: 'Plain' }));
  other = await clientOf(t, await makeMaster(t.services, { name: 'Other', permissions: [Permission.ManageApiKeys] }));
}, 60_000);
afterAll(() => t.close());

const created = async (input: Json = {}): Promise<{ key: Json; secret: string }> => {
  const r = await gql(manager, CREATE, { input });
  expect([r.errors, r.data!.createApiKey.userErrors]).toEqual([undefined, []]);
  return { key: r.data!.createApiKey.apiKey as Json, secret: r.data!.createApiKey.secret as string };
};
/** Whether a client's token is still honoured: an ordinary query answers, or authentication refuses it. */
const answers = async (c: Client): Promise<boolean> => (await gql(c, '{ balance(currency: "USD") { availableBalance } }')).errors === undefined;
const tokenWorks = async (clientId: string, apiKey: string): Promise<number> =>
  (await t.inject({ method: 'POST', url: '/api/v1/connect/token', payload: { client_id: clientId, api_key: apiKey } })).statusCode;

describe('the permission', () => {
  it('a key without developers.api_keys.manage gets the top-level forbidden error on every operation', async () => {
    const id = randomUUID();
    for (const [query, vars] of [[LIST, {}], [CREATE, { input: {} }], [DISABLE, { id }], [ROTATE, { id }]] as const) {
      const r = await gql(plain, query, vars);
      expect([r.data ?? null, codes(r), r.errors?.[0]?.message]).toEqual([null, ['forbidden'], 'API key lacks permission developers.api_keys.manage']);
    }
  });

  it('a key grants only permissions it holds: asking for another is forbidden, top-level', async () => {
    const r = await gql(other, CREATE, { input: { permissions: ['ISSUING_CARDS_READ_SENSITIVE'] } });
    expect([r.data ?? null, codes(r), r.errors?.[0]?.message]).toEqual([null, ['forbidden'], 'API key lacks permission issuing.cards.read_sensitive']);
  });
});

describe('create and list', () => {
  it('answers the key and its secret once; the secret exchanges for a token; the list shows the key without it', async () => {
    const { key, secret } = await created({ permissions: ['ISSUING_CARDS_READ_SENSITIVE'], allowedIps: ['0.0.0.0/0'], expiresAt: '2031-01-01T00:00:00.000Z' });
    expect(key).toMatchObject({ status: 'ACTIVE', permissions: ['ISSUING_CARDS_READ_SENSITIVE'], allowedIps: ['0.0.0.0/0'], expiresAt: '2031-01-01T00:00:00.000Z', secretLast4: secret.slice(-4) });
    expect(secret).toMatch(/^[A-Za-z0-9]{43}$/);
    expect(await tokenWorks(key.clientId as string, secret)).toBe(200);

    const list = await gql(manager, LIST);
    expect(list.errors).toBeUndefined();
    const nodes = list.data!.apiKeys.nodes as Json[];
    // The tests' clock stands still, so keys made together share createdAt: newest first, then id descending.
    expect(nodes.find((n) => n.id === key.id)).toEqual(key);
    const order = nodes.map((n) => `${String(n.createdAt)} ${String(n.id)}`);
    expect(order).toEqual([...order].sort().reverse());
    expect(nodes.map((n) => n.clientId)).toContain(tenant.clientId);
    expect(JSON.stringify(list.data)).not.toContain(secret);
  });

  it('a replay answers the same key, its secret null', async () => {
    const idem = randomUUID();
    const first = await gql(manager, CREATE, { input: {} }, idem);
    const again = await gql(manager, CREATE, { input: {} }, idem);
    expect(first.data!.createApiKey.secret).toEqual(expect.any(String));
    expect(again.data).toEqual({ createApiKey: { ...first.data!.createApiKey, secret: null } });
  });

  it('every invalid field is a userError, nothing made', async () => {
    const before = (await gql(manager, LIST)).data!.apiKeys.totalCount;
    const r = await gql(manager, CREATE, { input: { allowedIps: ['10.0.0.0/8', 'not an address'] } });
    expect(r.data!.createApiKey).toEqual({
      apiKey: null,
      secret: null,
      userErrors: [{ field: ['input', 'allowedIps', '1'], message: expect.any(String), code: 'VALIDATION_FAILED' }],
    });
    expect((await gql(manager, LIST)).data!.apiKeys.totalCount).toBe(before);
  });
});

describe('disable and rotate', () => {
  it('disable: the key no longer exchanges, its token is refused at once, and disabling again answers it unchanged', async () => {
    const { key, secret } = await created();
    const user = await clientOf(t, { clientId: key.clientId as string, apiKey: secret });
    expect(await answers(user)).toBe(true);
    const r = await gql(manager, DISABLE, { id: key.id });
    expect(r.data!.disableApiKey).toEqual({ apiKey: { ...key, status: 'DISABLED', updatedAt: expect.any(String) }, userErrors: [] });
    expect(await tokenWorks(key.clientId as string, secret)).not.toBe(200);
    expect(await answers(user)).toBe(false);
    const again = await gql(manager, DISABLE, { id: key.id });
    expect(again.data!.disableApiKey).toEqual(r.data!.disableApiKey);
  });

  it('rotate: a new key with the same settings and a new secret, the old one disabled; a disabled key is not rotated again', async () => {
    const { key: old, secret: oldSecret } = await created({ permissions: ['ISSUING_CARDS_READ_SENSITIVE'], allowedIps: ['0.0.0.0/0'] });
    const oldUser = await clientOf(t, { clientId: old.clientId as string, apiKey: oldSecret });
    const r = await gql(manager, ROTATE, { id: old.id });
    expect(r.errors).toBeUndefined();
    const { apiKey: fresh, secret, userErrors } = r.data!.rotateApiKey as { apiKey: Json; secret: string; userErrors: Json[] };
    expect(userErrors).toEqual([]);
    expect(fresh).toMatchObject({ status: 'ACTIVE', permissions: old.permissions, allowedIps: old.allowedIps, expiresAt: old.expiresAt, secretLast4: secret.slice(-4) });
    expect([fresh.id === old.id, fresh.clientId === old.clientId, secret === oldSecret]).toEqual([false, false, false]);
    expect(await tokenWorks(fresh.clientId as string, secret)).toBe(200);
    expect(await tokenWorks(old.clientId as string, oldSecret)).not.toBe(200);
    expect(await answers(oldUser)).toBe(false);

    const nodes = (await gql(manager, LIST)).data!.apiKeys.nodes as Json[];
    expect(nodes.find((n) => n.id === old.id)!.status).toBe('DISABLED');
    const again = await gql(manager, ROTATE, { id: old.id });
    expect(again.data!.rotateApiKey).toEqual({ apiKey: null, secret: null, userErrors: [{ field: ['input', 'id'], message: 'api key is disabled', code: 'API_KEY_DISABLED' }] });
  });

  it("another tenant's key, a malformed and an unknown id answer alike: api key not found", async () => {
    const { key } = await created();
    const notFound = { apiKey: null, userErrors: [{ field: null, message: 'api key not found', code: 'API_KEY_NOT_FOUND' }] };
    for (const id of [key.id, 'not-a-uuid', randomUUID()]) {
      const c = id === key.id ? other : manager;
      expect((await gql(c, DISABLE, { id })).data!.disableApiKey).toEqual(notFound);
      expect((await gql(c, ROTATE, { id })).data!.rotateApiKey).toEqual({ ...notFound, secret: null });
    }
    const mine = (await gql(manager, LIST)).data!.apiKeys.nodes as Json[];
    expect(mine.find((n) => n.id === key.id)!.status).toBe('ACTIVE');
  });
});
