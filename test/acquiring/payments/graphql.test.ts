import { randomUUID } from 'node:crypto';
import { statementsOf } from '../../support/statements';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { screamingCase } from '../../../src/resolvers/shared/enums';
import {
  CancelPaymentIntentDocument,
  CapturePaymentIntentDocument,
  ConfirmPaymentIntentDocument,
  CreatePaymentIntentDocument,
  PaymentIntentDocument,
  PaymentIntentsDocument,
  PaymentIntentsWithAttemptsDocument,
  UpdatePaymentIntentDocument,
  type CreatePaymentIntentInput,
  type PaymentMethodInput,
} from '../../support/graphql.generated';
import { confirmedIntent, createIntent, merchant } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await merchant(t, 'GraphQL shop'));
});
afterAll(() => t.close());

const input = (extra: Partial<CreatePaymentIntentInput> = {}): CreatePaymentIntentInput => ({
  amount: '25.00',
  currency: 'USD',
  merchantOrderId: 'gql-1',
  description: 'Teapot',
  returnUrl: 'https://shop.example/return',
  metadata: { camelKey: 'kept as sent' },
  ...extra,
});

const visa = (extra: Partial<PaymentMethodInput['card']> = {}): PaymentMethodInput => ({
  type: 'CARD',
  card: { number: '4242424242424242', expiryMonth: '12', expiryYear: '2030', cvc: '123', cardName: 'Ada Lovelace', ...extra },
});

describe('GraphQL PaymentIntents', () => {
  it('creates, confirms without capture, captures part: the same domain as REST', async () => {
    const created = await c.gql(CreatePaymentIntentDocument, { input: input() });
    expect(created.errors).toBeUndefined();
    const intent = created.data!.createPaymentIntent.paymentIntent!;
    expect(intent).toMatchObject({ status: 'REQUIRES_PAYMENT_METHOD', amount: '25.00', metadata: { camelKey: 'kept as sent' }, latestPaymentAttempt: null });
    expect(intent.clientSecret).toMatch(/_secret_/);
    const confirmed = await c.gql(ConfirmPaymentIntentDocument, { input: { id: intent.id, paymentMethod: visa({ autoCapture: false }) } });
    expect(confirmed.data!.confirmPaymentIntent.paymentIntent!).toMatchObject({ status: 'REQUIRES_CAPTURE', clientSecret: null });
    expect(confirmed.data!.confirmPaymentIntent.paymentIntent!.latestPaymentAttempt).toMatchObject({ status: 'AUTHORIZED', paymentMethod: { card: { cardNumber: '424242******4242', autoCapture: false } } });
    const captured = await c.gql(CapturePaymentIntentDocument, { input: { id: intent.id, amountToCapture: '20.00' } });
    expect(captured.data!.capturePaymentIntent.paymentIntent!).toMatchObject({ status: 'SUCCEEDED', capturedAmount: '20.00', latestPaymentAttempt: { capturedAmount: '20.00', status: 'CAPTURE_REQUESTED' } });
  });

  it('names fields as GraphQL does in errors, and names the state on a refused operation', async () => {
    const long = await c.gql(CreatePaymentIntentDocument, { input: input({ merchantOrderId: 'x'.repeat(37) }) });
    expect(long.data!.createPaymentIntent.userErrors[0]).toMatchObject({ message: "Invalid value for field 'merchantOrderId': must be at most 36 characters", field: ['input', 'merchantOrderId'] });
    const intent = (await c.gql(CreatePaymentIntentDocument, { input: input() })).data!.createPaymentIntent.paymentIntent!;
    const badCard = await c.gql(ConfirmPaymentIntentDocument, { input: { id: intent.id, paymentMethod: visa({ cvc: '12' }) } });
    expect(badCard.data!.confirmPaymentIntent.userErrors[0]).toMatchObject({ message: "Invalid value for field 'paymentMethod.card.cvc': must be 3 or 4 digits", field: ['input', 'paymentMethod', 'card', 'cvc'] });
    const early = await c.gql(CapturePaymentIntentDocument, { input: { id: intent.id } });
    expect(early.data!.capturePaymentIntent.userErrors[0]!.message).toBe('You cannot capture this PaymentIntent because its intent_status is REQUIRES_PAYMENT_METHOD');
    const cancelled = await c.gql(CancelPaymentIntentDocument, { input: { id: intent.id, cancellationReason: 'DUPLICATE' } });
    expect(cancelled.data!.cancelPaymentIntent.paymentIntent!).toMatchObject({ status: 'CANCELLED', cancellationReason: 'DUPLICATE', cancelTime: '2026-11-21T10:00:00.000Z' });
    const late = await c.gql(UpdatePaymentIntentDocument, { input: { id: intent.id, description: 'x' } });
    expect(late.data!.updatePaymentIntent.userErrors[0]!.message).toBe('You cannot update this PaymentIntent because its intent_status is CANCELLED');
  });

  it('replays a confirm retried with its x-idempotency-key: one attempt, one capture', async () => {
    const intent = (await c.gql(CreatePaymentIntentDocument, { input: input() })).data!.createPaymentIntent.paymentIntent!;
    const key = randomUUID();
    const first = await c.gql(ConfirmPaymentIntentDocument, { input: { id: intent.id, paymentMethod: visa() } }, { key });
    const again = await c.gql(ConfirmPaymentIntentDocument, { input: { id: intent.id, paymentMethod: visa() } }, { key });
    expect(again.data).toEqual(first.data);
    expect(await t.db.prisma.paymentAttempt.count({ where: { paymentIntentId: intent.id } })).toBe(1);
    expect(await t.db.prisma.journalEntry.count({ where: { referenceId: intent.id } })).toBe(1);
  });

  it('filters the connection by status', async () => {
    const m = await merchant(t, 'Filter shop');
    await createIntent(m.c);
    const held = await confirmedIntent(m.c, { autoCapture: false });
    const { data } = await m.c.gql(PaymentIntentsDocument, { first: 10, filter: { status: 'REQUIRES_CAPTURE' } });
    expect(data!.paymentIntents.totalCount).toBe(1);
    expect(data!.paymentIntents.edges[0]!.node).toMatchObject({ id: held.payment_intent_id, latestPaymentAttempt: { status: 'AUTHORIZED' } });
  });
});

