import type { Payout } from '../../../generated/prisma/client';
import { defineLifecycle } from '../../../platform/lifecycle/define';
import { addPayoutEvent, type PayoutEventName } from './events';
import { addPayoutCompletion, addPayoutReturn, payoutMoneyOf } from './ledger';
import { PAYOUT_STATUSES } from './rules';

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

export const payoutLifecycle = defineLifecycle({
  table: 'payouts',
  statuses: PAYOUT_STATUSES,
  event: (writes, payout: Payout, name: PayoutEventName, at) => addPayoutEvent(writes, payout, name, at),
  transitions: {
    [PAYOUT_SUBMIT]: {
      from: 'READY_TO_SEND',
      run(payout, { writes, at }) {
        if (carries(payout.payoutReference, TEST_VALUE_REJECTED)) {
          // Refused before it left: nothing was spent on the rail, so the fee is returned too.
          const returned = addPayoutReturn(writes, payoutMoneyOf(payout), at, true);
          return {
            to: 'REJECTED',
            changes: {
              failureReason: 'The payout was rejected before submission (sandbox test value SIMULATE-REJECTED)',
              failureReturnedAmount: returned,
            },
            event: 'payout.submit.failed',
          };
        }
        return { to: 'PENDING', event: 'payout.submit.succeeded', next: { kind: PAYOUT_SETTLE, afterMs: SETTLE_DELAY_MS } };
      },
    },
    [PAYOUT_SETTLE]: {
      from: 'PENDING',
      run(payout, { writes, at }) {
        const money = payoutMoneyOf(payout);
        if (carries(payout.payoutReference, TEST_VALUE_FAILED)) {
          // The bank returned it after submission: the amount comes back, the fee paid for the attempt.
          const returned = addPayoutReturn(writes, money, at, false);
          return {
            to: 'FAILED',
            changes: {
              failureReason: 'The beneficiary bank returned the payout (sandbox test value SIMULATE-FAILED)',
              failureReturnedAmount: returned,
            },
            event: 'payout.complete.failed',
          };
        }
        addPayoutCompletion(writes, money, at);
        return { to: 'COMPLETED', changes: { completedAt: at }, event: 'payout.complete.succeeded' };
      },
    },
  },
});
