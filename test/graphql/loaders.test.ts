import pg from 'pg';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { PayoutsWithBeneficiariesDocument } from '../support/graphql.generated';
import { makeMaster } from '../support/tenants';
import { createBeneficiary, createPayout, payer, payoutBody } from '../payouts/fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await payer(t, 'Loader Co'));
  for (let i = 0; i < 12; i++) await createPayout(c, payoutBody(await createBeneficiary(c), { amount: '1.00' }));
});
afterAll(() => t.close());

/** Counts the SQL statements one GraphQL request sends to PostgreSQL. */
async function statementsFor(first: number) {
  const spy = jest.spyOn(pg.Client.prototype, 'query');
  try {
    const reply = await c.gql(PayoutsWithBeneficiariesDocument, { first });
    return { count: spy.mock.calls.length, reply };
  } finally {
    spy.mockRestore();
  }
}

describe('nested fields load through per-request DataLoaders', () => {
  it('a page of payouts with their beneficiaries costs the same number of statements for 3 items as for 12', async () => {
    const small = await statementsFor(3);
    const large = await statementsFor(12);
    expect(small.reply.data!.payouts.edges).toHaveLength(3);
    expect(large.reply.data!.payouts.edges).toHaveLength(12);
    for (const edge of large.reply.data!.payouts.edges) {
      expect(edge.node.beneficiary).toEqual({ id: edge.node.beneficiaryId, companyName: expect.any(String) });
    }
    expect(small.count).toBeGreaterThan(0);
    expect(large.count).toBe(small.count);
  });

  it('shows another tenant none of these payouts or their beneficiaries', async () => {
    const stranger = await clientOf(t, await makeMaster(t.services, { name: 'Other loader' }));
    const { data } = await stranger.gql(PayoutsWithBeneficiariesDocument, { first: 5 });
    expect(data!.payouts).toEqual({ totalCount: 0, edges: [] });
  });
});