describe("GraphQL takes the official clients' card", () => {
  const clientCard = (extra: Partial<PaymentMethodInput['card']> = {}): PaymentMethodInput => ({
    type: 'CARD',
    card: { cardNumber: '4242424242424242', expiryMonth: '12', expiryYear: '2030', cvc: '123', network: 'VISA', authorizationType: 'PRE_AUTHORIZATION', ...extra },
  });
  const browserInfo = { acceptHeader: 'text/html', browser: { javascriptEnabled: true, userAgent: 'Mozilla/5.0' }, language: 'en', screenColorDepth: 24, screenHeight: 800, screenWidth: 1280, mobile: { osType: 'IOS' as const } };

  it('creates with a paymentMethod (confirmed at once) in cardNumber and the enums, as REST does', async () => {
    const created = await c.gql(CreatePaymentIntentDocument, { input: input({ paymentMethod: clientCard(), browserInfo, ipAddress: '203.0.113.7' }) });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createPaymentIntent.paymentIntent!).toMatchObject({ status: 'REQUIRES_CAPTURE', latestPaymentAttempt: { status: 'AUTHORIZED', paymentMethod: { card: { authorizationType: 'PRE_AUTH', autoCapture: false, network: 'VISA' } } } });
  });

  it('challenges with threeDsAction enforce_3ds and names fields as GraphQL does', async () => {
    const intent = (await c.gql(CreatePaymentIntentDocument, { input: input() })).data!.createPaymentIntent.paymentIntent!;
    const missing = await c.gql(ConfirmPaymentIntentDocument, { input: { id: intent.id, paymentMethod: clientCard({ authorizationType: 'AUTHORIZATION', threeDsAction: 'ENFORCE_3DS' }), ipAddress: '203.0.113.7' } });
    expect(missing.data!.confirmPaymentIntent.userErrors[0]).toMatchObject({ message: "Field 'browserInfo' is required when 'paymentMethod.card.threeDsAction' is enforce_3ds", field: ['input', 'browserInfo'] });
    const wrong = await c.gql(ConfirmPaymentIntentDocument, { input: { id: intent.id, paymentMethod: clientCard({ network: 'MASTERCARD' }) } });
    expect(wrong.data!.confirmPaymentIntent.userErrors[0]).toMatchObject({ message: "Invalid value for field 'paymentMethod.card.network': the card number is a VISA card", field: ['input', 'paymentMethod', 'card', 'network'] });
    const challenged = await c.gql(ConfirmPaymentIntentDocument, {
      input: { id: intent.id, paymentMethod: clientCard({ authorizationType: 'AUTHORIZATION', threeDsAction: 'ENFORCE_3DS', threeDs: { returnUrl: 'https://shop.example/back' } }), ipAddress: '203.0.113.7', browserInfo },
    });
    expect(challenged.data!.confirmPaymentIntent.paymentIntent!).toMatchObject({ status: 'REQUIRES_CUSTOMER_ACTION', nextAction: { redirectToUrl: { returnUrl: 'https://shop.example/back' } } });
  });

  it('still takes the deprecated number', async () => {
    const intent = (await c.gql(CreatePaymentIntentDocument, { input: input() })).data!.createPaymentIntent.paymentIntent!;
    const none = await c.gql(ConfirmPaymentIntentDocument, { input: { id: intent.id, paymentMethod: { type: 'CARD', card: { expiryMonth: '12', expiryYear: '2030', cvc: '123' } } } });
    expect(none.data!.confirmPaymentIntent.userErrors[0]).toMatchObject({ message: "Field 'paymentMethod.card.cardNumber' is required" });
    const confirmed = await c.gql(ConfirmPaymentIntentDocument, { input: { id: intent.id, paymentMethod: visa() } });
    expect(confirmed.data!.confirmPaymentIntent.paymentIntent!.status).toBe('SUCCEEDED');
  });
});

