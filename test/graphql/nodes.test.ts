import { randomUUID } from 'node:crypto';
import { statementsOf } from '../support/statements';
import { startTestApp, type TestApp } from '../support/app';
import type { Client } from '../support/client';
import { BalanceIdsDocument, IntentsWithObjectsDocument, NodeByIdDocument, NodesByIdsDocument, PayoutLookupDocument } from '../support/graphql.generated';
import { confirmedIntent, createIntent, merchant } from '../acquiring/payments/fixtures';
import { createBeneficiary, createPayout, payer, payoutBody } from '../wallet/payouts/fixtures';

let t: TestApp;
let c: Client;
let stranger: Client;
let payoutId: string;
let beneficiaryId: string;
let strangersPayout: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await payer(t, 'Node Co'));
  beneficiaryId = await createBeneficiary(c);
  payoutId = await createPayout(c, payoutBody(beneficiaryId, { amount: '2.00' }));
  ({ c: stranger } = await payer(t, 'Other node Co'));
  strangersPayout = await createPayout(stranger, payoutBody(await createBeneficiary(stranger), { amount: '3.00' }));
});
afterAll(() => t.close());

describe('node(id) and nodes(ids): one tenant-scoped lookup', () => {
  it('finds a payout by its REST id, typed, with the object beside its foreign key', async () => {
    const { data, errors } = await c.gql(NodeByIdDocument, { id: payoutId });
    expect(errors).toBeUndefined();
    expect(data!.node).toEqual({ __typename: 'Payout', id: payoutId, payoutAmount: '2.00', beneficiaryId, beneficiary: { id: beneficiaryId } });
  });

  it("answers null for another account's id exactly as for an unknown or malformed id", async () => {
    for (const id of [strangersPayout, randomUUID(), 'not-an-id', `Balance:${randomUUID()}:USD`]) {
      const { data, errors } = await c.gql(NodeByIdDocument, { id });
      expect(errors).toBeUndefined();
      expect(data!.node).toBeNull();
    }
  });

  it('nodes keeps the order of ids, null for each not found, and refuses more than 100', async () => {
    const { data } = await c.gql(NodesByIdsDocument, { ids: [randomUUID(), payoutId, strangersPayout, beneficiaryId] });
    expect(data!.nodes).toEqual([null, { __typename: 'Payout', id: payoutId }, null, { __typename: 'Beneficiary', id: beneficiaryId }]);
    const many = await c.gql(NodesByIdsDocument, { ids: Array.from({ length: 101 }, () => randomUUID()) });
    expect(many.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'ids' });
  });

  it('a lookup answers null for a missing or foreign id without nulling its siblings', async () => {
    const { data, errors } = await c.gql(PayoutLookupDocument, { id: payoutId, other: strangersPayout });
    expect(errors).toBeUndefined();
    expect(data).toEqual({ payout: { id: payoutId }, other: null });
  });

  it('objects without a row get stable ids that node finds again, for their account only', async () => {
    const { data } = await c.gql(BalanceIdsDocument, {});
    const usd = data!.balances.nodes.find((b) => b.currency === 'USD')!;
    expect(usd.id).toMatch(/^Balance:[0-9a-f-]{36}:USD$/);
    expect((await c.gql(NodeByIdDocument, { id: usd.id })).data!.node).toEqual({ __typename: 'Balance', id: usd.id, currency: 'USD', availableBalance: usd.availableBalance });
    expect(data!.authDecisionConfig.id).toMatch(/^AuthDecisionConfig:[0-9a-f-]{36}$/);
    expect((await c.gql(NodeByIdDocument, { id: data!.authDecisionConfig.id })).data!.node).toMatchObject({ __typename: 'AuthDecisionConfig', enabled: false });
    expect((await stranger.gql(NodeByIdDocument, { id: usd.id })).data!.node).toBeNull();
    expect((await stranger.gql(NodeByIdDocument, { id: data!.authDecisionConfig.id })).data!.node).toBeNull();
  });
});

describe('a page of intents with attempts, refunds and node lookups', () => {
  /** The SQL statements one GraphQL request sends, after a first request has signed the key in. */
  async function statementsFor(client: Client, first: number, ids: string[]) {
    await client.gql(NodesByIdsDocument, { ids: [] });
    const { result: reply, texts } = await statementsOf(() => client.gql(IntentsWithObjectsDocument, { first, ids }));
    return { reply, texts };
  }

  it('costs the same constant number of statements for 100 intents as for 5', async () => {
    const m = await merchant(t, 'Node shop');
    const intents: string[] = [];
    for (let i = 0; i < 100; i++) {
      if (i < 5) {
        const paid = await confirmedIntent(m.c);
        intents.push(paid.payment_intent_id as string);
        expect((await m.c.post('/v2/payment/refunds', { payment_intent_id: paid.payment_intent_id, amount: '1.00', reason: 'requested_by_customer' })).status).toBe(200);
      } else if (i % 2 === 0) intents.push((await confirmedIntent(m.c, { autoCapture: false })).payment_intent_id as string);
      else intents.push((await createIntent(m.c)).payment_intent_id as string);
    }
    const small = await statementsFor(m.c, 5, intents.slice(0, 5));
    const large = await statementsFor(m.c, 100, intents);
    expect(large.reply.errors).toBeUndefined();
    const page = large.reply.data!.paymentIntents.nodes;
    expect(page).toHaveLength(100);
    for (const intent of page) {
      if (intent.latestPaymentAttempt) expect(intent.latestPaymentAttempt.paymentIntent).toEqual({ id: intent.id });
      for (const refund of intent.refunds.nodes) expect(refund.paymentIntent).toEqual({ id: refund.paymentIntentId });
    }
    expect(page.flatMap((i) => i.refunds.nodes)).toHaveLength(5);
    expect(large.reply.data!.nodes.map((n) => n?.__typename)).toEqual(intents.map(() => 'PaymentIntent'));
    // The page with its count, node's one lookup of kinds, one batched read of the attempts, of the
    // refunds and of the intents beside their keys or named by node (twice at most: node's ids and
    // the fields' ids resolve at different depths of the query, each depth one batch). Whatever
    // the page's size, never one per row. The key look-up is usually served by the process's cache
    // (src/platform/auth/key-cache.ts).
    const reads = (texts: string[]) => texts.filter((s) => !s.includes('api_key_hash'));
    expect(reads(small.texts).length).toBeLessThanOrEqual(6);
    expect(reads(large.texts).length).toBeLessThanOrEqual(reads(small.texts).length);
    expect(reads(large.texts).filter((s) => s.includes('UNION ALL'))).toHaveLength(1);
  });
});
