import type { Deposit } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { addDepositEvent } from './events';
import { addJournalEntry } from '../../../platform/ledger/posting';
import { applyInTransaction } from '../../../platform/writes/apply';
import { WriteSet } from '../../../platform/writes/write-set';
import { money } from '../../../platform/money/amount';
import { defineTransition } from '../../../platform/scheduler/transitions';
import { depositFailsInSandbox, SANDBOX_FAILURE_REASON } from './rules';

/**
 * The deposit state machine: PENDING -> COMPLETED (the wallet is credited) or PENDING -> FAILED
 * (the sandbox test value; nothing is credited). Both are final. A simulated deposit settles in
 * its own request by default; with the PENDING test value it settles through the `deposit.settle`
 * transition instead. Either way the settlement below is the one path: the status, its posting and
 * its outbox event commit together.
 */
export const DEPOSIT_SETTLE = 'deposit.settle';


/** The state a deposit settles into at `at`: FAILED for the sandbox test value, else COMPLETED. */
export function settledState(senderSwiftCode: string, at: Date) {
  const fails = depositFailsInSandbox(senderSwiftCode);
  return {
    status: fails ? ('FAILED' as const) : ('COMPLETED' as const),
    completedAt: at,
    updatedAt: at,
    failureReason: fails ? SANDBOX_FAILURE_REASON : null,
  };
}

/** The credit: WALLET +amount against BANK_CLEARING (the bank rails the money came from). */
function creditWalletForDeposit(writes: WriteSet, d: Deposit, at: Date): void {
  const amount = money(d.amount);
  addJournalEntry(writes, {
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

/**
 * What a settlement writes once the row holds its settled state: the event, then — for a
 * COMPLETED deposit — the credit, last, because it locks the wallet row until commit.
 */
export function addSettlement(writes: WriteSet, settled: Deposit, at: Date): void {
  addDepositEvent(writes, settled, settled.status === 'COMPLETED' ? 'deposit.complete.succeeded' : 'deposit.complete.failed', at);
  if (settled.status === 'COMPLETED') creditWalletForDeposit(writes, settled, at);
}

/** addSettlement in the caller's transaction. */
export async function postSettlement(tx: Tx, settled: Deposit, at: Date): Promise<void> {
  const writes = new WriteSet();
  addSettlement(writes, settled, at);
  await applyInTransaction(tx, writes);
}

/** The scheduled settlement of a deposit left PENDING by the test value. */
export async function settleDeposit(tx: Tx, depositId: string, at: Date): Promise<void> {
  const pending = await tx.deposit.findUnique({ where: { id: depositId } });
  if (!pending || pending.status !== 'PENDING') return;
  const state = settledState(pending.senderSwiftCode, at);
  // The status condition makes the change happen once even if the deposit were settled twice.
  const { count } = await tx.deposit.updateMany({ where: { id: depositId, status: 'PENDING' }, data: state });
  if (count === 0) return;
  await postSettlement(tx, { ...pending, ...state }, at);
}

defineTransition(DEPOSIT_SETTLE, (tx, transition, at) => settleDeposit(tx, transition.subjectId, at));
