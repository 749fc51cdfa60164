import { randomUUID } from 'node:crypto';
import { ManualClock } from '../../../src/platform/clock/clock';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type Json } from '../../support/client';
import { fundWallet, walletBalance } from '../../support/ledger';
import { makeMaster, type Tenant } from '../../support/tenants';
import { card, intentBody } from '../../acquiring/payments/fixtures';
import { acquiringBalances } from '../../acquiring/refunds/fixtures';
import { createBeneficiary, payoutBody } from '../../wallet/payouts/fixtures';
import { pumpOnce, settingsOf } from '../webhooks/harness';
import { Receiver } from '../webhooks/receiver';

/**
 * One advance of a sandbox tree's test clock across eight days, with every kind of due work in
 * between: the sandbox network's late capture answer, refund steps, two daily settlement cuts, payout
 * submissions and bank answers, a quote running out, an uncaptured authorization released after 7
 * days, and a failing webhook receiver retried to the end of its 3-day window. The expected
 * timeline is written from the schedules of docs/decisions.md and docs/webhooks.md, not read back
 * from the code.
 *
 * The tree is frozen at 15:59:59 UTC, one second before the 00:00 UTC+8 cut, so that the late
 * capture (answered 2 s later) falls on the next settlement day.
 */

const T0 = '2026-11-21T15:59:59.000Z';
const END = '2026-11-29T00:00:00.000Z';

let t: TestApp;
let merchant: Tenant;
let c: Client;
let healthy: Receiver;
let failing: Receiver;
let failingEndpoint: string;

beforeAll(async () => {
  // The process clock stays here: tokens live on it; the tree's frozen time is what moves.
  t = await startTestApp({ clock: new ManualClock(T0) });
  merchant = await makeMaster(t.services, { name: 'Long advance' });
  c = (await clientOf(t, merchant)).withHeaders({ 'x-client-id': merchant.clientId });
  healthy = await Receiver.start();
  failing = await Receiver.start();
});
afterAll(async () => {
  await Promise.all([healthy.close(), failing.close()]);
  await t.close();
});

function ok(res: { status: number; body: Json; raw: string }, what: string): Json {
  if (res.status !== 200) throw new Error(`${what} failed: ${res.status} ${res.raw}`);
  return res.body;
}

async function endpoint(receiver: Receiver, eventNames?: string[]): Promise<string> {
  const body = ok(await c.post('/v1/webhooks/endpoints', { url: receiver.url, ...(eventNames ? { event_names: eventNames } : {}) }), 'endpoint');
  receiver.secret = body.secret as string;
  return body.webhook_endpoint_id as string;
}

async function intent(amount: string, number: string, autoCapture: boolean, order: string): Promise<string> {
  const created = ok(await c.post('/v2/payment_intents/create', intentBody({ amount, merchant_order_id: order })), 'create');
  const id = created.payment_intent_id as string;
  ok(await c.post(`/v2/payment_intents/${id}/confirm`, card(number, autoCapture ? {} : { auto_capture: false })), 'confirm');
  return id;
}

/** Events written at or after `from` on the tree's clock, in commit order, as (name, source, time). */
async function timeline(from: string): Promise<[string, string, string][]> {
  const { rows } = await t.db.pool.query<{ event_name: string; source_id: string; created_at: Date }>(
    'SELECT event_name, source_id, created_at FROM outbox_events WHERE created_at > $1 ORDER BY tx_id, seq',
    [from],
  );
  return rows.map((r) => [r.event_name, r.source_id, r.created_at.toISOString()]);
}