describe('parity: REST and GraphQL answer the same intent', () => {
  it('presents one intent and its attempt with the same values through both doors', async () => {
    const rest = await confirmedIntent(c, { number: '4000000000003220' });
    const id = rest.payment_intent_id;
    const restGot = (await c.get(`/v2/payment_intents/${id}`)).body;
    const gql = (await c.gql(PaymentIntentDocument, { id })).data!.paymentIntent!;
    const a = restGot.latest_payment_attempt;
    const g = gql.latestPaymentAttempt!;
    expect({
      id: gql.id, status: gql.status, amount: gql.amount, currency: gql.currency, captured: gql.capturedAmount, description: gql.description,
      order: gql.merchantOrderId, metadata: gql.metadata, returnUrl: gql.returnUrl, types: gql.availablePaymentMethodTypes, customer: gql.customerId,
      secret: gql.clientSecret, next: gql.nextAction && { type: gql.nextAction.type, url: gql.nextAction.redirectToUrl.url, back: gql.nextAction.redirectToUrl.returnUrl },
      cancel: gql.cancelTime, complete: gql.completeTime, created: gql.createdAt, updated: gql.updatedAt,
    }).toEqual({
      id: restGot.payment_intent_id, status: restGot.intent_status, amount: restGot.amount, currency: restGot.currency, captured: restGot.captured_amount,
      description: restGot.description, order: restGot.merchant_order_id, metadata: restGot.metadata, returnUrl: restGot.return_url,
      types: (restGot.available_payment_method_types as string[]).map(screamingCase), customer: restGot.customer_id, secret: restGot.client_secret,
      next: { type: screamingCase(restGot.next_action.type), url: restGot.next_action.redirect_to_url.url, back: restGot.next_action.redirect_to_url.return_url },
      cancel: restGot.cancel_time ?? null, complete: restGot.complete_time, created: restGot.create_time, updated: restGot.update_time,
    });
    expect({
      id: g.id, status: g.status, amount: g.amount, captured: g.capturedAmount, refunded: g.refundedAmount, failure: g.failureCode, auth: g.authCode,
      cvv: g.authenticationData!.cvvResult, avs: g.authenticationData!.avsResult, threeDs: g.authenticationData!.threeDs!.threeDsAuthenticationStatus,
      card: g.paymentMethod.card!.cardNumber, bin: g.paymentMethod.card!.bin, last4: g.paymentMethod.card!.last4, brand: g.paymentMethod.card!.brand,
      email: g.paymentMethod.card!.billing!.email, country: g.paymentMethod.card!.billing!.address!.countryCode, created: g.createdAt,
    }).toEqual({
      id: a.attempt_id, status: a.attempt_status, amount: a.amount, captured: a.captured_amount, refunded: a.refunded_amount, failure: a.failure_code, auth: a.auth_code,
      cvv: a.authentication_data.cvv_result, avs: a.authentication_data.avs_result, threeDs: a.authentication_data.three_ds.three_ds_authentication_status,
      card: a.payment_method.card.card_number, bin: a.payment_method.card.bin, last4: a.payment_method.card.last4, brand: a.payment_method.card.brand,
      email: a.payment_method.card.billing.email, country: a.payment_method.card.billing.address.country_code, created: a.create_time,
    });
  });
});

