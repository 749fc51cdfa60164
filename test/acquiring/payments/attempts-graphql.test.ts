import { statementsOf } from '../../support/statements';
import { startTestApp, type TestApp } from '../../support/app';
import { PaymentIntentAttemptsDocument } from '../../support/graphql.generated';
import { confirmIntent, createIntent, merchant } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('PaymentIntent.attempts: every attempt of an intent, a connection newest first', () => {
  it('lists a declined attempt and the one that succeeded after it, pages them, and reads every intent of the page at once', async () => {
    const m = await merchant(t, 'Attempts shop');
    const retried = await createIntent(m.c);
    await confirmIntent(m.c, retried.payment_intent_id, '4000000000000002'); // do not honor: a soft decline, the intent waits for another card
    t.clock.advance(1);
    await confirmIntent(m.c, retried.payment_intent_id);
    const untouched = await createIntent(m.c);
    for (let i = 0; i < 3; i++) await confirmIntent(m.c, (await createIntent(m.c)).payment_intent_id);

    const { result: { data, errors }, texts } = await statementsOf(() => m.c.gql(PaymentIntentAttemptsDocument, { first: 10 }));
    expect(errors).toBeUndefined();
    const byId = new Map(data!.paymentIntents.nodes.map((n) => [n.id, n]));
    const attempts = byId.get(retried.payment_intent_id)!.attempts;
    expect(attempts.totalCount).toBe(2);
    expect(attempts.nodes.map((a) => [a.status, a.failureCode])).toEqual([
      ['CAPTURE_REQUESTED', ''],
      ['FAILED', 'do_not_honor'],
    ]);
    expect(attempts.nodes[0]!.id).toBe(byId.get(retried.payment_intent_id)!.latestPaymentAttemptId);
    for (const a of attempts.nodes) expect(a.paymentIntentId).toBe(retried.payment_intent_id);
    expect(byId.get(untouched.payment_intent_id)!.attempts).toMatchObject({ totalCount: 0, nodes: [] });
    // Five intents, one statement for all their attempts.
    expect(texts.filter((s) => /FROM "public"\."payment_attempts"|payment_attempts/.test(s) && !/payment_intents/.test(s))).toHaveLength(1);

    const page1 = await m.c.gql(PaymentIntentAttemptsDocument, { first: 10, attempts: 1 });
    const first = page1.data!.paymentIntents.nodes.find((n) => n.id === retried.payment_intent_id)!.attempts;
    expect(first).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true } });
    const page2 = await m.c.gql(PaymentIntentAttemptsDocument, { first: 10, attempts: 1, after: first.pageInfo.endCursor });
    const second = page2.data!.paymentIntents.nodes.find((n) => n.id === retried.payment_intent_id)!.attempts;
    expect(second.nodes.map((a) => a.status)).toEqual(['FAILED']);
  });

  it("shows no attempt of another tenant's intent", async () => {
    const stranger = await merchant(t, 'Attempts stranger');
    const { data } = await stranger.c.gql(PaymentIntentAttemptsDocument, { first: 10 });
    expect(data!.paymentIntents.nodes).toEqual([]);
  });
});
