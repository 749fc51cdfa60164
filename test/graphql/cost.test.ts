import { createHash } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';
import { Client, clientOf } from '../support/client';
import { makeMaster } from '../support/tenants';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp({ config: { graphql: { maxDepth: 10, maxCost: 1000, maxAliases: 15 } } });
  c = await clientOf(t, await makeMaster(t.services, { name: 'Costly' }));
});
afterAll(() => t.close());

const payouts = (size: string) => `query P${size.includes('$n') ? '($n: Int)' : ''} { payouts(${size}) { totalCount pageInfo { hasNextPage } edges { cursor node { id status } } } }`;
const costOf = (extensions: unknown) => (extensions as { cost: { requested: number; limit: number } }).cost;

describe('cost: a connection counts its rows by page size, reported in extensions.cost', () => {
  it('payouts(first: 100) costs more than first: 1; a variable counts as a literal does, no size as the default page of 20', async () => {
    const one = await c.gql(payouts('first: 1'));
    const hundred = await c.gql(payouts('first: 100'));
    expect(one.errors).toBeUndefined();
    expect(hundred.errors).toBeUndefined();
    // The connection 1, pageInfo 1, and per row an edge 1 and its node 1.
    expect(costOf(one.extensions)).toEqual({ requested: 1 + 1 + 2 * 1, limit: 1000 });
    expect(costOf(hundred.extensions)).toEqual({ requested: 1 + 1 + 2 * 100, limit: 1000 });
    expect(costOf((await c.gql(payouts('first: $n'), { n: 100 })).extensions).requested).toBe(202);
    expect(costOf((await c.gql(payouts('last: $n'), { n: 7 })).extensions).requested).toBe(16);
    expect(costOf((await c.gql('{ payouts { nodes { id } } }')).extensions).requested).toBe(1 + 20);
  });

  it('refuses a query over the limit before anything runs, saying its cost', async () => {
    // Two nested connections: viewer 1 + subAccounts 1 + 50 × (a node 1 + its subAccounts 1 + 50 × 1) = 2602.
    const nested = '{ viewer { subAccounts(first: 50) { nodes { id subAccounts(first: 50) { nodes { id } } } } } }';
    const refused = await c.gql(nested);
    expect(refused.status).toBe(400);
    expect(refused.data).toBeUndefined();
    expect(refused.errors![0]!.message).toMatch(/cost 2602 is over the limit of 1000/);
    expect(refused.errors![0]!.extensions).toMatchObject({ code: 'QUERY_COST_EXCEEDED', cost: { requested: 2602, limit: 1000 }, httpStatus: 400 });
    expect(costOf(refused.extensions)).toEqual({ requested: 2602, limit: 1000 });
    // The same shape with small pages is answered.
    const small = await c.gql(nested.replaceAll('50', '5'));
    expect(small.errors).toBeUndefined();
    expect(costOf(small.extensions).requested).toBe(1 + 1 + 5 * (1 + 1 + 5));
  });

  it('counts introspection as free (GraphiQL loads the schema with it)', async () => {
    const r = await c.gql('{ __schema { types { name fields { name type { name ofType { name } } } } } }');
    expect(r.errors).toBeUndefined();
    expect(costOf(r.extensions).requested).toBe(0);
  });
});

describe('automatic persisted queries (Apollo APQ)', () => {
  it('answers a query by its sha256 once it has been sent in full with its hash', async () => {
    const query = '{ viewer { id } }';
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const persisted = { persistedQuery: { version: 1, sha256Hash } };
    const post = (payload: Record<string, unknown>) =>
      t.inject({ method: 'POST', url: '/graphql', payload, headers: { 'x-auth-token': `Bearer ${c.token}`, 'content-type': 'application/json' } });
    const unknown = await post({ extensions: persisted });
    expect(unknown.json()).toMatchObject({ errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] });
    const registered = await post({ query, extensions: persisted });
    expect(registered.json()).toMatchObject({ data: { viewer: { id: expect.any(String) } } });
    const byHash = await post({ extensions: persisted });
    expect(byHash.statusCode).toBe(200);
    expect(byHash.json()).toEqual(registered.json());
    const wrongHash = await post({ query: '{ viewer { name } }', extensions: persisted });
    expect(wrongHash.statusCode).toBe(400);
    expect(wrongHash.json()).toMatchObject({ errors: [{ message: 'provided sha does not match query', extensions: { code: 'BAD_REQUEST', httpStatus: 400 } }] });
  });
});
