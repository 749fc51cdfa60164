import { randomUUID } from 'node:crypto';
import { createApiKey } from '../../src/domain/developers/keys/api-keys';
import { accountsVisibleTo } from '../../src/domain/onboarding/accounts/queries';
import { setAccountStatus, type Account } from '../../src/domain/onboarding/accounts/service';
import { authenticate } from '../../src/platform/auth/authenticate';
import type { RequestContext } from '../../src/platform/context';
import { resolveActingAccount } from '../../src/platform/tenancy/acting-account';
import { buildRequestContext } from '../../src/platform/tenancy/request-context';
import { startTestApp, TEST_SIGNING_KEY, type TestApp } from '../support/app';
import { clientOf, type Client, type RestReply } from '../support/client';
import { ParentOfViewerDocument, SubAccountsSeenDocument, ViewerNameDocument } from '../support/graphql.generated';
import { registerProbeRoutes } from '../support/probe-routes';
import { makeMaster, makeSub, type Tenant } from '../support/tenants';

let t: TestApp;
let alpha: Tenant;
let beta: Tenant;
let alphaSub1: Account;
let alphaSub2: Account;
let betaSub: Account;
let a: Client;
let b: Client;

beforeAll(async () => {
  t = await startTestApp({ extraRestModules: [registerProbeRoutes] });
  alpha = await makeMaster(t.services, { name: 'Alpha' });
  beta = await makeMaster(t.services, { name: 'Beta' });
  alphaSub1 = await makeSub(t.services, alpha, 'Alpha One');
  alphaSub2 = await makeSub(t.services, alpha, 'Alpha Two');
  betaSub = await makeSub(t.services, beta, 'Beta One');
  a = await clientOf(t, alpha);
  b = await clientOf(t, beta);
});
afterAll(() => t.close());

const outcome = (res: RestReply) => [res.status, res.body];
const whoami = (c: Client) => c.get('/v1/issuing/probe/whoami');
/** A client of a sub-account's own API key. */
const ownKeyOf = async (sub: Account) => clientOf(t, await createApiKey(t.services, { accountId: sub.id }));

describe('x-on-behalf-of (spec 4.0, 5.6)', () => {
  it('lets a master act for its own sub-account, on both doors', async () => {
    expect((await whoami(a.as(alphaSub1.id))).body).toEqual({ account_id: alphaSub1.id });
    expect((await a.as(alphaSub2.id).gql(ViewerNameDocument)).data?.viewer).toEqual({ id: alphaSub2.id, name: 'Alpha Two' });
  });

  it('means the master itself when empty or absent', async () => {
    expect((await whoami(a.withHeaders({ 'x-on-behalf-of': '' }))).body).toEqual({ account_id: alpha.account.id });
    expect((await a.gql(ViewerNameDocument)).data?.viewer?.id).toBe(alpha.account.id);
  });

  it.each([
    ["another tenant's sub-account", () => betaSub.id],
    ['another master', () => beta.account.id],
    ['the caller itself', () => alpha.account.id],
    ['an unknown id', () => '00000000-0000-4000-8000-000000000001'],
    ['a malformed id', () => "1' OR '1'='1"],
  ])('refuses %s: account-center 400 "x-on-behalf-of value err", issuance sub_account_not_found', async (_n, id) => {
    const actingFor = a.as(id());
    expect(outcome(await actingFor.get('/v1/accounts'))).toEqual([400, { code: 400, message: 'x-on-behalf-of value err' }]);
    expect(outcome(await whoami(actingFor))).toEqual([
      400,
      { type: 'account_error', code: 'sub_account_not_found', message: 'sub-account associated with the on-behalf-of not found or deactivated' },
    ]);
    expect((await actingFor.gql(ViewerNameDocument)).errors?.[0]?.extensions.code).toBe('on_behalf_of_invalid');
  });

  it('refuses a closed sub-account', async () => {
    const closing = await makeSub(t.services, alpha, 'Closing');
    await setAccountStatus(t.services, closing.id, 'CLOSED');
    expect((await a.as(closing.id).get('/v1/accounts')).body).toEqual({ code: 400, message: 'x-on-behalf-of value err' });
  });

  it("does not let a sub-account's own key act for a sibling", async () => {
    const own = await ownKeyOf(alphaSub1);
    expect((await whoami(own)).body).toEqual({ account_id: alphaSub1.id });
    expect((await own.as(alphaSub2.id).get('/v1/accounts')).body).toEqual({ code: 400, message: 'x-on-behalf-of value err' });
  });
});

