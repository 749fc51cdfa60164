import { startTestApp, type TestApp } from '../support/app';
import type { Client, GraphQLReply, Json } from '../support/client';
import { buildWorld, type Ids, type World } from './walk-fixtures';

/**
 * Every object type on the GraphQL door, read and listed by another tenant (another master, and the
 * owner's sibling sub-account): a query by id answers exactly as an unknown id does, a list shows
 * none of the owner's objects, and a balance by currency is the caller's own. The schema is read
 * by introspection: a query field with an ID argument, or one answering a connection, that the
 * tables below do not name fails the last tests.
 */

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorld(t);
}, 120_000);
afterAll(() => t.close());

const UNKNOWN = '00000000-0000-4000-8000-00000000d00d';

type Id = keyof Ids;
const gql = (c: Client, query: string, variables: Json = {}): Promise<GraphQLReply<Json>> => c.gql<Json, Json>(query, variables);
const ownerOf = (id: Id): Client => (id === 'rfi' ? w.master.as(w.ids.rfiOwner) : w.owner);

/**
 * Query fields taking an id: the argument, the object it reads, and the refusal an unknown id
 * gets (message and extensions.code), or none when the lookup answers null for it (a nullable
 * lookup, as every object lookup is: docs/graphql.md "Ids and objects"). `secure`: the field needs
 * the secure-details permission.
 */
const BY_ID: { field: string; arg: string; id: Id; refusal?: [string, string]; secure?: true }[] = [
  { field: 'bankAccount', arg: 'id', id: 'bankAccount' },
  { field: 'beneficiary', arg: 'id', id: 'beneficiary' },
  { field: 'card', arg: 'id', id: 'card' },
  { field: 'cardOrder', arg: 'id', id: 'cardOrder' },
  { field: 'cardSecureDetails', arg: 'cardId', id: 'card', refusal: ['card not found or deactivated', 'card_not_found'], secure: true },
  { field: 'cardTransaction', arg: 'id', id: 'cardTransaction' },
  { field: 'cardholder', arg: 'id', id: 'cardholder' },
  { field: 'conversion', arg: 'id', id: 'conversion' },
  { field: 'deposit', arg: 'id', id: 'deposit' },
  { field: 'issuingReport', arg: 'id', id: 'issuingReport' },
  { field: 'issuingTransfer', arg: 'id', id: 'issuingTransfer' },
  { field: 'paymentIntent', arg: 'id', id: 'paymentIntent' },
  { field: 'paymentPayout', arg: 'id', id: 'paymentPayout' },
  { field: 'payout', arg: 'id', id: 'payout' },
  { field: 'refund', arg: 'id', id: 'refund' },
  { field: 'rfi', arg: 'id', id: 'rfi' },
  { field: 'terminal', arg: 'terminalId', id: 'terminal' },
  { field: 'transfer', arg: 'id', id: 'transfer' },
  { field: 'virtualAccountApplication', arg: 'id', id: 'virtualAccountApplication' },
];

/**
 * Lookups that answer null, not an error, for an id the caller does not have; each area's GraphQL
 * test shows another tenant's id answering null (test/developers/webhooks/graphql.test.ts,
 * test/wallet/virtual-accounts/graphql.test.ts).
 */
const NULLABLE_BY_ID = ['virtualAccount', 'webhookEndpoint'];

/**
 * Query fields answering a connection: the node's identifying field, and who owns the objects
 * listed. `catalogue`: objects that are not a tenant's own (`tree`: the master's tree shares them,
 * so only another master is an intruder; `global`: every tenant sees the same list). `secure`: the
 * list needs a permission (the API keys'), so every caller uses its key that holds it.
 */
