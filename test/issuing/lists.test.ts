import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client, type GraphQLReply, type Json } from '../support/client';
import { makeMaster, makeSub, type Tenant } from '../support/tenants';
import { activeCard, fundIssuing } from './transactions/fixtures';
import { createReport } from './reports/fixtures';

/**
 * The issuing lists GraphQL lacked: issuingTransfers, issuingReports and cardOrders, each a keyset
 * connection of the rows its lookup answers (another tenant sees none of them: the tenancy walk).
 */

let t: TestApp;
let master: Tenant;
let c: Client;
let sub: Client;
let subId: string;

const gql = (client: Client, query: string, variables: Json = {}): Promise<GraphQLReply<Json>> => client.gql<Json, Json>(query, variables);
const data = async (client: Client, query: string, variables: Json = {}): Promise<Json> => {
  const r = await gql(client, query, variables);
  expect(r.errors).toBeUndefined();
  return r.data!;
};

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Issuing lists' });
  c = await clientOf(t, master);
  subId = (await makeSub(t.services, master, 'Issuing lists sub')).id;
  sub = c.as(subId);
}, 60_000);
afterAll(() => t.close());

describe('issuingTransfers', () => {
  it('lists the transfers the acting account made or is a party to, newest first, paged by key', async () => {
    await fundIssuing(t, c, master.account.id, 'USD', '100.00');
    const made: string[] = [];
    for (const amount of [1, 2, 3]) {
      const res = await c.post('/v1/issuing/transfers', { source_account_id: master.account.id, destination_account_id: subId, currency: 'USD', amount, remark: `float ${amount}` });
      expect(res.status).toBe(200);
      made.push(res.body.transfer_id as string);
    }
    const query = 'query ($after: String) { issuingTransfers(first: 2, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { id createdAt } } }';
    // The funding's transfer_in is an issuing transfer of the master's too: four in all, read two by two.
    const first = (await data(c, query)).issuingTransfers as Json;
    const second = (await data(c, query, { after: first.pageInfo.endCursor })).issuingTransfers as Json;
    expect([first.totalCount, first.nodes.length, first.pageInfo.hasNextPage, second.nodes.length, second.pageInfo.hasNextPage]).toEqual([4, 2, true, 2, false]);
    const nodes = [...first.nodes, ...second.nodes] as Json[];
    expect(nodes.map((n) => n.id)).toEqual(expect.arrayContaining(made));
    const order = nodes.map((n) => `${String(n.createdAt)} ${String(n.id)}`);
    expect(order).toEqual([...order].sort().reverse());
    // The destination (a party, not the maker) sees the same three.
    const theirs = (await data(sub, '{ issuingTransfers(first: 10) { nodes { id } } }')).issuingTransfers as Json;
    expect(theirs.nodes.map((n: Json) => n.id).sort()).toEqual([...made].sort());
  });
});

describe('issuingReports', () => {
  it('lists the reports newest first; a page selecting csv answers each report\'s file, as issuingReport(id) does', async () => {
    const a = await createReport(c, 'TRANSACTION', '2026-11-01T00:00:00Z', '2026-11-30T00:00:00Z');
    const b = await createReport(c, 'BALANCE', '2026-11-01T00:00:00Z', '2026-11-30T00:00:00Z');
    const list = (await data(c, '{ issuingReports(first: 10) { totalCount nodes { id reportType fileName csv } } }')).issuingReports as Json;
    expect(list.totalCount).toBe(2);
    expect(list.nodes.map((n: Json) => n.id).sort()).toEqual([a, b].sort());
    for (const node of list.nodes as Json[]) {
      const one = (await data(c, 'query ($id: ID!) { issuingReport(id: $id) { id reportType fileName csv } }', { id: node.id })).issuingReport;
      expect(node).toEqual(one);
    }
    // Without csv selected, nothing of the files is read: the same page, fewer fields.
    const bare = (await data(c, '{ issuingReports(first: 10) { nodes { id } } }')).issuingReports as Json;
    expect(bare.nodes.map((n: Json) => n.id)).toEqual(list.nodes.map((n: Json) => n.id));
  });
});

describe('cardOrders', () => {
  it("lists the account's card orders newest first, all or one card's", async () => {
    const { cardId } = await activeCard(t, sub, '500.00', { card_limit: 10 }, '491090');
    const { cardId: otherCard } = await activeCard(t, sub, '0', { card_limit: 10 }, '491090');
    const recharge = (await sub.post(`/v1/issuing/cards/${cardId}/recharge`, { amount: 5 })).body.card_order_id as string;
    const withdraw = (await sub.post(`/v1/issuing/cards/${cardId}/withdraw`, { amount: 2 })).body.card_order_id as string;
    const other = (await sub.post(`/v1/issuing/cards/${otherCard}/recharge`, { amount: 3 })).body.card_order_id as string;
    const query = 'query ($filter: CardOrderFilterInput) { cardOrders(first: 10, filter: $filter) { totalCount nodes { id cardId orderType amount } } }';
    const all = (await data(sub, query)).cardOrders as Json;
    expect(all.nodes.map((n: Json) => n.id).sort()).toEqual([recharge, withdraw, other].sort());
    const one = (await data(sub, query, { filter: { cardId } })).cardOrders as Json;
    expect(one.nodes.map((n: Json) => [n.orderType, n.amount]).sort()).toEqual([['RECHARGE', '5.00'], ['WITHDRAW', '2.00']]);
    // Each listed order is the one cardOrder(id) answers.
    const byId = (await data(sub, 'query ($id: ID!) { cardOrder(id: $id) { id cardId orderType amount } }', { id: withdraw })).cardOrder;
    expect(one.nodes).toContainEqual(byId);
    // An id that is not a card of the account lists nothing, as another tenant's card would.
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-00000000d00d']) {
      expect(((await data(sub, query, { filter: { cardId: id } })).cardOrders as Json).totalCount).toBe(0);
    }
  });
});
