import * as openpgp from 'openpgp';
import { openText, sealedKeyId } from '../../src/platform/sealing/seal';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { AuthDecisionConfigDocument, ConfigureAuthDecisionDocument } from '../support/graphql.generated';
import { makeMaster, makeSub } from '../support/tenants';
import { customerKeyPair, type KeyPair } from './customer';

/** Issue 11, "Configuration": POST and GET /v1/issuing/auth_decision and their GraphQL twins. */
let t: TestApp;
let keys: KeyPair;

beforeAll(async () => {
  [t, keys] = await Promise.all([startTestApp(), customerKeyPair()]);
});
afterAll(() => t.close());

const URL_OK = 'https://decisions.customer.test/hook';
const invalid = (message: string) => ({ type: 'invalid_request_error', code: 'invalid_request_error', message });

async function master(): Promise<{ c: Client; id: string; tenant: Awaited<ReturnType<typeof makeMaster>> }> {
  const tenant = await makeMaster(t.services, { name: 'Decisions' });
  return { c: await clientOf(t, tenant), id: tenant.account.id, tenant };
}

describe('POST /v1/issuing/auth_decision', () => {
  it("stores the configuration and answers it with payrail's armored public key, which can encrypt", async () => {
    const { c } = await master();
    const res = await c.post('/v1/issuing/auth_decision', { url: URL_OK, public_key: keys.publicKey, timeout_strategy: 'DELEGATE' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      url: URL_OK,
      public_key: keys.publicKey.trim(),
      timeout_strategy: 'DELEGATE',
      enabled: true,
      payrail_public_key: expect.stringMatching(/^-----BEGIN PGP PUBLIC KEY BLOCK-----/),
      update_time: expect.any(String),
    });
    const payrailKey = await openpgp.readKey({ armoredKey: res.body.payrail_public_key as string });
    expect(payrailKey.isPrivate()).toBe(false);
    await expect(payrailKey.getEncryptionKey()).resolves.toBeDefined();
    expect((await c.get('/v1/issuing/auth_decision')).body).toEqual(res.body);
  });

  it.each([
    [{ public_key: 'K', timeout_strategy: 'DECLINE' }, "Field 'url' is required"],
    [{ url: URL_OK, timeout_strategy: 'DECLINE' }, "Field 'public_key' is required"],
    [{ url: URL_OK, public_key: 'K' }, "Field 'timeout_strategy' is required"],
    [{ url: 'ftp://decisions.customer.test/', public_key: 'K', timeout_strategy: 'DECLINE' }, "Invalid value for field 'url': must be an http or https URL without credentials"],
    [{ url: 'not a url', public_key: 'K', timeout_strategy: 'DECLINE' }, "Invalid value for field 'url': must be an http or https URL without credentials"],
    [{ url: 42, public_key: 'K', timeout_strategy: 'DECLINE' }, "Invalid type for field 'url'"],
    [{ url: URL_OK, public_key: 'K', timeout_strategy: 'SOMETIMES' }, expect.stringMatching(/^Invalid value for field 'timeout_strategy': /)],
    [{ url: URL_OK, public_key: 'not a key', timeout_strategy: 'DECLINE' }, "Invalid value for field 'public_key': not an armored PGP public key"],
    [{ url: URL_OK, public_key: 'K', timeout_strategy: 'DECLINE', enabled: 'no' }, "Invalid type for field 'enabled'"],
  ])('refuses %j with a message naming the field, and stores nothing', async (body, message) => {
    const { c } = await master();
    const res = await c.post('/v1/issuing/auth_decision', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(message as string));
    expect((await c.get('/v1/issuing/auth_decision')).body.enabled).toBe(false);
  });

  it('refuses a private key pasted as public_key, and a key that cannot encrypt', async () => {
    const { c } = await master();
    const asPrivate = await c.post('/v1/issuing/auth_decision', { url: URL_OK, public_key: keys.privateKey, timeout_strategy: 'DECLINE' });
    expect(asPrivate.body).toEqual(invalid("Invalid value for field 'public_key': not an armored PGP public key"));
    // A primary key alone (no encryption subkey): sign-only.
    const signOnly = await openpgp.generateKey({ type: 'ecc', userIDs: [{ name: 'Sign only' }], subkeys: [], format: 'object' });
    const armored = signOnly.publicKey.armor();
    const res = await c.post('/v1/issuing/auth_decision', { url: URL_OK, public_key: armored, timeout_strategy: 'DECLINE' });
    expect(res.body).toEqual(invalid("Invalid value for field 'public_key': has no key usable for encryption"));
  });

  it('{"enabled": false} turns a stored configuration off and keeps it; posting it again turns it on', async () => {
    const { c } = await master();
    await c.post('/v1/issuing/auth_decision', { url: URL_OK, public_key: keys.publicKey, timeout_strategy: 'DECLINE' });
    const off = await c.post('/v1/issuing/auth_decision', { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ url: URL_OK, timeout_strategy: 'DECLINE', enabled: false });
    const on = await c.post('/v1/issuing/auth_decision', { url: URL_OK, public_key: keys.publicKey, timeout_strategy: 'DELEGATE' });
    expect(on.body).toMatchObject({ timeout_strategy: 'DELEGATE', enabled: true });
  });
});