describe('intent -> latest attempt through a per-request, tenant-scoped DataLoader', () => {
  /** The SQL statements one GraphQL request sends to PostgreSQL, after the request's authentication. */
  async function statementsFor(client: Client, first: number) {
    await client.gql(PaymentIntentsWithAttemptsDocument, { first: 1 });
    const { result: reply, texts } = await statementsOf(() => client.gql(PaymentIntentsWithAttemptsDocument, { first }));
    return { reply, texts };
  }

  it('a page of 100 intents with their latest attempts and refunds costs at most 3 statements (issue 8)', async () => {
    const m = await merchant(t, 'Busy shop');
    for (let i = 0; i < 100; i++) {
      if (i < 5) {
        const paid = await confirmedIntent(m.c);
        const refund = await m.c.post('/v2/payment/refunds', { payment_intent_id: paid.payment_intent_id, amount: '1.00', reason: 'requested_by_customer' });
        expect(refund.status).toBe(200);
      } else if (i % 2 === 0) await confirmedIntent(m.c, { autoCapture: false });
      else await createIntent(m.c);
    }
    const { reply, texts } = await statementsFor(m.c, 100);
    const edges = reply.data!.paymentIntents.edges;
    expect(edges).toHaveLength(100);
    expect(edges.filter((e) => e.node.latestPaymentAttempt?.status === 'AUTHORIZED')).toHaveLength(47);
    expect(edges.filter((e) => e.node.refunds.nodes.length === 1 && e.node.refunds.nodes[0]!.amount === '1.00')).toHaveLength(5);
    for (const { node } of edges) expect(node.latestPaymentAttempt?.id ?? null).toBe(node.latestPaymentAttemptId);
    // The page with its count, one batched read of the attempts and one of the refunds; the only
    // other statement may be the request's authentication (the API key behind the token).
    const payment = texts.filter((s) => /payment_(intents|attempts)|refunds/.test(s));
    expect(payment.length).toBeLessThanOrEqual(3);
    // The key look-up is usually served by the process's cache (src/platform/auth/key-cache.ts); a
    // notification from this test's own set-up may have just cleared it.
    const others = texts.filter((s) => !payment.includes(s));
    expect(others.length).toBeLessThanOrEqual(1);
    for (const other of others) expect(other).toContain('api_key_hash');
  });

  it('shows another tenant none of these intents or attempts', async () => {
    const stranger = await merchant(t, 'Nosy shop');
    const { data } = await stranger.c.gql(PaymentIntentsWithAttemptsDocument, { first: 100 });
    expect(data!.paymentIntents).toEqual({ totalCount: 0, edges: [] });
  });
});
