import type { PaymentPayout } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { defineLifecycle } from '../../../platform/lifecycle/define';
import { accountMay } from '../../../platform/tenancy/account-status';
import { addPaymentPayoutEvent, type PaymentPayoutEventName } from './events';
import { addPaymentPayoutCompletion, addPaymentPayoutReturn } from './ledger';
import { failsInSandbox, PAYMENT_PAYOUT_STATUSES, TEST_VALUE_FAILED } from './rules';
import { shareReceivingAccount, shareValidBankAccount } from './store';

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

/** How long the simulated bank takes from PROCESSING to its answer (as wallet payouts). */
export const SETTLE_DELAY_MS = 2000;

/** Why the destination refuses the money, or undefined when it takes it. */
async function refusal(tx: Tx, p: PaymentPayout): Promise<string | undefined> {
  if (failsInSandbox(p.statementDescriptor)) return `The bank returned the payout (sandbox test value ${TEST_VALUE_FAILED})`;
  if (p.payoutAccountId !== null) {
    // Held FOR SHARE to the commit, so a status change waits for the credit (status-policy.ts).
    const receiver = await shareReceivingAccount(tx, p.payoutAccountId);
    if (!receiver || !accountMay(receiver.status, 'known')) return 'The receiving account is closed';
    return accountMay(receiver.status, 'counterparty') ? undefined : `The receiving account is ${receiver.status}`;
  }
  return (await shareValidBankAccount(tx, p.bankAccountId)) ? undefined : 'The settlement bank account is no longer Valid';
}

export const paymentPayoutLifecycle = defineLifecycle({
  table: 'payment_payouts',
  statuses: PAYMENT_PAYOUT_STATUSES,
  event: (writes, p: PaymentPayout, name: PaymentPayoutEventName, at) => addPaymentPayoutEvent(writes, p, name, at),
  transitions: {
    [PAYMENT_PAYOUT_SUBMIT]: {
      from: 'INITIATED',
      run: () => ({ to: 'PROCESSING', event: 'payment_payout.submit.succeeded', next: { kind: PAYMENT_PAYOUT_SETTLE, afterMs: SETTLE_DELAY_MS } }),
    },
    [PAYMENT_PAYOUT_SETTLE]: {
      from: 'PROCESSING',
      async run(payout, { tx, writes, at }) {
        const reason = await refusal(tx, payout);
        if (reason !== undefined) {
          addPaymentPayoutReturn(writes, payout, at);
          return { to: 'FAILED', changes: { failureReason: reason, completedAt: at }, event: 'payment_payout.complete.failed' };
        }
        addPaymentPayoutCompletion(writes, payout, at);
        return { to: 'SUCCEEDED', changes: { completedAt: at }, event: 'payment_payout.complete.succeeded' };
      },
    },
  },
});
