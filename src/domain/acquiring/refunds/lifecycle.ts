import type { Prisma, Refund } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { defineTransition, scheduleTransition } from '../../../platform/scheduler/transitions';
import { money } from '../../../platform/money/amount';
import { addRefundedAmount } from '../payments/contract';
import { isSettled } from '../settlements/contract';
import { applyInTransaction } from '../../../platform/writes/apply';
import { WriteSet } from '../../../platform/writes/write-set';
import { lockAttempt } from './captures';
import { refundErrors } from './errors';
import { recordRefundEvent } from './events';
import { postRefundCompletion, postRefundReturn, sourceOf } from './ledger';
import { REFUND_COMPLETE_DELAY_MS, refundFailsInSandbox, TEST_VALUE_REFUND_FAILED } from './rules';

/**
 * The refund state machine, on the platform clock (the simulated card network):
 *
 *   INITIATED --refund.process (+1 min)--> PROCESSING --refund.complete (+1 h)--> SUCCEEDED
 *   PROCESSING --refund.complete, reason carries SIMULATE-FAILED--> FAILED (amount returned)
 *
 * The REVERSAL_* values of spec 3.1 are never produced: payrail has no refund reversal.
 */
export const REFUND_PROCESS = 'refund.process';
export const REFUND_COMPLETE = 'refund.complete';

export const SANDBOX_REFUND_FAILURE = `The card network refused the refund (sandbox test value ${TEST_VALUE_REFUND_FAILED})`;

async function lockRefund(tx: Tx, id: string): Promise<Refund | undefined> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM refunds WHERE id = ${id}::uuid FOR UPDATE`;
  return rows.length === 0 ? undefined : (await tx.refund.findUnique({ where: { id } })) ?? undefined;
}

const update = (tx: Tx, id: string, data: Prisma.RefundUpdateInput) => tx.refund.update({ where: { id }, data });

defineTransition(REFUND_PROCESS, async (tx, transition, at) => {
  const refund = await lockRefund(tx, transition.subjectId);
  // A transition that finds its refund already moved on has nothing left to do.
  if (!refund || refund.status !== 'INITIATED') return;
  const processing = await update(tx, refund.id, { status: 'PROCESSING', updatedAt: at });
  await scheduleTransition(tx, {
    accountId: refund.accountId,
    rootAccountId: transition.rootAccountId,
    kind: REFUND_COMPLETE,
    subjectId: refund.id,
    dueAt: new Date(at.getTime() + REFUND_COMPLETE_DELAY_MS),
    now: at,
  });
  await recordRefundEvent(tx, processing, 'refund.process.succeeded', at);
});

defineTransition(REFUND_COMPLETE, async (tx, transition, at) => {
  const refund = await lockRefund(tx, transition.subjectId);
  if (!refund || refund.status !== 'PROCESSING') return;
  if (!refundFailsInSandbox(refund.reason)) {
    await postRefundCompletion(tx, refund, at);
    const succeeded = await update(tx, refund.id, { status: 'SUCCEEDED', updatedAt: at, completedAt: at });
    await recordRefundEvent(tx, succeeded, 'refund.complete.succeeded', at);
    return;
  }
  // Under the attempt's lock, no settlement can move the capture between the check and the return.
  await lockAttempt(tx, refund.paymentAttemptId);
  const settled = await isSettled({ tx }, refund.paymentAttemptId);
  await postRefundReturn(tx, refund, sourceOf(settled), at);
  const giveBack = new WriteSet();
  addRefundedAmount(giveBack, { paymentAttemptId: refund.paymentAttemptId, accountId: refund.accountId, amount: money(refund.amount).neg(), at }, refundErrors.exceedsCapturedAmount());
  await applyInTransaction(tx, giveBack);
  const failed = await update(tx, refund.id, { status: 'FAILED', failureReason: SANDBOX_REFUND_FAILURE, updatedAt: at, completedAt: at });
  await recordRefundEvent(tx, failed, 'refund.complete.failed', at);
});