describe('an eight-day test-clock advance in one call', () => {
  it('runs every transition due in between in due order, each at its due time, and retries a failing receiver to its 3-day end', async () => {
    // Freeze the tree at T0 (the process clock's time) before anything is made.
    expect(ok(await c.post('/v1/simulation/clock/advance', { to: T0 }, { key: null }), 'freeze').frozen_time).toBe(T0);

    await endpoint(healthy);
    failingEndpoint = await endpoint(failing, ['payout.complete.succeeded']);
    failing.fallback = 500;
    // Under a test clock an attempt happens at its due time: while the receiver holds the request,
    // the claimed delivery's next_attempt_at is the time of this attempt.
    const attemptTimes: string[] = [];
    const hookErrors: unknown[] = [];
    failing.beforeAnswer = async (r) => {
      try {
        const { rows } = await t.db.pool.query<{ next_attempt_at: Date }>(
          'SELECT next_attempt_at FROM webhook_deliveries WHERE endpoint_id = $1 AND event_id = $2',
          [failingEndpoint, r.eventId],
        );
        attemptTimes.push(rows[0]!.next_attempt_at.toISOString());
      } catch (e) {
        hookErrors.push(e);
      }
    };

    // Captured at confirm, at T0: settled by the cut of 2026-11-21T16:00Z.
    const captured = await intent('100.00', '4242424242424242', true, 'order-captured');
    // The sandbox network answers this card's capture 2 s later: captured at 16:00:01, after the cut.
    const late = await intent('50.00', '4000000000000606', true, 'order-late');
    // Authorized, never captured: released 7 days after the confirm.
    const abandoned = await intent('30.00', '4242424242424242', false, 'order-abandoned');
    // Refunded before the cut: PROCESSING 60 s after creation, SUCCEEDED 1 h after that.
    const refund = ok(await c.post('/v2/payment/refunds', { payment_intent_id: captured, amount: '10.00', reason: 'requested_by_customer' }), 'refund');

    await fundWallet(t.services, merchant.account.id, 'USD', '1000.00');
    const beneficiary = await createBeneficiary(c);
    // Submitted at 00:00 UTC of payout_date, answered by the simulated bank 2 s later.
    const paid = (ok(await c.post('/v1/payouts', payoutBody(beneficiary, { amount: '100.00', payout_date: '2026-11-22' })), 'payout')).payout_id as string;
    const returned = (ok(await c.post('/v1/payouts', payoutBody(beneficiary, { amount: '40.00', payout_date: '2026-11-23', payout_reference: 'SIMULATE-FAILED 7' })), 'payout')).payout_id as string;
    // Valid 300 s: through 16:04:59, inclusive.
    const quote = ok(await c.post('/v1/conversion/quote', { sell_currency: 'USD', sell_amount: '20.00', buy_currency: 'EUR', conversion_date: '2026-11-21' }), 'quote');
    expect(quote.validity).toBe('2026-11-21T16:04:59.000Z');

    // 10 transitions: the late capture's answer, two refund steps, two cuts, two payout submissions
    // and two bank answers, the release; the quote expires by its validity alone.
    const advanced = ok(await c.post('/v1/simulation/clock/advance', { to: END }, { key: null }), 'advance');
    expect(advanced).toEqual({ root_account_id: merchant.account.id, frozen_time: END, transitions_run: 10 });

    // The worker's pass after the advance: fan-out, then every attempt due by the tree's time.
    await pumpOnce(t, settingsOf(t));

    // Settlement batches are born in the advance; their ids come from PA11, matched by settlement day.
    const items = ok(await c.get('/v2/payment/settlements', { page_number: 1, page_size: 10 }, { headers: { 'x-idempotency-key': randomUUID() } }), 'settlements').data as Json[];
    const batchOf = (intentId: string) => items.find((i) => i.payment_intent_id === intentId)!.settlement_batch_id as string;
    const refundId = refund.payment_refund_id as string;

    // In due order, each at its due time (docs/decisions.md: refund +60 s then +1 h, the daily cut at
    // 00:00 UTC+8, the 2 s late capture, payouts at 00:00 UTC of payout_date then +2 s, the 7-day release).
    expect(await timeline(T0)).toEqual([
      ['settlement.create.succeeded', batchOf(captured), '2026-11-21T16:00:00.000Z'],
      ['payment_intent.capture.succeeded', late, '2026-11-21T16:00:01.000Z'],
      ['refund.process.succeeded', refundId, '2026-11-21T16:00:59.000Z'],
      ['refund.complete.succeeded', refundId, '2026-11-21T17:00:59.000Z'],
      ['payout.submit.succeeded', paid, '2026-11-22T00:00:00.000Z'],
      ['payout.complete.succeeded', paid, '2026-11-22T00:00:02.000Z'],
      ['settlement.create.succeeded', batchOf(late), '2026-11-22T16:00:00.000Z'],
      ['payout.submit.succeeded', returned, '2026-11-23T00:00:00.000Z'],
      ['payout.complete.failed', returned, '2026-11-23T00:00:02.000Z'],
      ['payment_intent.cancel.succeeded', abandoned, '2026-11-28T15:59:59.000Z'],
    ]);

    // Two cuts, one item each: the first settles the capture less the refund made before it, the
    // second the late capture. Fees: 1.20 % + 0.15 % (half-even) + 0.30 USD.
    expect(items.map((i) => [i.payment_intent_id, i.settlement_date, i.transaction_amount, i.settlement_amount, i.interchange_fee, i.scheme_fee, i.transcation_fee, i.total_fee_amount, i.net_settlement_amount])).toEqual([
      [late, '2026-11-22T16:00:00.000Z', '50.00', '50.00', '0.60', '0.08', '0.30', '0.98', '49.02'],
      [captured, '2026-11-21T16:00:00.000Z', '100.00', '90.00', '1.08', '0.14', '0.30', '1.52', '88.48'],
    ]);
    expect(new Set(items.map((i) => i.settlement_batch_id)).size).toBe(2);
    // PAYMENT_PENDING, PAYMENT_AVAILABLE (88.48 + 49.02), REFUND_IN_FLIGHT, CARD_CLEARING (150 captured
    // less 10 refunded), FEES (2.50 of settlement fees, and the LOCAL payout fee of 1 USD on each payout,
    // kept when the bank returns one).
    expect(await acquiringBalances(t, merchant.account.id, 'USD')).toEqual(['0', '137.5', '0', '-140', '4.5']);
    // The wallet: 1000 less the completed payout and both fees; the returned payout's 40 came back.
    expect(await walletBalance(t.services, merchant.account.id, 'USD')).toBe('898');

    // What expired, and the final states of the rest.
    const abandonedNow = ok(await c.get(`/v2/payment_intents/${abandoned}`), 'intent');
    expect([abandonedNow.intent_status, abandonedNow.cancellation_reason, abandonedNow.latest_payment_attempt.attempt_status]).toEqual(['CANCELLED', 'abandoned', 'EXPIRED']);
    expect(ok(await c.get(`/v2/payment_intents/${late}`), 'intent').intent_status).toBe('SUCCEEDED');
    expect(ok(await c.get(`/v2/payment/refunds/${refundId}`), 'refund').refund_status).toBe('SUCCEEDED');
    expect(ok(await c.get(`/v1/payouts/${paid}`), 'payout').payout_status).toBe('COMPLETED');
    expect(ok(await c.get(`/v1/payouts/${returned}`), 'payout').payout_status).toBe('FAILED');
    const conversion = await c.post('/v1/conversion', { quote_id: quote.quote_id, sell_currency: 'USD', buy_currency: 'EUR', conversion_date: '2026-11-21', sell_amount: '20.00' });
    expect([conversion.status, conversion.body]).toEqual([400, { code: 400, message: 'Quote has expired, please request a new quote' }]);

    // The failing receiver: 11 attempts of the one payout.complete.succeeded, at 0, 10 s, 70 s, 430 s,
    // 2590 s, 15550 s, then every 12 h up to 64.3 h after the first; the next would fall 76.3 h after
    // it, past the 3-day window, so the delivery is FAILED (jitter fixed at the middle).
    expect(hookErrors).toEqual([]);
    expect(attemptTimes).toEqual([
      '2026-11-22T00:00:02.000Z',
      '2026-11-22T00:00:12.000Z',
      '2026-11-22T00:01:12.000Z',
      '2026-11-22T00:07:12.000Z',
      '2026-11-22T00:43:12.000Z',
      '2026-11-22T04:19:12.000Z',
      '2026-11-22T16:19:12.000Z',
      '2026-11-23T04:19:12.000Z',
      '2026-11-23T16:19:12.000Z',
      '2026-11-24T04:19:12.000Z',
      '2026-11-24T16:19:12.000Z',
    ]);
    expect(failing.received.map((r) => [r.eventName, r.envelope.source_id, r.verified])).toEqual(Array.from({ length: 11 }, () => ['payout.complete.succeeded', paid, true]));
    const failed = ok(await c.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10, endpoint_id: failingEndpoint }), 'deliveries').data as Json[];
    expect(failed.map((d) => [d.status, d.attempts, d.last_status_code, d.last_error, d.last_attempt_time, d.next_attempt_time])).toEqual([
      ['FAILED', 11, 500, 'non_2xx', '2026-11-24T16:19:12.000Z', null],
    ]);

    // The healthy receiver got the advance's events once each, in the same order.
    const advanceEvents = new Set((await t.db.pool.query<{ id: string }>('SELECT id FROM outbox_events WHERE created_at > $1', [T0])).rows.map((r) => r.id));
    const ordered = (await t.db.pool.query<{ id: string }>('SELECT id FROM outbox_events WHERE created_at > $1 ORDER BY tx_id, seq', [T0])).rows.map((r) => r.id);
    expect(healthy.received.filter((r) => advanceEvents.has(r.eventId)).map((r) => r.eventId)).toEqual(ordered);
  });
});
