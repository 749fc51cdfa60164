import { createMasterAccount } from '../../../src/domain/onboarding/accounts/service';
import { checkLedger } from '../../../src/platform/ledger/invariants';
import { settlementFees } from '../../../src/domain/acquiring/settlements/fees';
import { money } from '../../../src/platform/money/amount';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { advance } from '../../support/sandbox';
import { createBankAccount } from '../bank-accounts/fixtures';
import { card, intentBody } from '../payments/fixtures';
import { acquiringBalances, merchant, refundBody, type Merchant } from '../refunds/fixtures';
import { deliveredData } from '../../support/events';

/**
 * The sandbox's test card 4000000000000077: its capture settles in the capture's own commit, with
 * the postings the daily cut makes, so a client without payrail's test-clock extension can spend it
 * on a payment payout at once. Production accounts have no card network at all (no acquirer).
 */
const AT_ONCE = '4000000000000077';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function confirmed(c: Client, opts: { amount?: string; currency?: string; autoCapture?: boolean } = {}) {
  const created = await c.post('/v2/payment_intents/create', intentBody({ amount: opts.amount ?? '100.00', currency: opts.currency ?? 'USD', merchant_order_id: 'at-once' }));
  const res = await c.post(`/v2/payment_intents/${created.body.payment_intent_id}/confirm`, card(AT_ONCE, opts.autoCapture === undefined ? {} : { auto_capture: opts.autoCapture }));
  if (res.status !== 200) throw new Error(`confirm failed: ${res.status} ${res.raw}`);
  return res.body;
}

const settlementsOf = async (m: Merchant, intentId: string) => (await m.c.get('/v2/payment/settlements', { payment_intent_id: intentId })).body;

