import type { Deposit } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { recordEvent } from '../events/outbox';
import { postJournalEntry } from '../ledger/posting';
import { formatAmount, money } from '../money/amount';
import { defineTransition } from '../scheduler/transitions';
import { depositFailsInSandbox, SANDBOX_FAILURE_REASON } from './rules';

/**
 * The deposit state machine: PENDING -> COMPLETED (the wallet is credited) or PENDING -> FAILED
 * (the sandbox test value; nothing is credited). Both are final. The status change, its posting
 * and its outbox event commit together in the transition's transaction.
 */
export const DEPOSIT_SETTLE = 'deposit.settle';

/** What the outbox carries for a deposit event: the state, not the ORM row. */
export const depositEventData = (d: Deposit) => ({
  deposit_id: d.id,
  short_reference_id: d.shortReferenceId,
  amount: formatAmount(money(d.amount), d.currency),
  currency: d.currency,
  deposit_status: d.status,
});

/** Posts the credit: WALLET +amount against BANK_CLEARING (the bank rails the money came from). */
async function creditWalletForDeposit(tx: Tx, d: Deposit, at: Date): Promise<void> {
  const amount = money(d.amount);
  await postJournalEntry(tx, {
    accountId: d.accountId,
    kind: 'DEPOSIT',
    referenceType: 'DEPOSIT',
    referenceId: d.id,
    at,
    lines: [
      { accountId: d.accountId, currency: d.currency, purpose: 'WALLET', amount },
      { accountId: d.accountId, currency: d.currency, purpose: 'BANK_CLEARING', amount: amount.neg() },
    ],
  });
}

export async function settleDeposit(tx: Tx, depositId: string, at: Date): Promise<void> {
  const pending = await tx.deposit.findUnique({ where: { id: depositId } });
  if (!pending || pending.status !== 'PENDING') return;
  const fails = depositFailsInSandbox(pending.senderSwiftCode);
  const status = fails ? 'FAILED' : 'COMPLETED';
  // The status condition makes the change happen once even if the deposit were settled twice.
  const { count } = await tx.deposit.updateMany({
    where: { id: depositId, status: 'PENDING' },
    data: { status, completedAt: at, updatedAt: at, failureReason: fails ? SANDBOX_FAILURE_REASON : null },
  });
  if (count === 0) return;
  const settled: Deposit = { ...pending, status, completedAt: at, updatedAt: at, failureReason: fails ? SANDBOX_FAILURE_REASON : null };
  if (!fails) await creditWalletForDeposit(tx, settled, at);
  await recordEvent(tx, {
    accountId: settled.accountId,
    eventName: fails ? 'deposit.complete.failed' : 'deposit.complete.succeeded',
    sourceId: settled.id,
    data: depositEventData(settled),
    at,
  });
}

defineTransition(DEPOSIT_SETTLE, (tx, transition, at) => settleDeposit(tx, transition.subjectId, at));