const LISTS: { field: string; key: string; owner?: () => Client; catalogue?: 'tree' | 'global'; secure?: true }[] = [
  { field: 'accounts', key: 'id', owner: () => w.master },
  { field: 'apiKeys', key: 'id', secure: true },
  { field: 'balanceTransactions', key: 'id' },
  { field: 'balances', key: 'balanceId' },
  { field: 'bankAccounts', key: 'id' },
  { field: 'beneficiaries', key: 'id' },
  { field: 'cardOrders', key: 'id' },
  { field: 'cardProducts', key: 'id', catalogue: 'tree' },
  { field: 'cardTransactions', key: 'id' },
  { field: 'cardholders', key: 'id' },
  { field: 'cards', key: 'id' },
  { field: 'conversions', key: 'id' },
  { field: 'deposits', key: 'id' },
  { field: 'events', key: 'id' },
  { field: 'files', key: 'id' },
  { field: 'issuingBalanceTransactions', key: 'id' },
  { field: 'issuingBalances', key: 'balanceId' },
  { field: 'issuingReports', key: 'id' },
  { field: 'issuingTransfers', key: 'id' },
  { field: 'merchantBrands', key: 'merchantCode', catalogue: 'global' },
  { field: 'paymentBalances', key: 'currency' },
  { field: 'paymentIntents', key: 'id' },
  { field: 'paymentPayouts', key: 'id' },
  { field: 'payouts', key: 'id' },
  { field: 'refunds', key: 'id' },
  { field: 'rfis', key: 'id', owner: () => w.master.as(w.ids.rfiOwner) },
  { field: 'settlements', key: 'id' },
  { field: 'terminals', key: 'terminalId' },
  { field: 'transfers', key: 'id' },
  { field: 'virtualAccountApplications', key: 'id' },
  { field: 'virtualAccounts', key: 'id' },
  { field: 'webhookDeliveries', key: 'id' },
  { field: 'webhookEndpoints', key: 'id' },
];

const byId = (field: string, arg: string) => `query ($id: ID!) { ${field}(${arg}: $id) { __typename } }`;
const refusalOf = (r: GraphQLReply<Json>) => [r.data ?? null, r.errors?.map((e) => [e.message, e.extensions.code])];

describe('another tenant queries an object by id: the answer of an unknown id', () => {
  it.each(BY_ID.map((q) => [q.field, q] as const))('%s', async (_field, q) => {
    const owner = q.secure ? w.secure.owner : ownerOf(q.id);
    const intruders = q.secure ? w.secure.intruders : w.intruders;
    const mine = await gql(owner, byId(q.field, q.arg), { id: w.ids[q.id] });
    expect([mine.errors, mine.data?.[q.field]?.__typename]).toEqual([undefined, expect.any(String)]);
    const unknown = await gql(owner, byId(q.field, q.arg), { id: UNKNOWN });
    const answer = q.refusal ? [null, [q.refusal]] : [{ [q.field]: null }, undefined];
    expect(refusalOf(unknown)).toEqual(answer);
    for (const intruder of intruders) {
      const theirs = await gql(intruder.c, byId(q.field, q.arg), { id: w.ids[q.id] });
      expect([intruder.name, ...refusalOf(theirs)]).toEqual([intruder.name, ...answer]);
    }
  });

  it("cardArts(cardProductId) of another master's product: the answer of an unknown product", async () => {
    const query = 'query ($id: ID) { cardArts(cardProductId: $id) { __typename } }';
    expect((await gql(w.owner, query, { id: w.ids.cardProduct })).errors).toBeUndefined();
    const unknown = await gql(w.owner, query, { id: UNKNOWN });
    expect(unknown.errors).toBeDefined();
    expect(refusalOf(await gql(w.intruders[0]!.c, query, { id: w.ids.cardProduct }))).toEqual(refusalOf(unknown));
  });
});

