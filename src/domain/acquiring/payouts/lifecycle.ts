import type { PaymentPayout, Prisma } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { accountMay } from '../../../platform/tenancy/account-status';
import { defineTransition, scheduleTransition } from '../../../platform/scheduler/transitions';
import { recordPaymentPayoutEvent } from './events';
import { postPaymentPayoutCompletion, postPaymentPayoutReturn } from './ledger';
import { failsInSandbox, TEST_VALUE_FAILED } from './rules';

/**
 * The payment payout state machine:
 *
 *   INITIATED --payment_payout.submit (at once)--> PROCESSING --payment_payout.settle (+2 s)--> SUCCEEDED
 *   PROCESSING --payment_payout.settle, and the destination cannot take it--> FAILED (amount returned)
 *
 * The destination cannot take it when statement_descriptor carries SIMULATE-FAILED (the sandbox
 * test value), when the bank account became Invalid, or when the receiving account's status no
 * longer lets it take money (closed, or suspended: accounts/status-policy.ts).
 */
export const PAYMENT_PAYOUT_SUBMIT = 'payment_payout.submit';
export const PAYMENT_PAYOUT_SETTLE = 'payment_payout.settle';

/** How long the simulated bank takes from PROCESSING to its answer (as payouts, PO1). */
export const SETTLE_DELAY_MS = 2000;

async function lockPaymentPayout(tx: Tx, id: string): Promise<PaymentPayout | undefined> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM payment_payouts WHERE id = ${id}::uuid FOR UPDATE`;
  return rows.length === 0 ? undefined : ((await tx.paymentPayout.findUnique({ where: { id } })) ?? undefined);
}

const update = (tx: Tx, id: string, data: Prisma.PaymentPayoutUpdateInput) => tx.paymentPayout.update({ where: { id }, data });

/** Why the destination refuses the money, or undefined when it takes it. */
async function refusal(tx: Tx, p: PaymentPayout): Promise<string | undefined> {
  if (failsInSandbox(p.statementDescriptor)) return `The bank returned the payout (sandbox test value ${TEST_VALUE_FAILED})`;
  if (p.payoutAccountId !== null) {
    // Held FOR SHARE to the commit, so a status change waits for the credit (status-policy.ts).
    const [receiver] = await tx.$queryRaw<{ status: string }[]>`
      SELECT status FROM accounts WHERE id = ${p.payoutAccountId}::uuid FOR SHARE`;
    if (!receiver || !accountMay(receiver.status, 'known')) return 'The receiving account is closed';
    return accountMay(receiver.status, 'counterparty') ? undefined : `The receiving account is ${receiver.status}`;
  }
  const bank = await tx.$queryRaw<unknown[]>`
    SELECT 1 FROM bank_accounts WHERE id = ${p.bankAccountId}::uuid AND status = 'Valid' FOR SHARE`;
  return bank.length === 0 ? 'The settlement bank account is no longer Valid' : undefined;
}

defineTransition(PAYMENT_PAYOUT_SUBMIT, async (tx, transition, at) => {
  const payout = await lockPaymentPayout(tx, transition.subjectId);
  // A transition that finds its payout already moved on has nothing left to do.
  if (!payout || payout.status !== 'INITIATED') return;
  const processing = await update(tx, payout.id, { status: 'PROCESSING', updatedAt: at });
  await scheduleTransition(tx, {
    accountId: payout.accountId,
    rootAccountId: transition.rootAccountId,
    kind: PAYMENT_PAYOUT_SETTLE,
    subjectId: payout.id,
    dueAt: new Date(at.getTime() + SETTLE_DELAY_MS),
    now: at,
  });
  await recordPaymentPayoutEvent(tx, processing, 'payment_payout.submit.succeeded', at);
});

defineTransition(PAYMENT_PAYOUT_SETTLE, async (tx, transition, at) => {
  const payout = await lockPaymentPayout(tx, transition.subjectId);
  if (!payout || payout.status !== 'PROCESSING') return;
  const reason = await refusal(tx, payout);
  if (reason !== undefined) {
    await postPaymentPayoutReturn(tx, payout, at);
    const failed = await update(tx, payout.id, { status: 'FAILED', failureReason: reason, completedAt: at, updatedAt: at });
    await recordPaymentPayoutEvent(tx, failed, 'payment_payout.complete.failed', at);
    return;
  }
  await postPaymentPayoutCompletion(tx, payout, at);
  const succeeded = await update(tx, payout.id, { status: 'SUCCEEDED', completedAt: at, updatedAt: at });
  await recordPaymentPayoutEvent(tx, succeeded, 'payment_payout.complete.succeeded', at);
});
