import { Prisma, type Refund } from '../../../generated/prisma/client';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import { newId } from '../../../platform/ids/ids';
import { money } from '../../../platform/money/amount';
import { minorUnits } from '../../../platform/money/currencies';
import { addTransition } from '../../../platform/scheduler/transitions';
import { addRefundedAmount, CAPTURED_INTENT_STATUS, findCapturableIntent, findCapturedAttempt, refundFits } from '../payments/contract';
import { guardSettled, isSettled } from '../settlements/contract';
import { invalidField, parseInput } from '../../../platform/validation/validate';
import type { ColumnValue } from '../../../platform/writes/write-set';
import { refundErrors } from './errors';
import { addRefundEvent } from './events';
import { debitPaymentBalanceForRefund, sourceOf } from './ledger';
import { REFUND_PROCESS } from './lifecycle';
import { createRefundCommand, REFUND_PROCESS_DELAY_MS } from './rules';
import { toRefundView, type RefundView } from './view';
import { assertMayMoveMoney } from '../../onboarding/accounts/verification';

/**
 * PA8 (spec 4.9): a refund of a SUCCEEDED intent's captured attempt. Reads first, then one write
 * set: reserve the amount on the attempt (guarded), check the capture is still as settled as read
 * (a settlement committed meanwhile prepares the set again), insert the refund INITIATED, schedule
 * its processing, record the event, and — last — take the amount from the payment balance the
 * capture is in (pending before settlement, available after; short refuses it all).
 */
export async function createRefund(ctx: RequestContext, raw: unknown): Promise<RefundView> {
  assertMayMoveMoney(ctx.acting);
  const req = parseInput(createRefundCommand, raw);
  return ctx.commit(async ({ writes }) => {
    const now = ctx.clock.now();
    const intent = await findCapturableIntent(ctx, ctx.acting.id, req.paymentIntentId);
    if (!intent) throw refundErrors.paymentIntentNotFound();
    if (intent.status !== CAPTURED_INTENT_STATUS) throw refundErrors.intentNotRefundable(intent.status);
    const units = minorUnits(intent.currency);
    if (req.amount.decimalPlaces() > units) {
      throw invalidField('amount', units === 0 ? `${intent.currency} amounts have no decimals` : `${intent.currency} amounts have at most ${units} decimals`);
    }
    const attempt = await findCapturedAttempt(ctx, intent, req.paymentAttemptId);
    if (!attempt) throw refundErrors.paymentAttemptNotRefundable();
    // Checked here for a clear answer without a write; guarded again below under the row lock.
    if (!refundFits({ captured: money(attempt.capturedAmount), refunded: money(attempt.refundedAmount), amount: req.amount })) throw refundErrors.exceedsCapturedAmount();
    const settled = await isSettled(ctx, attempt.id);
    const source = sourceOf(settled);

    // "Refunds never exceed the capture", under the attempt row's lock (the payments area's contract).
    addRefundedAmount(writes, { paymentAttemptId: attempt.id, accountId: ctx.acting.id, amount: req.amount, at: now }, refundErrors.exceedsCapturedAmount());
    guardSettled(writes, attempt.id, settled);
    const refund: Refund = {
      id: newId(),
      accountId: ctx.acting.id,
      paymentIntentId: intent.id,
      paymentAttemptId: attempt.id,
      merchantOrderId: intent.merchantOrderId,
      amount: new Prisma.Decimal(req.amount.toFixed()),
      currency: intent.currency,
      status: 'INITIATED',
      reason: req.reason,
      metadata: (req.metadata ?? null) as Prisma.JsonValue,
      sourcePurpose: source,
      failureReason: null,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    };
    writes.insert('refunds', refund as unknown as Record<string, ColumnValue>);
    addTransition(writes, {
      accountId: ctx.acting.id,
      rootAccountId: rootOf(ctx.acting),
      kind: REFUND_PROCESS,
      subjectId: refund.id,
      dueAt: new Date(now.getTime() + REFUND_PROCESS_DELAY_MS),
      now,
    });
    addRefundEvent(writes, refund, 'refund.create.succeeded', now);
    debitPaymentBalanceForRefund(writes, { refundId: refund.id, accountId: ctx.acting.id, currency: intent.currency, amount: req.amount, source }, now);
    return toRefundView(refund);
  });
}
