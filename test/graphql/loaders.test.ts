import { statementsOf } from '../support/statements';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { PayoutsWithBeneficiariesDocument } from '../support/graphql.generated';
import { makeMaster } from '../support/tenants';
import { createBeneficiary, createPayout, payer, payoutBody } from '../wallet/payouts/fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await payer(t, 'Loader Co'));
  for (let i = 0; i < 12; i++) await createPayout(c, payoutBody(await createBeneficiary(c), { amount: '1.00' }));
});
afterAll(() => t.close());

/**
 * The SQL statements one GraphQL request sends to PostgreSQL, and only that request's: the client's
 * `inject` runs the request in this call's async context, so a statement is counted when it is
 * sent from inside it. What else the process sends meanwhile (listeners, other pools) is not.
 */
async function statementsFor(first: number) {
  const { result: reply, texts } = await statementsOf(() => c.gql(PayoutsWithBeneficiariesDocument, { first }));
  return { texts, reply };
}

/** The statements that read the page: payouts and their beneficiaries. */
const pageReads = (texts: string[]) => texts.filter((s) => /payouts|beneficiar/.test(s));

describe('nested fields load through per-request DataLoaders', () => {
  it('a page of payouts with their beneficiaries costs the same number of statements for 3 items as for 12', async () => {
    const small = await statementsFor(3);
    const large = await statementsFor(12);
    expect(small.reply.data!.payouts.edges).toHaveLength(3);
    expect(large.reply.data!.payouts.edges).toHaveLength(12);
    for (const edge of large.reply.data!.payouts.edges) {
      expect(edge.node.beneficiary).toEqual({ id: edge.node.beneficiaryId, companyName: expect.any(String) });
    }
    expect(pageReads(small.texts).length).toBeGreaterThan(0);
    expect(pageReads(large.texts)).toHaveLength(pageReads(small.texts).length);
    // The request's only other statement may be its authentication: the key look-up is usually served
    // by the process's cache (src/platform/auth/key-cache.ts), which a notification from this file's
    // set-up may have just cleared, for either request.
    for (const { texts } of [small, large]) {
      const others = texts.filter((s) => !pageReads(texts).includes(s));
      expect(others.length).toBeLessThanOrEqual(1);
      for (const other of others) expect(other).toContain('api_key_hash');
    }
  });

  it('shows another tenant none of these payouts or their beneficiaries', async () => {
    const stranger = await clientOf(t, await makeMaster(t.services, { name: 'Other loader' }));
    const { data } = await stranger.gql(PayoutsWithBeneficiariesDocument, { first: 5 });
    expect(data!.payouts).toEqual({ totalCount: 0, edges: [] });
  });
});
