import { money } from '../../../src/platform/money/amount';
import { addRefundedAmount, markCaptureSettled, readCapturedPayment } from '../../../src/domain/acquiring/payments/contract';
import { paymentErrors } from '../../../src/domain/acquiring/payments/errors';
import { applyInTransaction } from '../../../src/platform/writes/apply';
import { WriteSet } from '../../../src/platform/writes/write-set';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { ledgerBalance } from '../../support/ledger';
import { confirmedIntent, createIntent, merchant } from './fixtures';

let t: TestApp;
let c: Client;
let accountId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ c, id: accountId } = await merchant(t, 'Racy shop'));
});
afterAll(() => t.close());

describe('concurrent operations on one intent', () => {
  it('ten concurrent captures (different keys) capture once and post once', async () => {
    const held = await confirmedIntent(c, { autoCapture: false });
    const id = held.payment_intent_id;
    const before = await ledgerBalance(t.services, accountId, 'USD', 'PAYMENT_PENDING');
    const answers = await Promise.all(Array.from({ length: 10 }, () => c.post(`/v2/payment_intents/${id}/capture`, {})));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.body).toEqual({ code: 400, message: 'You cannot capture this PaymentIntent because its intent_status is SUCCEEDED' });
    }
    expect(await t.db.prisma.journalEntry.count({ where: { referenceId: id } })).toBe(1);
    expect(money(await ledgerBalance(t.services, accountId, 'USD', 'PAYMENT_PENDING')).minus(before).toFixed()).toBe('100');
  });

  it('a capture racing a cancel: exactly one wins, and the ledger matches the winner', async () => {
    const held = await confirmedIntent(c, { autoCapture: false });
    const id = held.payment_intent_id;
    const [capture, cancel] = await Promise.all([c.post(`/v2/payment_intents/${id}/capture`, {}), c.post(`/v2/payment_intents/${id}/cancel`, {})]);
    expect([capture.status, cancel.status].sort()).toEqual([200, 400]);
    const final = (await c.get(`/v2/payment_intents/${id}`)).body;
    expect(final.intent_status).toBe(capture.status === 200 ? 'SUCCEEDED' : 'CANCELLED');
    expect(await t.db.prisma.journalEntry.count({ where: { referenceId: id } })).toBe(capture.status === 200 ? 1 : 0);
  });

  it('two concurrent confirms record one authorized attempt', async () => {
    const intent = await createIntent(c);
    const id = intent.payment_intent_id;
    const body = (await import('./fixtures')).card();
    const answers = await Promise.all([c.post(`/v2/payment_intents/${id}/confirm`, body), c.post(`/v2/payment_intents/${id}/confirm`, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await t.db.prisma.paymentAttempt.count({ where: { paymentIntentId: id } })).toBe(1);
  });
});

describe('the capture contract (src/domain/acquiring/payments/contract.ts)', () => {
  it('reads a captured intent, and never lets concurrent refunded amounts exceed the capture', async () => {
    const held = await confirmedIntent(c, { autoCapture: false });
    expect(await readCapturedPayment(t.db, accountId, held.payment_intent_id)).toBeUndefined();
    await c.post(`/v2/payment_intents/${held.payment_intent_id}/capture`, { amount_to_capture: '90.00' });
    const captured = (await readCapturedPayment(t.db, accountId, held.payment_intent_id))!;
    expect(captured).toMatchObject({ currency: 'USD', settled: false, paymentAttemptId: held.latest_payment_attempt.attempt_id });
    expect(captured.capturedAmount.toFixed()).toBe('90');
    expect(captured.refundableAmount.toFixed()).toBe('90');
    expect(await readCapturedPayment(t.db, 'a0000000-0000-4000-8000-000000000000', held.payment_intent_id)).toBeUndefined();

    const refusal = paymentErrors.captureTooLarge('90.00');
    const refund = (amount: string) =>
      t.db.prisma.$transaction(async (tx) => {
        const writes = new WriteSet();
        addRefundedAmount(writes, { paymentAttemptId: captured.paymentAttemptId, accountId, amount: money(amount), at: new Date() }, refusal);
        await applyInTransaction(tx, writes);
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => refund('10.00')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(9);
    expect(outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason === refusal)).toBe(true);
    const after = (await readCapturedPayment(t.db, accountId, held.payment_intent_id))!;
    expect(after.refundedAmount.toFixed()).toBe('90');
    expect(after.refundableAmount.toFixed()).toBe('0');

    await t.db.prisma.$transaction(async (tx) => {
      const writes = new WriteSet();
      markCaptureSettled(writes, { paymentAttemptId: captured.paymentAttemptId, at: new Date() });
      await applyInTransaction(tx, writes);
    });
    expect((await readCapturedPayment(t.db, accountId, held.payment_intent_id))!.settled).toBe(true);
  });
});
