import type { Deposit } from '../../../generated/prisma/client';
import { addJournalEntry } from '../../../platform/ledger/posting';
import { defineLifecycle, type Outcome } from '../../../platform/lifecycle/define';
import { money } from '../../../platform/money/amount';
import type { WriteSet } from '../../../platform/writes/write-set';
import { addDepositEvent, type DepositEventName } from './events';
import { DEPOSIT_STATUSES, depositFailsInSandbox, SANDBOX_FAILURE_REASON, type DepositStatus } from './rules';

/**
 * The deposit state machine: PENDING -> COMPLETED (the wallet is credited) or PENDING -> FAILED
 * (the sandbox test value; nothing is credited). Both are final. A simulated deposit settles in
 * its own request by default; with the PENDING test value it settles through the `deposit.settle`
 * transition instead. Either way the settlement is decided by `settlementOf` and written by
 * `addSettlement`: the status, its posting and its outbox event commit together.
 */
export const DEPOSIT_SETTLE = 'deposit.settle';

/** How a deposit settles at `at`: FAILED for the sandbox test value, else COMPLETED. */
export function settlementOf(senderSwiftCode: string, at: Date): Outcome<Deposit, DepositStatus, DepositEventName> & { to: 'COMPLETED' | 'FAILED'; event: DepositEventName } {
  return depositFailsInSandbox(senderSwiftCode)
    ? { to: 'FAILED', changes: { completedAt: at, failureReason: SANDBOX_FAILURE_REASON }, event: 'deposit.complete.failed' }
    : { to: 'COMPLETED', changes: { completedAt: at, failureReason: null }, event: 'deposit.complete.succeeded' };
}

/** What a settlement writes beside the deposit's row: for a COMPLETED deposit, its credit. */
export function addSettlement(writes: WriteSet, settled: Deposit, at: Date): void {
  if (settled.status === 'COMPLETED') creditWalletForDeposit(writes, settled, at);
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

/** The scheduled settlement of a deposit left PENDING by the test value. */
export const depositLifecycle = defineLifecycle({
  table: 'deposits',
  statuses: DEPOSIT_STATUSES,
  event: (writes, d: Deposit, name: DepositEventName, at) => addDepositEvent(writes, d, name, at),
  transitions: {
    [DEPOSIT_SETTLE]: {
      from: 'PENDING',
      run(pending, { writes, at }) {
        const settlement = settlementOf(pending.senderSwiftCode, at);
        addSettlement(writes, { ...pending, status: settlement.to, ...settlement.changes }, at);
        return settlement;
      },
    },
  },
});