describe(`the test card ${AT_ONCE} on a sandbox account`, () => {
  let m: Merchant;
  beforeAll(async () => {
    m = await merchant(t, 'Instant shop');
  });

  it('settles the capture in its own commit: attempt SETTLED, net in the available balance, one item', async () => {
    const intent = await confirmed(m.c);
    expect(intent).toMatchObject({ intent_status: 'SUCCEEDED', captured_amount: '100.00', latest_payment_attempt: { attempt_status: 'SETTLED' } });
    const fees = settlementFees(money('100.00'), 'USD', money(1));
    const net = money('100.00').minus(fees.total);
    expect(await acquiringBalances(t, m.id, 'USD')).toEqual(['0', net.toFixed(), '0', '-100', fees.total.toFixed()]);
    expect((await m.c.get('/v2/payment/balances/USD')).body).toMatchObject({ available_balance: net.toFixed(2), pending_balance: '0.00' });
    const page = await settlementsOf(m, intent.payment_intent_id);
    expect(page.total_items).toBe(1);
    expect(page.data[0]).toMatchObject({
      payment_intent_id: intent.payment_intent_id,
      transaction_amount: '100.00',
      settlement_amount: '100.00',
      net_settlement_amount: net.toFixed(2),
      total_fee_amount: fees.total.toFixed(2),
      settlement_status: 'SUCCEEDED',
      settlement_date: intent.complete_time,
    });
    const entries = await t.db.prisma.journalEntry.findMany({ where: { accountId: m.id } });
    expect(entries.map((e) => e.kind).sort()).toEqual(['PAYMENT_CAPTURE', 'SETTLEMENT']);
    const event = await t.db.prisma.outboxEvent.findFirst({ where: { accountId: m.id, eventName: 'settlement.create.succeeded' } });
    expect(deliveredData(event!)).toMatchObject({ settlement_batch_id: page.data[0].settlement_batch_id, item_count: 1, net_settlement_amount: net.toFixed(2) });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('schedules no cut for it, and the next cut settles it again never', async () => {
    const other = await merchant(t, 'Instant shop, cut after');
    const intent = await confirmed(other.c);
    expect(await t.db.prisma.scheduledTransition.count({ where: { subjectId: other.id, kind: 'settlement.cut' } })).toBe(0);
    await confirmed(other.c, { autoCapture: false }).then((held) => other.c.post(`/v2/payment_intents/${held.payment_intent_id}/cancel`, {}));
    const plain = await other.c.post('/v2/payment_intents/create', intentBody({ merchant_order_id: 'plain' }));
    await other.c.post(`/v2/payment_intents/${plain.body.payment_intent_id}/confirm`, card());
    await advance(other.c, 24 * 3600);
    expect((await settlementsOf(other, intent.payment_intent_id)).total_items).toBe(1);
    expect((await other.c.get('/v2/payment/settlements')).body.total_items).toBe(2);
  });

  it('settles at PA5 when auto_capture was false: the captured part', async () => {
    const held = await confirmed(m.c, { amount: '50.00', autoCapture: false });
    expect(held).toMatchObject({ intent_status: 'REQUIRES_CAPTURE', latest_payment_attempt: { attempt_status: 'AUTHORIZED' } });
    expect((await settlementsOf(m, held.payment_intent_id)).total_items).toBe(0);
    const captured = await m.c.post(`/v2/payment_intents/${held.payment_intent_id}/capture`, { amount_to_capture: '40.00' });
    expect(captured.body).toMatchObject({ intent_status: 'SUCCEEDED', captured_amount: '40.00', latest_payment_attempt: { attempt_status: 'SETTLED' } });
    expect((await settlementsOf(m, held.payment_intent_id)).data[0]).toMatchObject({ transaction_amount: '40.00', settlement_amount: '40.00' });
  });

  it('pays a payment payout from it without any clock advance, and takes a refund from the available balance', async () => {
    const shop = await merchant(t, 'Instant payout shop');
    await createBankAccount(shop.c);
    const intent = await confirmed(shop.c);
    const payout = await shop.c.post('/v2/payment/payout/create', { payout_currency: 'USD', payout_amount: '50.00', statement_descriptor: 'Instant' });
    expect(payout.status).toBe(200);
    expect(payout.body).toMatchObject({ payout_status: 'INITIATED', payout_amount: '50.00' });
    const refund = await shop.c.post('/v2/payment/refunds', refundBody(intent.payment_intent_id, { amount: '20.00' }));
    expect(refund.status).toBe(200);
    const [pending, available] = await acquiringBalances(t, shop.id, 'USD');
    expect([pending, available]).toEqual(['0', money('100.00').minus(settlementFees(money('100.00'), 'USD', money(1)).total).minus(70).toFixed()]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('settles in the settlement bank account currency, as the cut does', async () => {
    const shop = await merchant(t, 'Instant euro shop');
    await createBankAccount(shop.c, 'EUR_DE');
    const intent = await confirmed(shop.c);
    const item = (await settlementsOf(shop, intent.payment_intent_id)).data[0];
    expect(item).toMatchObject({ transaction_currency: 'USD', settlement_currency: 'EUR', exchange_rate: '0.865', settlement_amount: '86.50' });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('settles through the 3-D Secure page too', async () => {
    const shop = await merchant(t, 'Instant challenged shop');
    const created = await shop.c.post('/v2/payment_intents/create', intentBody({ ip_address: '203.0.113.7', browser_info: { language: 'en' } }));
    const challenged = await shop.c.post(`/v2/payment_intents/${created.body.payment_intent_id}/confirm`, card(AT_ONCE, { three_ds_action: 'enforce_3ds' }));
    const page = new URL(challenged.body.next_action.redirect_to_url.url).pathname;
    expect((await t.inject({ method: 'POST', url: `${page}/complete` })).statusCode).toBe(303);
    const after = (await shop.c.get(`/v2/payment_intents/${created.body.payment_intent_id}`)).body;
    expect(after.latest_payment_attempt.attempt_status).toBe('SETTLED');
    expect((await settlementsOf(shop, created.body.payment_intent_id)).total_items).toBe(1);
  });
});

describe(`the test card ${AT_ONCE} under concurrency`, () => {
  it('settles ten captures of one instant into one batch under one id, each once, the ledger balanced', async () => {
    const shop = await merchant(t, 'Instant rush');
    const intents = await Promise.all(Array.from({ length: 10 }, () => confirmed(shop.c, { amount: '10.00' })));
    expect(intents.map((i) => i.latest_payment_attempt.attempt_status)).toEqual(Array(10).fill('SETTLED'));
    const page = (await shop.c.get('/v2/payment/settlements', { page_size: 100 })).body;
    expect(page.total_items).toBe(10);
    expect(new Set(page.data.map((i: { settlement_batch_id: string }) => i.settlement_batch_id)).size).toBe(1);
    const batches = await t.db.prisma.settlementBatch.findMany({ where: { accountId: shop.id } });
    expect(batches.map((b) => [b.id, b.itemCount])).toEqual([[page.data[0].settlement_batch_id, 10]]);
    const net = money('10.00').minus(settlementFees(money('10.00'), 'USD', money(1)).total);
    const [pending, available] = await acquiringBalances(t, shop.id, 'USD');
    expect([pending, available]).toEqual(['0', net.times(10).toFixed()]);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe(`the test card ${AT_ONCE} on a production account`, () => {
  it('settles nothing: a production account has no acquirer, so the confirm is refused and nothing is captured', async () => {
    const made = await createMasterAccount(t.services, { name: 'Live shop', isSandbox: false });
    const c = (await clientOf(t, made.key)).withHeaders({ 'x-client-id': made.key.clientId });
    const created = await c.post('/v2/payment_intents/create', intentBody({ merchant_order_id: 'at-once' }));
    const res = await c.post(`/v2/payment_intents/${created.body.payment_intent_id}/confirm`, card(AT_ONCE));
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { code: 400, message: 'No card acquirer is configured for this account: card payments are simulated for sandbox accounts only' },
    });
    expect(await acquiringBalances(t, made.account.id, 'USD')).toEqual(['0', '0', '0', '0', '0']);
    expect((await c.get('/v2/payment/settlements')).body.total_items).toBe(0);
    expect(await t.db.prisma.scheduledTransition.count({ where: { subjectId: made.account.id, kind: 'settlement.cut' } })).toBe(0);
  });
});
