import { startTestApp, type TestApp } from '../support/app';
import { makeMaster } from '../support/tenants';
import { paginated, paymentAttempt, paymentIntent, pythonBrowserInfo, pythonCard, refund, settlement } from './payment-types';
import type { SdkName } from './catalog';
import { replayedEveryMethod, Sdk } from './sdk';

/**
 * The official clients' payment intents, attempts, refunds and settlements, each sent as the client
 * sends it (test/clients/sdk.ts) with the bodies their types spell (the Python TypedDicts; the Node
 * client's free records filled with the same names), and each answer parsed into the declared type.
 */
let t: TestApp;
const callers = {} as Record<SdkName, Sdk>;
const SDKS = ['node', 'python'] as const;

/** The Node client's resource names, and the Python client's. */
const names = (sdk: SdkName) =>
  sdk === 'node'
    ? { intents: 'payment.paymentIntents', attempts: 'payment.paymentAttempts' }
    : { intents: 'payment.payment_intents', attempts: 'payment.attempts' };

beforeAll(async () => {
  t = await startTestApp();
  for (const sdk of SDKS) {
    const tenant = await makeMaster(t.services, { name: `Payment replay (${sdk})` });
    callers[sdk] = await Sdk.connect(t, sdk, tenant);
  }
});
afterAll(() => t.close());

/** CreatePaymentIntentParams with every member the client types. */
const createBody = (sdk: SdkName, extra: Record<string, unknown> = {}) => ({
  amount: '100.00',
  currency: 'USD',
  merchant_order_id: `order-${sdk}-${Math.random().toString(36).slice(2, 8)}`,
  description: 'Replay mug',
  return_url: 'https://shop.example/return',
  ip_address: '203.0.113.7',
  payment_orders: { type: 'physical_goods', products: [{ name: 'Mug', price: '100.00', quantity: 1, image_url: 'https://shop.example/mug.png' }] },
  browser_info: pythonBrowserInfo,
  metadata: { order_channel: 'web' },
  ...extra,
});

async function created(sdk: SdkName, extra: Record<string, unknown> = {}) {
  const { intents } = names(sdk);
  return callers[sdk].call(`${intents}.create`, { body: createBody(sdk, extra) }, paymentIntent);
}

describe.each(SDKS)('%s: payment intents', (sdk) => {
  const { intents } = names(sdk);

  it('creates, retrieves, updates, confirms without capture, captures part of it', async () => {
    const caller = callers[sdk];
    const intent = await created(sdk);
    expect(intent).toMatchObject({ intent_status: 'REQUIRES_PAYMENT_METHOD', client_secret: expect.stringContaining('_secret_') });
    const id = intent.payment_intent_id;
    expect((await caller.call(`${intents}.retrieve`, { params: { id } }, paymentIntent)).payment_intent_id).toBe(id);
    const updated = await caller.call(
      `${intents}.update`,
      {
        params: { id },
        body: {
          description: 'Replay mug, blue',
          metadata: { gift: 'yes' },
          customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', address: { country_code: 'SG', city: 'Singapore', street: '444 Orchard Rd', postcode: '238879' } },
          return_url: 'https://shop.example/return-2',
        },
      },
      paymentIntent,
    );
    expect(updated).toMatchObject({ description: 'Replay mug, blue', metadata: { gift: 'yes' }, return_url: 'https://shop.example/return-2' });
    const confirmed = await caller.call(
      `${intents}.confirm`,
      { params: { id }, body: { payment_method: pythonCard({ auto_capture: false }), ip_address: '203.0.113.7', browser_info: pythonBrowserInfo, return_url: 'https://shop.example/return-3' } },
      paymentIntent,
    );
    expect(confirmed).toMatchObject({ intent_status: 'REQUIRES_CAPTURE', latest_payment_attempt: { attempt_status: 'AUTHORIZED' } });
    // CapturePaymentIntentParams: a string for the Node client, a float for the Python client.
    const captured = await caller.call(`${intents}.capture`, { params: { id }, body: { amount_to_capture: sdk === 'node' ? '60.50' : 60.5 } }, paymentIntent);
    expect(captured).toMatchObject({ intent_status: 'SUCCEEDED', captured_amount: '60.50' });
  });

  it('creates with a payment_method: confirmed at once (the provider\'s direct payment)', async () => {
    const intent = await created(sdk, { payment_method: pythonCard() });
    expect(intent).toMatchObject({ intent_status: 'SUCCEEDED', captured_amount: '100.00', latest_payment_attempt: { attempt_status: 'CAPTURE_REQUESTED' } });
  });

  it('cancels with a cancellation_reason and lists with the client\'s filters', async () => {
    const caller = callers[sdk];
    const intent = await created(sdk);
    const cancelled = await caller.call(`${intents}.cancel`, { params: { id: intent.payment_intent_id }, body: { cancellation_reason: 'requested_by_customer' } }, paymentIntent);
    expect(cancelled).toMatchObject({ intent_status: 'CANCELLED', cancellation_reason: 'requested_by_customer' });
    const page = await caller.call(`${intents}.list`, { query: { page_size: 10, page_number: 1, intent_status: 'CANCELLED', create_start_time: '2026-11-21' } }, paginated(paymentIntent));
    expect(page.data.map((i) => i.payment_intent_id)).toContain(intent.payment_intent_id);
  });
});

