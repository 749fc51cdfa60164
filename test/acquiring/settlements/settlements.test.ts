import { randomUUID } from 'node:crypto';
import { checkLedger } from '../../../src/platform/ledger/invariants';
import { settlementCurrencyFor } from '../../../src/domain/acquiring/settlements/currency';
import { nextCutAfter, utc8DayEnd, utc8DayStart } from '../../../src/domain/acquiring/settlements/cut-time';
import { settlementFees } from '../../../src/domain/acquiring/settlements/fees';
import { runSettlementCut } from '../../../src/domain/acquiring/settlements/cut';
import { money } from '../../../src/platform/money/amount';
import { startTestApp, type TestApp } from '../../support/app';
import { ledgerBalance } from '../../support/ledger';
import { advance } from '../../support/sandbox';
import { createBankAccount } from '../bank-accounts/fixtures';
import { capturedIntent } from '../refunds/captured';
import { acquiringBalances, merchant, refundBody, type Merchant } from '../refunds/fixtures';
import { deliveredData } from '../../support/events';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** PA11 with x-idempotency-key, as the spec's reference and the Node client send it. */
const settlements = (m: Merchant, query: Record<string, string | number> = {}) =>
  m.c.get('/v2/payment/settlements', query, { headers: { 'x-idempotency-key': randomUUID() } });

