import { createApiKey } from '../../src/domain/accounts/api-keys';
import { setAccountStatus, type Account } from '../../src/domain/accounts/service';
import { startTestApp, type TestApp } from '../support/app';
import { registerProbeRoutes } from '../support/probe-routes';
import { auth, makeMaster, makeSub, tokenFor, type Tenant } from '../support/tenants';

let t: TestApp;
let alpha: Tenant;
let beta: Tenant;
let alphaSub1: Account;
let alphaSub2: Account;
let betaSub: Account;
let alphaToken: string;
let betaToken: string;

beforeAll(async () => {
  t = await startTestApp({ extraRestModules: [registerProbeRoutes] });
  alpha = await makeMaster(t.services, { name: 'Alpha' });
  beta = await makeMaster(t.services, { name: 'Beta' });
  alphaSub1 = await makeSub(t.services, alpha, 'Alpha One');
  alphaSub2 = await makeSub(t.services, alpha, 'Alpha Two');
  betaSub = await makeSub(t.services, beta, 'Beta One');
  alphaToken = await tokenFor(t, alpha);
  betaToken = await tokenFor(t, beta);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.inject({ method: 'GET', url, headers });
const viewer = async (headers: Record<string, string>) =>
  (await t.inject({ method: 'POST', url: '/graphql', payload: { query: '{ viewer { id name } }' }, headers })).json() as {
    data: { viewer: { id: string; name: string } | null } | null;
    errors?: { extensions: { code: string } }[];
  };

describe('x-on-behalf-of (spec 4.0, 5.6)', () => {
  it('lets a master act for its own sub-account, on both doors', async () => {
    const res = await get('/api/v1/issuing/probe/whoami', auth(alphaToken, { 'x-on-behalf-of': alphaSub1.id }));
    expect(res.json()).toEqual({ account_id: alphaSub1.id });
    expect((await viewer(auth(alphaToken, { 'x-on-behalf-of': alphaSub2.id }))).data?.viewer).toEqual({ id: alphaSub2.id, name: 'Alpha Two' });
  });

  it('means the master itself when empty or absent', async () => {
    expect((await get('/api/v1/issuing/probe/whoami', auth(alphaToken, { 'x-on-behalf-of': '' }))).json()).toEqual({ account_id: alpha.account.id });
    expect((await viewer(auth(alphaToken))).data?.viewer?.id).toBe(alpha.account.id);
  });

  it.each([
    ["another tenant's sub-account", () => betaSub.id],
    ['another master', () => beta.account.id],
    ['the caller itself', () => alpha.account.id],
    ['an unknown id', () => '00000000-0000-4000-8000-000000000001'],
    ['a malformed id', () => "1' OR '1'='1"],
  ])('refuses %s: account-center 400 "x-on-behalf-of value err", issuance sub_account_not_found', async (_n, id) => {
    const ac = await get('/api/v1/accounts', auth(alphaToken, { 'x-on-behalf-of': id() }));
    expect([ac.statusCode, ac.json()]).toEqual([400, { code: 400, message: 'x-on-behalf-of value err' }]);
    const iss = await get('/api/v1/issuing/probe/whoami', auth(alphaToken, { 'x-on-behalf-of': id() }));
    expect([iss.statusCode, iss.json()]).toEqual([
      400,
      { type: 'account_error', code: 'sub_account_not_found', message: 'sub-account associated with the on-behalf-of not found or deactivated' },
    ]);
    expect((await viewer(auth(alphaToken, { 'x-on-behalf-of': id() }))).errors?.[0]?.extensions.code).toBe('on_behalf_of_invalid');
  });

  it('refuses a closed sub-account', async () => {
    const closing = await makeSub(t.services, alpha, 'Closing');
    await setAccountStatus(t.services, closing.id, 'CLOSED');
    expect((await get('/api/v1/accounts', auth(alphaToken, { 'x-on-behalf-of': closing.id }))).json()).toEqual({ code: 400, message: 'x-on-behalf-of value err' });
  });

  it("does not let a sub-account's own key act for a sibling", async () => {
    const key = await createApiKey(t.services, { accountId: alphaSub1.id });
    const subToken = await tokenFor(t, key);
    expect((await get('/api/v1/issuing/probe/whoami', auth(subToken))).json()).toEqual({ account_id: alphaSub1.id });
    const res = await get('/api/v1/accounts', auth(subToken, { 'x-on-behalf-of': alphaSub2.id }));
    expect(res.json()).toEqual({ code: 400, message: 'x-on-behalf-of value err' });
  });
});

describe('cross-tenant reads answer exactly as unknown ids', () => {
  it("GET /v1/accounts/{id}: own sub visible, another tenant's and unknown ids alike not found", async () => {
    expect((await get(`/api/v1/accounts/${alphaSub1.id}`, auth(alphaToken))).json()).toMatchObject({ account_id: alphaSub1.id });
    const foreign = await get(`/api/v1/accounts/${betaSub.id}`, auth(alphaToken));
    const unknown = await get('/api/v1/accounts/00000000-0000-4000-8000-000000000002', auth(alphaToken));
    const malformed = await get('/api/v1/accounts/not-a-uuid', auth(alphaToken));
    for (const res of [foreign, unknown, malformed]) {
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe(JSON.stringify({ code: 400, message: 'entity not found' }));
    }
  });

  it("lists only the caller's own connected accounts", async () => {
    const a = (await get('/api/v1/accounts?page_number=1&page_size=10', auth(alphaToken))).json() as { total_items: number; data: { account_id: string }[] };
    expect(a.data.map((d) => d.account_id)).toEqual(expect.arrayContaining([alphaSub1.id, alphaSub2.id]));
    expect(a.data.map((d) => d.account_id)).not.toContain(betaSub.id);
    const b = (await get('/api/v1/accounts', auth(betaToken))).json() as { total_items: number; total_pages: number; data: { account_id: string }[] };
    expect(b).toMatchObject({ total_items: 1, total_pages: 1 });
    expect(b.data.map((d) => d.account_id)).toEqual([betaSub.id]);
  });

  it('pages with page_number / page_size and names a bad page_size', async () => {
    const p2 = (await get('/api/v1/accounts?page_number=2&page_size=1', auth(alphaToken))).json() as { total_pages: number; data: unknown[] };
    expect(p2.data).toHaveLength(1);
    expect(p2.total_pages).toBeGreaterThanOrEqual(2);
    const bad = await get('/api/v1/accounts?page_size=500', auth(alphaToken));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/page_size/);
  });

  it("GraphQL viewer.subAccounts lists only the caller's sub-accounts, and parent does not open the siblings", async () => {
    const q = '{ viewer { subAccounts { totalCount edges { node { id } } } parent { id subAccounts { totalCount } } } }';
    const asMaster = (await t.inject({ method: 'POST', url: '/graphql', payload: { query: q }, headers: auth(betaToken) })).json();
    expect(asMaster.data.viewer.subAccounts.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([betaSub.id]);
    const key = await createApiKey(t.services, { accountId: alphaSub1.id });
    const subToken = await tokenFor(t, key);
    const asSub = (await t.inject({ method: 'POST', url: '/graphql', payload: { query: q }, headers: auth(subToken) })).json();
    expect(asSub.data.viewer.parent.id).toBe(alpha.account.id);
    expect(asSub.data.viewer.parent.subAccounts.totalCount).toBe(0);
  });
});