describe.each(SDKS)('%s: payment attempts', (sdk) => {
  const { attempts } = names(sdk);

  it('lists an intent\'s attempts and retrieves one', async () => {
    const caller = callers[sdk];
    const intent = await created(sdk, { payment_method: pythonCard() });
    const page = await caller.call(`${attempts}.list`, { query: { page_size: 10, page_number: 1, payment_intent_id: intent.payment_intent_id, attempt_status: 'CAPTURE_REQUESTED' } }, paginated(paymentAttempt));
    expect(page.total_items).toBe(1);
    const one = await caller.call(`${attempts}.retrieve`, { params: { id: page.data[0]!.attempt_id } }, paymentAttempt);
    expect(one).toMatchObject({ attempt_status: 'CAPTURE_REQUESTED', captured_amount: '100.00' });
  });
});

describe.each(SDKS)('%s: refunds', (sdk) => {
  it('refunds with CreateRefundParams, lists and retrieves', async () => {
    const caller = callers[sdk];
    const intent = await created(sdk, { payment_method: pythonCard() });
    const made = await caller.call(
      'payment.refunds.create',
      { body: { payment_intent_id: intent.payment_intent_id, payment_attempt_id: intent.latest_payment_attempt!.attempt_id, amount: '25.00', reason: 'requested_by_customer', metadata: { ticket: 'T-1' } } },
      refund,
    );
    expect(made).toMatchObject({ amount: '25.00', currency: 'USD', refund_status: 'INITIATED' });
    const page = await caller.call('payment.refunds.list', { query: { page_size: 10, page_number: 1, payment_intent_id: intent.payment_intent_id } }, paginated(refund));
    expect(page.data.map((r) => r.payment_refund_id)).toEqual([made.payment_refund_id]);
    expect((await caller.call('payment.refunds.retrieve', { params: { id: made.payment_refund_id } }, refund)).payment_refund_id).toBe(made.payment_refund_id);
  });
});

describe.each(SDKS)('%s: settlements', (sdk) => {
  it('lists settled captures (the Python client sends no x-idempotency-key on this GET)', async () => {
    const caller = callers[sdk];
    // The sandbox's settle-at-once card: its capture is in the list without a clock advance.
    const intent = await created(sdk, { payment_method: pythonCard({ card_number: '4000000000000077' }) });
    const page = await caller.call('payment.settlements.list', { query: { page_size: 10, page_number: 1, payment_intent_id: intent.payment_intent_id } }, paginated(settlement));
    expect(page.data).toEqual([expect.objectContaining({ payment_intent_id: intent.payment_intent_id, settlement_status: 'SUCCEEDED', transaction_amount: '100.00' })]);
  });
});

replayedEveryMethod(__filename);
