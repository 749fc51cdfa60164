import { ManualClock } from '../../src/platform/clock/clock';
import { checkLedger } from '../../src/platform/ledger/invariants';
import { money, type Money } from '../../src/platform/money/amount';
import { settlementFees } from '../../src/domain/acquiring/settlements/fees';
import { DEFAULT_JOBS } from '../../src/jobs/worker';
import { startTestApp, type TestApp } from '../support/app';
import type { Client, Json } from '../support/client';
import { ledgerBalance } from '../support/ledger';
import { overTheWire, type Wire } from '../support/wire';
import { card, intentBody } from '../acquiring/payments/fixtures';
import { merchant, refundBody } from '../acquiring/refunds/fixtures';
import { deliveredData } from '../support/events';

/**
 * The daily settlement cut (00:00 UTC+8, 16:00 UTC) run by the worker's real job while captures and
 * refunds arrive over HTTP. The cut settles the captures that succeeded strictly before it; a
 * refund committed before it lowers its capture's settled gross (taken from PAYMENT_PENDING), one
 * committed after it is taken from PAYMENT_AVAILABLE; a capture at the cut instant belongs to the
 * next day (docs/decisions/acquiring/settlements.md "Refunds and settlements"). Whatever the interleaving, each capture
 * is in exactly one settlement or still pending for the next, and each refund is counted once.
 *
 * The merchant's tree has no test clock, so its time is the process clock, which the test moves;
 * the job is the worker's own `run-due-transitions`, run by two workers at once.
 */

const CUT = '2026-11-21T16:00:00.000Z';
const clock = new ManualClock('2026-11-21T15:59:00Z');
let t: TestApp;
let wire: Wire;

beforeAll(async () => {
  t = await startTestApp({ clock });
  wire = await overTheWire(t);
});
afterAll(async () => {
  await wire.close();
  await t.close();
});

const job = DEFAULT_JOBS.find((j) => j.name === 'run-due-transitions')!;