describe('cross-tenant reads answer exactly as unknown ids', () => {
  it("GET /v1/accounts/{id}: own sub visible, another tenant's and unknown ids alike not found", async () => {
    expect((await a.get(`/v1/accounts/${alphaSub1.id}`)).body).toMatchObject({ account_id: alphaSub1.id });
    const foreign = await a.get(`/v1/accounts/${betaSub.id}`);
    const unknown = await a.get('/v1/accounts/00000000-0000-4000-8000-000000000002');
    const malformed = await a.get('/v1/accounts/not-a-uuid');
    for (const res of [foreign, unknown, malformed]) {
      expect(res.status).toBe(400);
      expect(res.raw).toBe(JSON.stringify({ code: 400, message: 'entity not found' }));
    }
  });

  it("lists only the caller's own connected accounts", async () => {
    const mine = (await a.get('/v1/accounts', { page_number: 1, page_size: 10 })).body as { total_items: number; data: { account_id: string }[] };
    expect(mine.data.map((d) => d.account_id)).toEqual(expect.arrayContaining([alphaSub1.id, alphaSub2.id]));
    expect(mine.data.map((d) => d.account_id)).not.toContain(betaSub.id);
    const theirs = (await b.get('/v1/accounts')).body as { total_items: number; total_pages: number; data: { account_id: string }[] };
    expect(theirs).toMatchObject({ total_items: 1, total_pages: 1 });
    expect(theirs.data.map((d) => d.account_id)).toEqual([betaSub.id]);
  });

  it('answers as the sub-account when the master acts for it: AF3 lists none of its siblings, AF4 sees only it', async () => {
    const asSub = a.as(alphaSub1.id);
    expect((await asSub.get('/v1/accounts')).body).toEqual({ total_pages: 0, total_items: 0, data: [] });
    expect((await asSub.get(`/v1/accounts/${alphaSub1.id}`)).body).toMatchObject({ account_id: alphaSub1.id });
    for (const other of [alphaSub2.id, alpha.account.id]) {
      expect(outcome(await asSub.get(`/v1/accounts/${other}`))).toEqual([400, { code: 400, message: 'entity not found' }]);
    }
  });

  it("a sub-account's own key sees only itself", async () => {
    const own = await ownKeyOf(alphaSub2);
    expect((await own.get('/v1/accounts')).body).toEqual({ total_pages: 0, total_items: 0, data: [] });
    expect((await own.get(`/v1/accounts/${alphaSub2.id}`)).body).toMatchObject({ account_id: alphaSub2.id });
    expect(outcome(await own.get(`/v1/accounts/${alphaSub1.id}`))).toEqual([400, { code: 400, message: 'entity not found' }]);
  });

  it('pages with page_number / page_size and names a bad page_size', async () => {
    // A master of its own with three sub-accounts: three pages of one, together holding each once.
    const paged = await makeMaster(t.services, { name: 'Paged' });
    const subs = [await makeSub(t.services, paged, 'Page One'), await makeSub(t.services, paged, 'Page Two'), await makeSub(t.services, paged, 'Page Three')];
    const pc = await clientOf(t, paged);
    const pages = [];
    for (const page_number of [1, 2, 3]) pages.push((await pc.get('/v1/accounts', { page_number, page_size: 1 })).body as { total_pages: number; total_items: number; data: { account_id: string }[] });
    for (const p of pages) expect([p.total_pages, p.total_items, p.data.length]).toEqual([3, 3, 1]);
    expect(pages.map((p) => p.data[0]!.account_id).sort()).toEqual(subs.map((s) => s.id).sort());
    const bad = await a.get('/v1/accounts', { page_size: 500 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/page_size/);
  });

  it("GraphQL viewer.subAccounts lists only the caller's sub-accounts, and parent does not open the siblings", async () => {
    const asMaster = await b.gql(SubAccountsSeenDocument);
    expect(asMaster.data!.viewer.subAccounts.edges.map((e) => e.node.id)).toEqual([betaSub.id]);
    const asSub = await (await ownKeyOf(alphaSub1)).gql(SubAccountsSeenDocument);
    expect(asSub.data!.viewer.parent!.id).toBe(alpha.account.id);
    expect(asSub.data!.viewer.parent!.subAccounts.totalCount).toBe(0);
  });

  it('GraphQL viewer acting for a sub-account (x-on-behalf-of) does not reach its siblings through parent.subAccounts', async () => {
    const viaMaster = await a.as(alphaSub1.id).gql(SubAccountsSeenDocument);
    expect(viaMaster.data!.viewer.parent!.id).toBe(alpha.account.id);
    expect(viaMaster.data!.viewer.parent!.subAccounts).toEqual({ totalCount: 0 });
    expect(viaMaster.data!.viewer.subAccounts.totalCount).toBe(0);
    const accounts = await a.as(alphaSub1.id).gql('{ accounts { totalCount } }');
    expect(accounts.data).toEqual({ accounts: { totalCount: 0 } });
  });

  it("GraphQL parent loads the acting account's master, whoever acts", async () => {
    const viaMaster = await a.as(alphaSub2.id).gql(ParentOfViewerDocument);
    expect(viaMaster.data!.viewer).toEqual({ id: alphaSub2.id, parent: { id: alpha.account.id, name: 'Alpha' } });
    const viaOwnKey = await (await ownKeyOf(betaSub)).gql(ParentOfViewerDocument);
    expect(viaOwnKey.data!.viewer).toEqual({ id: betaSub.id, parent: { id: beta.account.id, name: 'Beta' } });
    expect((await a.gql(ParentOfViewerDocument)).data!.viewer).toEqual({ id: alpha.account.id, parent: null });
  });
});

describe('the account loader (accountsVisibleTo) is tenant-scoped', () => {
  async function contextOf(c: Client, onBehalfOf?: string): Promise<RequestContext> {
    const principal = await authenticate(
      { db: t.services.db, clock: t.services.clock, signingKey: TEST_SIGNING_KEY },
      { authHeader: c.token, clientIdHeader: undefined, clientIdRequired: false, ip: '127.0.0.1' },
    );
    return buildRequestContext(t.services, principal, await resolveActingAccount(t.services, principal, onBehalfOf), randomUUID());
  }
  const every = () => [alpha.account.id, alphaSub1.id, alphaSub2.id, beta.account.id, betaSub.id, randomUUID(), 'not-a-uuid'];
  const seen = async (ctx: RequestContext) => [...(await accountsVisibleTo(ctx, every())).keys()].sort();

  it('a master sees itself and its own sub-accounts, nothing of another tenant', async () => {
    expect(await seen(await contextOf(a))).toEqual([alpha.account.id, alphaSub1.id, alphaSub2.id].sort());
  });

  it('acting for a sub-account: that sub-account and its master, not the siblings', async () => {
    expect(await seen(await contextOf(a, alphaSub1.id))).toEqual([alpha.account.id, alphaSub1.id].sort());
  });

  it("a sub-account's own key: itself and its master", async () => {
    expect(await seen(await contextOf(await ownKeyOf(betaSub)))).toEqual([beta.account.id, betaSub.id].sort());
  });
});
