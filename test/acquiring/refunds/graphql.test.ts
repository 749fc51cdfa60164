import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import { CreateRefundDocument, RefundDocument, RefundsDocument, SettlementsDocument } from '../../support/graphql.generated';
import { advance } from '../../support/sandbox';
import { capturedIntent } from './captured';
import { acquiringBalances, merchant, refundBody } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The REST refund in GraphQL's names: what parity expects both doors to show. */
const asGraphQL = (r: Record<string, unknown>) => ({
  id: r.payment_refund_id,
  paymentIntentId: r.payment_intent_id,
  paymentAttemptId: r.payment_attempt_id,
  amount: r.amount,
  currency: r.currency,
  status: r.refund_status,
  reason: r.reason,
  metadata: r.metadata,
  failureReason: r.failure_reason,
  createdAt: r.create_time,
  updatedAt: r.update_time,
});

describe('createRefund', () => {
  it('refunds a captured intent, with the same rules as REST and errors in GraphQL names', async () => {
    const m = await merchant(t, 'Dashboard');
    const p = await capturedIntent(t, m.id, { amount: '20.00', currency: 'USD' });
    const res = await m.c.gql(CreateRefundDocument, { input: { paymentIntentId: p.intentId, amount: '5', reason: 'duplicate', metadata: { order_ref: 'A-1' } } }, { key: randomUUID() });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createRefund.refund!).toMatchObject({ paymentAttemptId: p.attemptId, amount: '5.00', status: 'INITIATED', metadata: { order_ref: 'A-1' } });
    expect(await acquiringBalances(t, m.id, 'USD')).toEqual(['15', '0', '5', '-20', '0']);

    const over = await m.c.gql(CreateRefundDocument, { input: { paymentIntentId: p.intentId, amount: '15.01', reason: 'duplicate' } });
    expect(over.data!.createRefund.userErrors[0]).toMatchObject({
      message: "Invalid value for field 'amount': the refunds of a payment cannot exceed its captured amount",
      field: ['input', 'amount'],
    });
    const unknown = await m.c.gql(CreateRefundDocument, { input: { paymentIntentId: randomUUID(), amount: '1', reason: 'duplicate' } });
    expect(unknown.data!.createRefund.userErrors[0]).toMatchObject({
      message: "Invalid value for field 'paymentIntentId': payment intent not found",
      field: ['input', 'paymentIntentId'],
    });
    const long = await m.c.gql(CreateRefundDocument, { input: { paymentIntentId: p.intentId, amount: '1', reason: 'r'.repeat(101) } });
    expect(long.data!.createRefund.userErrors[0]!.message).toBe("Invalid value for field 'reason': must be at most 100 characters");
  });
});

describe('parity: REST and GraphQL show the same refunds and settlements', () => {
  it('answers refund(id), refunds(filter) and GET /v2/payment/refunds alike', async () => {
    const m = await merchant(t, 'Parity');
    const p = await capturedIntent(t, m.id, { amount: '30.00', currency: 'USD', merchantOrderId: 'order-P' });
    const viaRest = (await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '3.00', metadata: { a: 1 } }))).body;
    const viaGraphQL = (await m.c.gql(CreateRefundDocument, { input: { paymentIntentId: p.intentId, amount: '4', reason: 'fraudulent' } })).data!.createRefund.refund!;

    const restOfGraphQL = (await m.c.get(`/v2/payment/refunds/${viaGraphQL.id}`)).body;
    expect(asGraphQL(restOfGraphQL)).toEqual(viaGraphQL);
    const graphQLOfRest = (await m.c.gql(RefundDocument, { id: viaRest.payment_refund_id })).data!.refund;
    expect(graphQLOfRest).toEqual(asGraphQL(viaRest));

    const restList = (await m.c.get('/v2/payment/refunds', { merchant_order_id: 'order-P' })).body;
    const gqlList = (await m.c.gql(RefundsDocument, { filter: { merchantOrderId: 'order-P' } })).data!.refunds;
    expect(gqlList.totalCount).toBe(restList.total_items);
    expect(gqlList.edges.map((e) => e.node)).toEqual(restList.data.map(asGraphQL));
  });

  it('answers settlements(filter) and GET /v2/payment/settlements alike', async () => {
    const m = await merchant(t, 'Settled parity');
    const p = await capturedIntent(t, m.id, { amount: '80.00', currency: 'USD' });
    await capturedIntent(t, m.id, { amount: '25.00', currency: 'USD' });
    await advance(m.c, 6 * 3600);
    const rest = (await m.c.get('/v2/payment/settlements', { settled_start_time: '2026-11-22' }, { headers: { 'x-idempotency-key': randomUUID() } })).body;
    const gql = (await m.c.gql(SettlementsDocument, { filter: { settledStartTime: '2026-11-22' } })).data!.settlements;
    expect(gql.totalCount).toBe(2);
    expect(rest.total_items).toBe(2);
    expect(gql.edges.map((e) => e.node)).toEqual(
      (rest.data as Record<string, string>[]).map((s) => ({
        id: s.settlement_id,
        accountId: s.account_id,
        accountName: s.account_name,
        sourceType: s.source_type,
        transactionType: s.transaction_type,
        merchantOrderId: s.merchant_order_id,
        paymentIntentId: s.payment_intent_id,
        paymentMethod: s.payment_method,
        transactionCreatedAt: s.transaction_create_date,
        transactionAmount: s.transaction_amount,
        transactionCurrency: s.transaction_currency,
        transactionDate: s.transaction_date,
        settlementAmount: s.settlement_amount,
        settlementCurrency: s.settlement_currency,
        netSettlementAmount: s.net_settlement_amount,
        exchangeRate: s.exchange_rate,
        feeCurrency: s.fee_currency,
        interchangeFee: s.interchange_fee,
        schemeFee: s.scheme_fee,
        transactionFee: s.transcation_fee,
        returnFee: s.return_fee,
        totalFeeAmount: s.total_fee_amount,
        status: s.settlement_status,
        settlementBatchId: s.settlement_batch_id,
        settlementCreatedAt: s.settlement_create_date,
        settlementDate: s.settlement_date,
      })),
    );
    const one = (await m.c.gql(SettlementsDocument, { filter: { paymentIntentId: p.intentId } })).data!.settlements;
    expect(one.edges.map((e) => e.node.transactionAmount)).toEqual(['80.00']);
    const bad = await m.c.gql(SettlementsDocument, { filter: { settledEndTime: '22-11-2026' } });
    expect(bad.errors![0]!.message).toBe("Invalid value for field 'settledEndTime': must be a date written YYYY-MM-DD");
  });
});