describe('GET /v1/issuing/auth_decision', () => {
  it("answers an account that never configured with enabled false and payrail's key", async () => {
    const { c } = await master();
    const res = await c.get('/v1/issuing/auth_decision');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: null, public_key: null, timeout_strategy: null, enabled: false, payrail_public_key: expect.stringMatching(/^-----BEGIN PGP PUBLIC KEY BLOCK-----/), update_time: null });
  });

  it("keeps one key pair per tree: a sub-account shares its master's key, another tree has its own; the private key is stored sealed", async () => {
    const a = await master();
    const b = await master();
    const sub = await makeSub(t.services, a.tenant, 'Decisions sub');
    // Concurrent first uses in one tree agree on one key (race-safe generation).
    const [k1, k2, k3] = await Promise.all([a.c.get('/v1/issuing/auth_decision'), a.c.as(sub.id).get('/v1/issuing/auth_decision'), a.c.get('/v1/issuing/auth_decision')]);
    expect(k2.body.payrail_public_key).toBe(k1.body.payrail_public_key);
    expect(k3.body.payrail_public_key).toBe(k1.body.payrail_public_key);
    const kb = await b.c.get('/v1/issuing/auth_decision');
    expect(kb.body.payrail_public_key).not.toBe(k1.body.payrail_public_key);
    const rows = await t.db.prisma.authDecisionKey.findMany({ where: { rootAccountId: { in: [a.id, b.id, sub.id] } } });
    expect(rows.map((r) => r.rootAccountId).sort()).toEqual([a.id, b.id].sort());
    for (const r of rows) {
      // Sealed means the stored text has the sealed format (all parts base64url, so no armor can hide in it)
      // and opens, with the deployment's key and for this tree only, to the armored private key.
      expect(r.privateKeySealed).toMatch(/^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]{22}$/);
      expect(sealedKeyId(r.privateKeySealed)).toBe(t.services.cardDataKeys.currentKeyId);
      const opened = openText(t.services.cardDataKeys, 'auth-decisions/private-key', r.rootAccountId, r.privateKeySealed);
      expect(opened).toMatch(/^-----BEGIN PGP PRIVATE KEY BLOCK-----/);
      expect(() => openText(t.services.cardDataKeys, 'auth-decisions/private-key', sub.id, r.privateKeySealed)).toThrow();
    }
  });

  it('scopes the configuration to the acting account: a sub-account (x-on-behalf-of) has its own, another tenant sees none', async () => {
    const a = await master();
    const b = await master();
    const sub = await makeSub(t.services, a.tenant, 'Decisions sub 2');
    await a.c.as(sub.id).post('/v1/issuing/auth_decision', { url: URL_OK, public_key: keys.publicKey, timeout_strategy: 'DECLINE' });
    expect((await a.c.as(sub.id).get('/v1/issuing/auth_decision')).body).toMatchObject({ enabled: true, url: URL_OK });
    expect((await a.c.get('/v1/issuing/auth_decision')).body).toMatchObject({ enabled: false, url: null });
    expect((await b.c.get('/v1/issuing/auth_decision')).body).toMatchObject({ enabled: false, url: null });
    // Another tenant cannot act for the sub-account at all.
    const foreign = await b.c.as(sub.id).get('/v1/issuing/auth_decision');
    expect([foreign.status, foreign.body]).toEqual([
      400,
      { type: 'account_error', code: 'sub_account_not_found', message: 'sub-account associated with the on-behalf-of not found or deactivated' },
    ]);
  });
});

describe('GraphQL authDecisionConfig / configureAuthDecision', () => {
  it('configures and reads through the same services, naming GraphQL fields in errors', async () => {
    const { c } = await master();
    const done = await c.gql(ConfigureAuthDecisionDocument, { input: { url: URL_OK, publicKey: keys.publicKey, timeoutStrategy: 'DECLINE' } });
    expect(done.errors).toBeUndefined();
    expect(done.data!.configureAuthDecision.authDecisionConfig!).toMatchObject({ url: URL_OK, timeoutStrategy: 'DECLINE', enabled: true });
    const read = await c.gql(AuthDecisionConfigDocument, {});
    expect(read.data!.authDecisionConfig).toEqual(done.data!.configureAuthDecision.authDecisionConfig!);
    expect((await c.get('/v1/issuing/auth_decision')).body.payrail_public_key).toBe(read.data!.authDecisionConfig.payrailPublicKey);

    const bad = await c.gql(ConfigureAuthDecisionDocument, { input: { url: URL_OK, publicKey: 'nope', timeoutStrategy: 'DECLINE' } });
    expect(bad.data!.configureAuthDecision.userErrors[0]!.message).toBe("Invalid value for field 'publicKey': not an armored PGP public key");
    const off = await c.gql(ConfigureAuthDecisionDocument, { input: { enabled: false } });
    expect(off.data!.configureAuthDecision.authDecisionConfig!.enabled).toBe(false);
  });
});
