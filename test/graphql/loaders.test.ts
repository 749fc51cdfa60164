import pg from 'pg';
import { startTestApp, type TestApp } from '../support/app';
import { fundWallet } from '../support/ledger';
import { auth, makeMaster, tokenFor, type Tenant } from '../support/tenants';
import { createBeneficiary, payoutBody, postPayout } from '../payouts/helpers';

let t: TestApp;
let master: Tenant;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Loader Co' });
  token = await tokenFor(t, master);
  await fundWallet(t.services, master.account.id, 'USD', '1000.00');
  for (let i = 0; i < 12; i++) {
    const beneficiaryId = await createBeneficiary(t, token);
    expect((await postPayout(t, token, payoutBody(beneficiaryId, { amount: '1.00' }))).statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const QUERY = 'query($first: Int!) { payouts(first: $first) { totalCount edges { node { id beneficiaryId beneficiary { id companyName } } } } }';

/** Counts the SQL statements one GraphQL request sends to PostgreSQL. */
async function statementsFor(first: number): Promise<{ count: number; body: any }> {
  const spy = jest.spyOn(pg.Client.prototype, 'query');
  try {
    const res = await t.inject({ method: 'POST', url: '/graphql', headers: auth(token), payload: { query: QUERY, variables: { first } } });
    return { count: spy.mock.calls.length, body: res.json() };
  } finally {
    spy.mockRestore();
  }
}

describe('nested fields load through per-request DataLoaders', () => {
  it('a page of payouts with their beneficiaries costs the same number of statements for 3 items as for 12', async () => {
    const small = await statementsFor(3);
    const large = await statementsFor(12);
    expect(small.body.data.payouts.edges).toHaveLength(3);
    expect(large.body.data.payouts.edges).toHaveLength(12);
    for (const edge of large.body.data.payouts.edges) {
      expect(edge.node.beneficiary).toEqual({ id: edge.node.beneficiaryId, companyName: expect.any(String) });
    }
    expect(small.count).toBeGreaterThan(0);
    expect(large.count).toBe(small.count);
  });

  it("shows another tenant none of these payouts or their beneficiaries", async () => {
    const other = await makeMaster(t.services, { name: 'Other loader' });
    const otherToken = await tokenFor(t, other);
    const res = await t.inject({ method: 'POST', url: '/graphql', headers: auth(otherToken), payload: { query: QUERY, variables: { first: 5 } } });
    expect(res.json().data.payouts).toEqual({ totalCount: 0, edges: [] });
  });
});
