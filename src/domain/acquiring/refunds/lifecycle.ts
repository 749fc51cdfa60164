import type { Refund } from '../../../generated/prisma/client';
import { defineLifecycle } from '../../../platform/lifecycle/define';
import { money } from '../../../platform/money/amount';
import { addRefundedAmount } from '../payments/contract';
import { isSettled } from '../settlements/contract';
import { lockCapture } from '../payments/contract';
import { refundErrors } from './errors';
import { addRefundEvent, type RefundEventName } from './events';
import { addRefundCompletion, addRefundReturn, sourceOf } from './ledger';
import { REFUND_COMPLETE_DELAY_MS, REFUND_STATUSES, refundFailsInSandbox, TEST_VALUE_REFUND_FAILED } from './rules';

/**
 * The refund state machine, on the platform clock (the simulated card network):
 *
 *   INITIATED --refund.process (+1 min)--> PROCESSING --refund.complete (+1 h)--> SUCCEEDED
 *   PROCESSING --refund.complete, reason carries SIMULATE-FAILED--> FAILED (amount returned)
 *
 * The REVERSAL_* values of the specified API are never produced: payrail has no refund reversal.
 */
export const REFUND_PROCESS = 'refund.process';
export const REFUND_COMPLETE = 'refund.complete';

export const SANDBOX_REFUND_FAILURE = `The card network refused the refund (sandbox test value ${TEST_VALUE_REFUND_FAILED})`;

export const refundLifecycle = defineLifecycle({
  table: 'refunds',
  statuses: REFUND_STATUSES,
  event: (writes, r: Refund, name: RefundEventName, at) => addRefundEvent(writes, r, name, at),
  transitions: {
    [REFUND_PROCESS]: {
      from: 'INITIATED',
      run: () => ({ to: 'PROCESSING', event: 'refund.process.succeeded', next: { kind: REFUND_COMPLETE, afterMs: REFUND_COMPLETE_DELAY_MS } }),
    },
    [REFUND_COMPLETE]: {
      from: 'PROCESSING',
      async run(refund, { tx, writes, at }) {
        if (!refundFailsInSandbox(refund.reason)) {
          addRefundCompletion(writes, refund, at);
          return { to: 'SUCCEEDED', changes: { completedAt: at }, event: 'refund.complete.succeeded' };
        }
        // Under the attempt's lock, no settlement can move the capture between the check and the return.
        await lockCapture(tx, refund.paymentAttemptId);
        const settled = await isSettled({ tx }, refund.paymentAttemptId);
        addRefundReturn(writes, refund, sourceOf(settled), at);
        addRefundedAmount(writes, { paymentAttemptId: refund.paymentAttemptId, accountId: refund.accountId, amount: money(refund.amount).neg(), at }, refundErrors.exceedsCapturedAmount());
        return { to: 'FAILED', changes: { failureReason: SANDBOX_REFUND_FAILURE, completedAt: at }, event: 'refund.complete.failed' };
      },
    },
  },
});
