import type { Payout, Prisma } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { defineTransition, scheduleTransition } from '../../../platform/scheduler/transitions';
import { recordPayoutEvent } from './events';
import { payoutMoneyOf, postPayoutCompletion, postPayoutReturn } from './ledger';

/**
 * The payout state machine:
 *
 *   READY_TO_SEND --payout.submit (start of payout_date, UTC)--> PENDING --payout.settle (+2 s)--> COMPLETED
 *   READY_TO_SEND --payout.submit, reference carries SIMULATE-REJECTED--> REJECTED (amount and fee returned)
 *   PENDING --payout.settle, reference carries SIMULATE-FAILED--> FAILED (amount returned, fee kept)
 *
 * payrail has no real bank rail yet: every payout goes through this simulated one, where the test
 * values (case-insensitive, anywhere in payout_reference) choose the outcome.
 */
export const PAYOUT_SUBMIT = 'payout.submit';
export const PAYOUT_SETTLE = 'payout.settle';

/** How long the simulated bank takes from PENDING to its answer. */
export const SETTLE_DELAY_MS = 2000;

export const TEST_VALUE_REJECTED = 'SIMULATE-REJECTED';
export const TEST_VALUE_FAILED = 'SIMULATE-FAILED';

const carries = (reference: string, marker: string) => reference.toUpperCase().includes(marker);

/** The payout row under a lock, so a transition and any other writer of it never interleave. */
async function lockPayout(tx: Tx, id: string): Promise<Payout | undefined> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM payouts WHERE id = ${id}::uuid FOR UPDATE`;
  return rows.length === 0 ? undefined : (await tx.payout.findUnique({ where: { id } })) ?? undefined;
}

const update = (tx: Tx, id: string, data: Prisma.PayoutUpdateInput) => tx.payout.update({ where: { id }, data });

defineTransition(PAYOUT_SUBMIT, async (tx, transition, at) => {
  const payout = await lockPayout(tx, transition.subjectId);
  // A transition that finds its payout already moved on has nothing left to do.
  if (!payout || payout.status !== 'READY_TO_SEND') return;
  if (carries(payout.payoutReference, TEST_VALUE_REJECTED)) {
    // Refused before it left: nothing was spent on the rail, so the fee is returned too.
    const returned = await postPayoutReturn(tx, payoutMoneyOf(payout), at, true);
    const rejected = await update(tx, payout.id, {
      status: 'REJECTED',
      failureReason: 'The payout was rejected before submission (sandbox test value SIMULATE-REJECTED)',
      failureReturnedAmount: returned.toFixed(),
      updatedAt: at,
    });
    await recordPayoutEvent(tx, rejected, 'payout.submit.failed', at);
    return;
  }
  const pending = await update(tx, payout.id, { status: 'PENDING', updatedAt: at });
  await scheduleTransition(tx, {
    accountId: payout.accountId,
    rootAccountId: transition.rootAccountId,
    kind: PAYOUT_SETTLE,
    subjectId: payout.id,
    dueAt: new Date(at.getTime() + SETTLE_DELAY_MS),
    now: at,
  });
  await recordPayoutEvent(tx, pending, 'payout.submit.succeeded', at);
});

defineTransition(PAYOUT_SETTLE, async (tx, transition, at) => {
  const payout = await lockPayout(tx, transition.subjectId);
  if (!payout || payout.status !== 'PENDING') return;
  const money = payoutMoneyOf(payout);
  if (carries(payout.payoutReference, TEST_VALUE_FAILED)) {
    // The bank returned it after submission: the amount comes back, the fee paid for the attempt.
    const returned = await postPayoutReturn(tx, money, at, false);
    const failed = await update(tx, payout.id, {
      status: 'FAILED',
      failureReason: 'The beneficiary bank returned the payout (sandbox test value SIMULATE-FAILED)',
      failureReturnedAmount: returned.toFixed(),
      updatedAt: at,
    });
    await recordPayoutEvent(tx, failed, 'payout.complete.failed', at);
    return;
  }
  await postPayoutCompletion(tx, money, at);
  const completed = await update(tx, payout.id, { status: 'COMPLETED', completedAt: at, updatedAt: at });
  await recordPayoutEvent(tx, completed, 'payout.complete.succeeded', at);
});