describe('account(id) of the owner: null for another master, readable by the owner\'s own master key whatever it acts as', () => {
  it('account(id)', async () => {
    const query = `query ($id: ID!) { account(id: $id) { id payouts { nodes { id } } } }`;
    const mine = await gql(w.owner, query, { id: w.ids.account });
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.account.payouts.nodes.map((p: Json) => p.id)).toEqual([w.ids.payout]);
    expect((await gql(w.owner, query, { id: UNKNOWN })).data).toEqual({ account: null });
    for (const intruder of w.intruders) {
      const theirs = await gql(intruder.c, query, { id: w.ids.account });
      // The sibling is the same master's key acting for another sub-account: the key's account
      // reaches every one of its sub-accounts by path, as it does by x-on-behalf-of.
      expect([intruder.name, theirs.data]).toEqual([intruder.name, intruder.name === 'a sibling sub-account' ? mine.data : { account: null }]);
    }
  });
});

describe("another tenant's lists show nothing of the owner's", () => {
  it.each(LISTS.map((l) => [l.field, l] as const))('%s', async (_field, l) => {
    const keysOf = async (c: Client): Promise<unknown[]> => {
      const res = await gql(c, `{ ${l.field}(first: 100) { edges { node { ${l.key} } } } }`);
      expect(res.errors).toBeUndefined();
      return (res.data![l.field].edges as { node: Json }[]).map((e) => e.node[l.key]);
    };
    const mine = await keysOf(l.secure ? w.secure.owner : l.owner ? l.owner() : w.owner);
    expect(mine.length).toBeGreaterThan(0);
    const all = l.secure ? w.secure.intruders : w.intruders;
    const intruders = l.catalogue === 'tree' ? all.filter((i) => i.name === 'another master') : all;
    for (const intruder of intruders) {
      const theirs = await keysOf(intruder.c);
      const shared = theirs.filter((k) => mine.includes(k));
      // A global catalogue is the same for everyone; anything else of the owner's must not show.
      expect([intruder.name, shared.length]).toEqual([intruder.name, l.catalogue === 'global' ? mine.length : 0]);
    }
  });
});

describe('a balance by currency is the caller\'s own', () => {
  it.each([
    ['balance', 'balanceId availableBalance'],
    ['issuingBalance', 'balanceId availableBalance'],
    ['paymentBalance', 'availableBalance pendingBalance'],
  ])('%s(currency: "USD")', async (field, selection) => {
    const query = `{ ${field}(currency: "USD") { ${selection} } }`;
    const mine = (await gql(w.owner, query)).data![field] as Json;
    expect(mine.availableBalance).not.toBe('0.00');
    for (const intruder of w.intruders) {
      const theirs = (await gql(intruder.c, query)).data![field] as Json;
      expect([intruder.name, theirs.availableBalance]).toEqual([intruder.name, '0.00']);
      if ('balanceId' in mine) expect(theirs.balanceId).not.toBe(mine.balanceId);
    }
  });
});

describe('the tables are complete', () => {
  interface TypeRef { kind: string; name: string | null; ofType: TypeRef | null }
  let fields: { name: string; args: { name: string; type: TypeRef }[]; type: TypeRef }[];
  const named = (t: TypeRef): string => t.name ?? named(t.ofType!);
  beforeAll(async () => {
    const ref = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';
    const res = await gql(w.owner, `{ __schema { queryType { fields { name args { name type { ${ref} } } type { ${ref} } } } } }`);
    fields = res.data!.__schema.queryType.fields;
  });

  it('names every query field with an ID argument', () => {
    const withId = fields.filter((f) => f.args.some((a) => named(a.type) === 'ID')).map((f) => f.name).sort();
    // node and nodes: another tenant's id answers null as an unknown one does (test/graphql/nodes.test.ts).
    expect(withId).toEqual([...BY_ID.map((q) => q.field), ...NULLABLE_BY_ID, 'cardArts', 'account', 'node', 'nodes'].sort());
  });

  it('names every query field answering a connection', () => {
    const lists = fields.filter((f) => named(f.type).endsWith('Connection')).map((f) => f.name).sort();
    expect(lists).toEqual(LISTS.map((l) => l.field).sort());
  });
});
