import { checkLedger } from '../../src/platform/ledger/invariants';
import { money } from '../../src/platform/money/amount';
import { startTestApp, type TestApp } from '../support/app';
import type { Client, RestReply } from '../support/client';
import { ledgerBalance } from '../support/ledger';
import { overTheWire, type Wire } from '../support/wire';
import { createBankAccount } from '../acquiring/bank-accounts/fixtures';
import { card, intentBody } from '../acquiring/payments/fixtures';
import { merchant, refundBody } from '../acquiring/refunds/fixtures';

/**
 * Two debits of one available payment balance: refunds of settled captures (taken from
 * PAYMENT_AVAILABLE once their capture is settled) and payment payouts (PA16, available money
 * only). Both lines are guarded (docs/decisions/acquiring/refunds.md "Refunds and settlements", "Payment payouts"),
 * so together they never take the balance below zero, and each refusal is its area's own answer.
 */

let t: TestApp;
let wire: Wire;

beforeAll(async () => {
  t = await startTestApp();
  wire = await overTheWire(t);
});
afterAll(async () => {
  await wire.close();
  await t.close();
});

/** The sandbox test card whose capture settles in its own commit (test/acquiring/settlements/at-once.test.ts). */
const SETTLES_AT_ONCE = '4000000000000077';

async function settledCapture(c: Client): Promise<{ intentId: string; attemptId: string }> {
  const created = await c.post('/v2/payment_intents/create', intentBody({ amount: '100.00', currency: 'USD', merchant_order_id: 'race' }));
  const res = await c.post(`/v2/payment_intents/${created.body.payment_intent_id}/confirm`, card(SETTLES_AT_ONCE));
  if (res.status !== 200 || res.body.latest_payment_attempt.attempt_status !== 'SETTLED') throw new Error(`capture failed: ${res.status} ${res.raw}`);
  return { intentId: res.body.payment_intent_id, attemptId: res.body.latest_payment_attempt.attempt_id };
}

describe('refunds of settled captures racing payment payouts on the available balance', () => {
  it('with 295.05 available for 540.00 of debits: never below zero, each refusal exact, the balance at 295.05 less the successes', async () => {
    const m = await merchant(wire.t, 'Refund or sweep');
    await createBankAccount(m.c, 'USD_US');
    const captures = [await settledCapture(m.c), await settledCapture(m.c), await settledCapture(m.c)];
    // Each 100.00 capture settles net of 1.20 (1.20 %) + 0.15 (0.15 %) + 0.30 fixed = 1.65: 98.35.
    const START = money('295.05');
    expect(await ledgerBalance(t.services, m.id, 'USD', 'PAYMENT_AVAILABLE')).toBe(START.toFixed());

    // Two refunds of 40.00 per capture (80.00 of its 100.00: within what it captured) and six payouts of 50.00.
    const REFUND = money('40.00'), PAYOUT = money('50.00');
    const kinds: Array<{ kind: 'refund'; capture: number } | { kind: 'payout' }> = [];
    for (let i = 0; i < 6; i++) kinds.push({ kind: 'refund', capture: i % 3 }, { kind: 'payout' });
    const answers: RestReply[] = await wire.together(
      kinds.map((k) => () =>
        k.kind === 'refund'
          ? m.c.post('/v2/payment/refunds', refundBody(captures[k.capture]!.intentId, { amount: REFUND.toFixed(2) }))
          : m.c.post('/v2/payment/payout/create', { payout_currency: 'USD', payout_amount: PAYOUT.toFixed(2), statement_descriptor: 'SWEEP' }),
      ),
    );

    const refundsOk = answers.filter((a, i) => kinds[i]!.kind === 'refund' && a.status === 200).length;
    const payoutsOk = answers.filter((a, i) => kinds[i]!.kind === 'payout' && a.status === 200).length;
    for (const [i, a] of answers.entries()) {
      if (a.status === 200) continue;
      expect([kinds[i]!.kind, a.status, a.body]).toEqual(
        kinds[i]!.kind === 'refund'
          ? ['refund', 400, { code: 400, message: 'Insufficient payment balance: the USD available balance cannot cover this refund' }]
          : ['payout', 400, { code: 400, message: 'Insufficient balance: the USD available payment balance cannot cover this amount' }],
      );
    }
    expect(refundsOk + payoutsOk).toBeLessThan(12);

    const available = START.minus(REFUND.times(refundsOk)).minus(PAYOUT.times(payoutsOk));
    expect(available.gte(0)).toBe(true);
    expect(await ledgerBalance(t.services, m.id, 'USD', 'PAYMENT_AVAILABLE')).toBe(available.toFixed());
    // Both only take from this balance, so after a refusal it never grew: what is left is short of each refused debit.
    if (refundsOk < 6) expect(available.lt(REFUND)).toBe(true);
    if (payoutsOk < 6) expect(available.lt(PAYOUT)).toBe(true);
    expect(await ledgerBalance(t.services, m.id, 'USD', 'REFUND_IN_FLIGHT')).toBe(REFUND.times(refundsOk).toFixed());
    expect(await ledgerBalance(t.services, m.id, 'USD', 'PAYMENT_PAYOUT_IN_FLIGHT')).toBe(PAYOUT.times(payoutsOk).toFixed());
    expect(await ledgerBalance(t.services, m.id, 'USD', 'PAYMENT_PENDING')).toBe('0');

    // A refused refund gave back its claim on the capture: the attempts count only the refunds that exist.
    const refunds = await t.db.prisma.refund.findMany({ where: { paymentIntentId: { in: captures.map((x) => x.intentId) } } });
    expect(refunds).toHaveLength(refundsOk);
    for (const x of captures) {
      const attempt = await t.db.prisma.paymentAttempt.findUniqueOrThrow({ where: { id: x.attemptId } });
      const mine = refunds.filter((r) => r.paymentIntentId === x.intentId).length;
      expect(attempt.refundedAmount.toFixed(2)).toBe(REFUND.times(mine).toFixed(2));
    }
    expect(await t.db.prisma.paymentPayout.count({ where: { accountId: m.id } })).toBe(payoutsOk);
    const entries = await t.db.prisma.journalEntry.groupBy({ by: ['kind'], where: { accountId: m.id, kind: { in: ['REFUND', 'PAYMENT_PAYOUT'] } }, _count: true });
    expect(Object.fromEntries(entries.map((e) => [e.kind, e._count]))).toEqual({ ...(refundsOk ? { REFUND: refundsOk } : {}), ...(payoutsOk ? { PAYMENT_PAYOUT: payoutsOk } : {}) });
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