describe('the daily cut', () => {
  it('falls at 00:00 UTC+8, the first one strictly after a capture', () => {
    expect(nextCutAfter(new Date('2026-11-21T10:00:00Z')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(nextCutAfter(new Date('2026-11-21T16:00:00Z')).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(nextCutAfter(new Date('2026-11-21T15:59:59.999Z')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(utc8DayStart('2026-11-22').toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(utc8DayEnd('2026-11-22').toISOString()).toBe('2026-11-22T15:59:59.999Z');
  });
});

describe('the fee schedule', () => {
  it('charges 1.20 % interchange, 0.15 % scheme and 0.30 USD per item, each rounded half-even', () => {
    const f = settlementFees(money('45'), 'USD', money(1));
    expect([f.interchangeFee, f.schemeFee, f.transactionFee, f.returnFee, f.total].map((d) => d.toFixed())).toEqual(['0.54', '0.07', '0.3', '0', '0.91']);
    const yen = settlementFees(money('10000'), 'JPY', money(155));
    expect([yen.interchangeFee, yen.schemeFee, yen.transactionFee, yen.total].map((d) => d.toFixed())).toEqual(['120', '15', '46', '181']);
  });

  it('never charges more than the settled amount', () => {
    const f = settlementFees(money('0.20'), 'USD', money(1));
    expect([f.interchangeFee, f.schemeFee, f.transactionFee, f.total].map((d) => d.toFixed())).toEqual(['0', '0', '0.2', '0.2']);
  });
});

describe('settlement currency', () => {
  it('is the capture\'s own currency at rate 1 today', async () => {
    const sc = await settlementCurrencyFor(t.db.prisma, { accountId: randomUUID(), currency: 'USD', now: t.clock.now() });
    expect([sc.currency, sc.exchangeRate.toFixed()]).toEqual(['USD', '1']);
  });

  it('converts at the FX area\'s mid rate when the account settles in another currency', async () => {
    const sc = await settlementCurrencyFor(t.db.prisma, { accountId: randomUUID(), currency: 'USD', now: t.clock.now() }, async () => 'EUR');
    expect([sc.currency, sc.exchangeRate.toFixed(), sc.perUsd.toFixed()]).toEqual(['EUR', '0.865', '0.865']);
  });

  it('posts the FX legs of a settlement in another currency, each currency balancing on its own', async () => {
    const m = await merchant(t, 'Euro settler');
    const p = await capturedIntent(t, m.id, { amount: '100.00', currency: 'USD' });
    const cut = nextCutAfter(new Date('2026-11-21T10:00:00Z'));
    await t.db.prisma.$transaction((tx) => runSettlementCut(tx, m.id, cut, cut, async () => 'EUR'));
    const item = await t.db.prisma.settlementItem.findUniqueOrThrow({ where: { paymentAttemptId: p.attemptId } });
    // 86.50 EUR: interchange 1.04 (1.038), scheme 0.13 (0.12975), transcation 0.26 (0.30 × 0.865 = 0.2595)
    expect([item.settlementCurrency, item.settlementAmount.toFixed(), item.exchangeRate.toFixed(), item.totalFeeAmount.toFixed(), item.netSettlementAmount.toFixed()])
      .toEqual(['EUR', '86.5', '0.865', '1.43', '85.07']);
    const bal = (currency: string, purpose: string) => ledgerBalance(t.services, m.id, currency, purpose);
    expect(await Promise.all([bal('USD', 'PAYMENT_PENDING'), bal('USD', 'FX_CLEARING'), bal('EUR', 'FX_CLEARING'), bal('EUR', 'PAYMENT_AVAILABLE'), bal('EUR', 'FEES')]))
      .toEqual(['0', '100', '-86.5', '85.07', '1.43']);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('a clock advance settles a day\'s captures', () => {
  it('settles into the currency of the only Valid settlement bank account, at the FX mid rate (spec 2.5 exchange_rate)', async () => {
    const m = await merchant(t, 'Euro merchant');
    await createBankAccount(m.c, 'EUR_DE');
    const p = await capturedIntent(t, m.id, { amount: '100.00', currency: 'USD' });
    await advance(m.c, 7 * 3600); // past 16:00Z, the cut
    const page = await settlements(m, { payment_intent_id: p.intentId });
    expect(page.body).toMatchObject({ total_items: 1, data: [{
      transaction_amount: '100.00', transaction_currency: 'USD', settlement_currency: 'EUR', exchange_rate: '0.865',
      settlement_amount: '86.50', fee_currency: 'EUR', total_fee_amount: '1.43', net_settlement_amount: '85.07',
    }] });
    expect(await Promise.all([ledgerBalance(t.services, m.id, 'USD', 'PAYMENT_PENDING'), ledgerBalance(t.services, m.id, 'EUR', 'PAYMENT_AVAILABLE')]))
      .toEqual(['0', '85.07']);
    expect(await checkLedger(t.db)).toEqual([]);
  });


  it('cuts a batch at 00:00 UTC+8 whose ledger adds up, and leaves later captures for the next day', async () => {
    const m = await merchant(t, 'Settling');
    const a = await capturedIntent(t, m.id, { amount: '100.00', currency: 'USD', merchantOrderId: 'order-100' });
    const b = await capturedIntent(t, m.id, { amount: '20.00', currency: 'USD' });
    const c = await capturedIntent(t, m.id, { amount: '50.00', currency: 'USD' });
    expect((await m.c.post('/v2/payment/refunds', refundBody(c.intentId, { amount: '5.00' }))).status).toBe(200);
    await advance(m.c, 3 * 3600); // 13:00Z
    // PAYMENT_PENDING, PAYMENT_AVAILABLE, REFUND_IN_FLIGHT, CARD_CLEARING, FEES
    expect(await acquiringBalances(t, m.id, 'USD')).toEqual(['165', '0', '0', '-165', '0']);

    await advance(m.c, 3 * 3600); // 16:00Z: the cut runs
    // captured at the cut instant, after it ran: the next day's
    const late = await capturedIntent(t, m.id, { amount: '10.00', currency: 'USD' });
    const page = await settlements(m);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total_pages: 1, total_items: 3 });
    const items = page.body.data as Record<string, string>[];
    const byIntent = new Map(items.map((i) => [i.payment_intent_id, i]));
    expect(byIntent.get(a.intentId)).toEqual({
      settlement_id: expect.any(String),
      account_id: m.id,
      account_name: 'Settling',
      source_type: 'PAYMENT',
      transaction_type: 'PAYMENT',
      merchant_order_id: 'order-100',
      payment_intent_id: a.intentId,
      payment_method: 'CARD',
      transaction_create_date: '2026-11-21T10:00:00.000Z',
      transaction_amount: '100.00',
      transaction_currency: 'USD',
      transaction_date: '2026-11-21T10:00:00.000Z',
      settlement_amount: '100.00',
      settlement_currency: 'USD',
      net_settlement_amount: '98.35',
      exchange_rate: '1',
      fee_currency: 'USD',
      interchange_fee: '1.20',
      scheme_fee: '0.15',
      transcation_fee: '0.30',
      return_fee: '0.00',
      total_fee_amount: '1.65',
      settlement_status: 'SUCCEEDED',
      settlement_batch_id: expect.any(String),
      settlement_create_date: '2026-11-21T16:00:00.000Z',
      settlement_date: '2026-11-21T16:00:00.000Z',
    });
    expect(byIntent.get(c.intentId)).toMatchObject({ transaction_amount: '50.00', settlement_amount: '45.00', total_fee_amount: '0.91', net_settlement_amount: '44.09' });
    expect(byIntent.get(b.intentId)).toMatchObject({ settlement_amount: '20.00', total_fee_amount: '0.57', net_settlement_amount: '19.43' });
    expect(new Set(items.map((i) => i.settlement_batch_id)).size).toBe(1);

    // gross 165.00 out of pending (the 10.00 captured at the cut stays), net 161.87 in, fees 3.13; the refund is back on the card
    expect(await acquiringBalances(t, m.id, 'USD')).toEqual(['10', '161.87', '0', '-175', '3.13']);
    expect(await checkLedger(t.db)).toEqual([]);
    const batchId = items[0]!.settlement_batch_id!;
    const batchEvents = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: batchId } });
    expect(batchEvents.map((e) => [e.eventName, e.eventType, (deliveredData(e) as Record<string, unknown>).item_count])).toEqual([['settlement.create.succeeded', 'ACQUIRING', 3]]);

    await advance(m.c, 24 * 3600);
    const next = await settlements(m, { payment_intent_id: late.intentId });
    expect(next.body).toMatchObject({ total_items: 1, data: [{ settlement_date: '2026-11-22T16:00:00.000Z', net_settlement_amount: '9.56' }] });
    expect(next.body.data[0].settlement_batch_id).not.toBe(batchId);
    expect(await acquiringBalances(t, m.id, 'USD')).toEqual(['0', '171.43', '0', '-175', '3.57']);
  });
});

describe('PA11 list settlements', () => {
  let m: Merchant;
  let first: { intentId: string };
  let batch: string;

  beforeAll(async () => {
    m = await merchant(t, 'Filters');
    first = await capturedIntent(t, m.id, { amount: '10.00', currency: 'USD' });
    await capturedIntent(t, m.id, { amount: '11.00', currency: 'USD' });
    await advance(m.c, 6 * 3600); // cut 2026-11-21T16:00Z = 2026-11-22 in UTC+8
    await capturedIntent(t, m.id, { amount: '12.00', currency: 'USD' });
    await advance(m.c, 24 * 3600); // cut 2026-11-22T16:00Z = 2026-11-23 in UTC+8
    batch = (await settlements(m, { payment_intent_id: first.intentId })).body.data[0].settlement_batch_id;
  });

  const count = async (query: Record<string, string | number>) => {
    const res = await settlements(m, query);
    expect(res.status).toBe(200);
    return res.body.total_items as number;
  };

  it('filters by payment_intent_id and settlement_batch_id', async () => {
    expect(await count({})).toBe(3);
    expect(await count({ payment_intent_id: first.intentId })).toBe(1);
    expect(await count({ settlement_batch_id: batch })).toBe(2);
    expect(await count({ settlement_batch_id: randomUUID() })).toBe(0);
    expect(await count({ payment_intent_id: 'not-a-uuid' })).toBe(0);
  });

  it('reads settled_start_time and settled_end_time as inclusive days in UTC+8', async () => {
    expect(await count({ settled_start_time: '2026-11-22', settled_end_time: '2026-11-22' })).toBe(2);
    expect(await count({ settled_start_time: '2026-11-23' })).toBe(1);
    expect(await count({ settled_end_time: '2026-11-21' })).toBe(0);
    expect(await count({ settled_start_time: '2026-11-22', settled_end_time: '2026-11-23' })).toBe(3);
  });

  it('pages with page_number >= 1 and page_size 1-100 (page_number defaults to 1; with no page_size the 3 items fit one page)', async () => {
    const res = await settlements(m, { page_number: 2, page_size: 2 });
    expect(res.body).toMatchObject({ total_pages: 2, total_items: 3 });
    expect(res.body.data).toHaveLength(1);
    const first = await settlements(m, { page_number: 1, page_size: 2 });
    expect((await settlements(m, { page_size: 2 })).body).toEqual(first.body);
    const all = (await settlements(m)).body;
    expect([all.total_pages, all.total_items, all.data.length]).toEqual([1, 3, 3]);
  });

  it.each([
    [{ page_size: 0 }, "Invalid value for field 'page_size': must be an integer from 1 to 100"],
    [{ page_size: 101 }, "Invalid value for field 'page_size': must be an integer from 1 to 100"],
    [{ page_number: 0 }, `Invalid value for field 'page_number': must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}`],
    [{ settled_start_time: '2026-02-30' }, "Invalid value for field 'settled_start_time': must be a date written YYYY-MM-DD"],
    [{ settled_end_time: '2026-11-22T00:00:00Z' }, "Invalid value for field 'settled_end_time': must be a date written YYYY-MM-DD"],
    [{ settled_start_time: '2026-11-23', settled_end_time: '2026-11-22' }, "Invalid value for field 'settled_end_time': must not be before 'settled_start_time'"],
  ])('refuses %j: %s', async (query, message) => {
    const res = await settlements(m, query);
    expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
  });

  it('accepts a missing x-idempotency-key (the Python client sends none on a GET), checks a sent one, and requires x-client-id', async () => {
    const keyless = await m.c.get('/v2/payment/settlements');
    expect(keyless.status).toBe(200);
    expect(keyless.body).toEqual((await settlements(m)).body);
    const badKey = await m.c.get('/v2/payment/settlements', {}, { headers: { 'x-idempotency-key': 'not a uuid' } });
    expect([badKey.status, badKey.body]).toEqual([400, { code: 400, message: 'Idempotency key error' }]);
    const anonymous = await m.c.withHeaders({ 'x-client-id': '' }).get('/v2/payment/settlements', {}, { headers: { 'x-idempotency-key': randomUUID() } });
    expect([anonymous.status, anonymous.body]).toEqual([403, { code: 403, message: 'x-client-id or email cannot be empty' }]);
  });

  it('shows another tenant none of the account\'s items', async () => {
    const other = await merchant(t, 'Outsider');
    expect((await settlements(other, { settlement_batch_id: batch })).body).toEqual({ total_pages: 0, total_items: 0, data: [] });
  });
});