async function created(c: Client, order: string): Promise<string> {
  const res = await c.post('/v2/payment_intents/create', intentBody({ amount: '100.00', currency: 'USD', merchant_order_id: order }));
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${res.raw}`);
  return res.body.payment_intent_id as string;
}
const confirm = (c: Client, intentId: string) => c.post(`/v2/payment_intents/${intentId}/confirm`, card());

describe('the settlement cut run by the worker while captures and refunds arrive', () => {
  it('puts every capture in exactly one settlement or in the next period, and counts every refund once', async () => {
    const m = await merchant(wire.t, 'Cut racer');
    // Four captures of 100.00 a minute before the cut, one of them already refunded 10.00.
    const before: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await created(m.c, `before-${i}`);
      const res = await confirm(m.c, id);
      if (res.body.intent_status !== 'SUCCEEDED') throw new Error(`capture failed: ${res.raw}`);
      before.push(id);
    }
    expect((await m.c.post('/v2/payment/refunds', refundBody(before[0]!, { amount: '10.00' }))).status).toBe(200);
    // Three more intents, captured during the race: at the cut instant, so in the next day.
    const during = [await created(m.c, 'during-0'), await created(m.c, 'during-1'), await created(m.c, 'during-2')];
    expect(await ledgerBalance(t.services, m.id, 'USD', 'PAYMENT_PENDING')).toBe('390');

    clock.set(CUT);
    // The two workers start their job when the first request has been answered: the others are
    // then being handled, so the cut runs in the middle of them (started with the requests, the job
    // in this process would always be done before the first request had been read).
    let firstAnswered!: () => void;
    const oneAnswered = new Promise<void>((resolve) => (firstAnswered = resolve));
    const contenders = [
      ...before.map((id) => () => m.c.post('/v2/payment/refunds', refundBody(id, { amount: '20.00' }))),
      ...during.map((id) => () => confirm(m.c, id)),
    ].map((call) => () => call().finally(firstAnswered));
    const worker = () => oneAnswered.then(() => job.run(t.services));
    const [answers] = await wire.togetherWith(contenders, [worker, worker]);
    expect(answers.map((a) => [a.status, a.body.intent_status ?? a.body.refund_status])).toEqual([
      ...before.map(() => [200, 'INITIATED']),
      ...during.map(() => [200, 'SUCCEEDED']),
    ]);
    // Whatever the jobs found due while the requests ran, the worker's next run finds the rest.
    await job.run(t.services);

    // The cut ran once and wrote one batch of the four captures before it; the next day's cut waits.
    const cuts = await t.db.prisma.scheduledTransition.findMany({ where: { subjectId: m.id, kind: 'settlement.cut' }, orderBy: { dueAt: 'asc' } });
    // The error column is compared too: a cut that failed on its first run says why in the diff.
    expect(cuts.map((x) => [x.dueAt.toISOString(), x.status, x.lastError])).toEqual([
      [CUT, 'DONE', null],
      ['2026-11-22T16:00:00.000Z', 'PENDING', null],
    ]);
    const batches = await t.db.prisma.settlementBatch.findMany({ where: { accountId: m.id } });
    expect(batches.map((b) => [b.cutAt.toISOString(), b.currency, b.itemCount])).toEqual([[CUT, 'USD', 4]]);
    const items = await t.db.prisma.settlementItem.findMany({ where: { accountId: m.id } });
    expect(items.map((i) => i.paymentIntentId).sort()).toEqual([...before].sort());
    const attempts = await t.db.prisma.paymentAttempt.findMany({ where: { paymentIntentId: { in: [...before, ...during] } } });
    for (const a of attempts) expect([a.paymentIntentId, a.status]).toEqual([a.paymentIntentId, before.includes(a.paymentIntentId) ? 'SETTLED' : expect.not.stringMatching(/^SETTLED$/)]);

    // Each refund came from the balance its capture was in when the refund committed, and says so
    // in its posting; a capture's settled gross is its 100.00 less exactly the refunds taken before the cut.
    const { rows: refunds } = await t.db.pool.query<{ intent: string; amount: string; source: string; debited: string }>(
      `SELECT r.payment_intent_id AS intent, r.amount::text AS amount, r.source_purpose AS source, la.purpose AS debited
         FROM refunds r
         JOIN journal_entries e ON e.reference_type = 'REFUND' AND e.reference_id = r.id AND e.kind = 'REFUND'
         JOIN journal_lines l ON l.entry_id = e.id AND l.amount < 0
         JOIN ledger_accounts la ON la.id = l.ledger_account_id
        WHERE r.account_id = $1`,
      [m.id],
    );
    expect(refunds).toHaveLength(5);
    for (const r of refunds) expect(r.debited).toBe(r.source);
    const refundedFrom = (intent: string, purpose: string): Money =>
      refunds.filter((r) => r.intent === intent && r.debited === purpose).reduce((s, r) => s.plus(money(r.amount)), money(0));
    let net = money(0), fees = money(0), afterCut = money(0);
    for (const item of items) {
      const gross = money('100.00').minus(refundedFrom(item.paymentIntentId, 'PAYMENT_PENDING'));
      expect([item.paymentIntentId, item.settlementAmount.toFixed(2)]).toEqual([item.paymentIntentId, gross.toFixed(2)]);
      expect(item.totalFeeAmount.toFixed(2)).toBe(settlementFees(gross, 'USD', money(1)).total.toFixed(2));
      expect(item.netSettlementAmount.toFixed(2)).toBe(gross.minus(item.totalFeeAmount).toFixed(2));
      net = net.plus(item.netSettlementAmount);
      fees = fees.plus(item.totalFeeAmount);
      afterCut = afterCut.plus(refundedFrom(item.paymentIntentId, 'PAYMENT_AVAILABLE'));
    }
    // The 10.00 refunded a minute before the cut came from pending, whatever the race did.
    expect(refundedFrom(before[0]!, 'PAYMENT_PENDING').gte(10)).toBe(true);

    // Nothing counted twice or lost: pending holds exactly the three captures of the next day,
    // available the settled net less the refunds taken after the cut, in flight every refund.
    expect(await ledgerBalance(t.services, m.id, 'USD', 'PAYMENT_PENDING')).toBe('300');
    expect(await ledgerBalance(t.services, m.id, 'USD', 'PAYMENT_AVAILABLE')).toBe(net.minus(afterCut).toFixed());
    expect(await ledgerBalance(t.services, m.id, 'USD', 'FEES')).toBe(fees.toFixed());
    expect(await ledgerBalance(t.services, m.id, 'USD', 'REFUND_IN_FLIGHT')).toBe('90');
    expect(await ledgerBalance(t.services, m.id, 'USD', 'CARD_CLEARING')).toBe('-700');
    const events = await t.db.prisma.outboxEvent.findMany({ where: { accountId: m.id, eventName: 'settlement.create.succeeded' } });
    expect(events.map((e) => (deliveredData(e) as Json).item_count)).toEqual([4]);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
