import type { PaymentAttempt, PaymentIntent } from '../../../generated/prisma/client';
import { defineLifecycle } from '../../../platform/lifecycle/define';
import { addIntentEvent, type PaymentIntentEventName } from './events';
import { INTENT_STATUSES, type IntentStatus } from './rules';
import { addCaptureAnswered, addReleased, latestAttemptOf, RELEASE_AUTHORIZATION, SETTLE_PENDING_CAPTURE, type Current } from './transitions';

export { PENDING_CAPTURE_DELAY_MS, RELEASE_AUTHORIZATION, SETTLE_PENDING_CAPTURE } from './transitions';

/**
 * The PaymentIntent state machine (spec 3.1; the transitions are payrail's, docs/decisions/acquiring/payments.md):
 *
 *   REQUIRES_PAYMENT_METHOD --confirm, authorized--> REQUIRES_CAPTURE --capture--> SUCCEEDED
 *   REQUIRES_PAYMENT_METHOD --confirm, authorized, auto_capture--> SUCCEEDED
 *   REQUIRES_PAYMENT_METHOD --confirm, 3DS challenge--> REQUIRES_CUSTOMER_ACTION --page completed--> (authorized, as above)
 *   REQUIRES_CUSTOMER_ACTION --page failed--> REQUIRES_PAYMENT_METHOD
 *   REQUIRES_PAYMENT_METHOD --confirm, soft decline--> REQUIRES_PAYMENT_METHOD (attempt FAILED)
 *   REQUIRES_PAYMENT_METHOD --confirm, hard decline (advice 03)--> FAILED
 *   any of the first three --cancel--> CANCELLED; REQUIRES_CAPTURE --7 days (30 for a pre-authorization)--> CANCELLED (authorization released)
 *   a capture the network answers later (test card) --> PENDING --2 s on the clock--> SUCCEEDED (posted then)
 *   a capture of the sandbox's settle-at-once test card: SUCCEEDED with its attempt SETTLED, in the same commit
 *
 * The changes made in a request (confirm, capture, cancel, the challenge page) are the builders of
 * transitions.ts. The two that fall due later are declared here, on the intent's row: each reads
 * the latest attempt under the intent's lock, and an attempt no longer in the state the transition
 * answers means the intent moved on (nothing happens). The builder writes the attempt and what
 * follows; the intent's row, changed as the builder decided it, and its event are the declaration's.
 */

/** The intent's outcome as a builder decided it: its whole row, and its attempt for the event. */
function outcomeOf(next: Current, event: PaymentIntentEventName) {
  const { id: _id, accountId: _account, updatedAt: _updated, status, ...changes } = next.intent;
  return { to: status as IntentStatus, changes, event, detail: next.attempt };
}

export const paymentIntentLifecycle = defineLifecycle({
  table: 'payment_intents',
  statuses: INTENT_STATUSES,
  event: (writes, intent: PaymentIntent, name: PaymentIntentEventName, at, attempt: PaymentAttempt | null | undefined) =>
    addIntentEvent(writes, intent, attempt ?? null, name, at),
  transitions: {
    [SETTLE_PENDING_CAPTURE]: {
      from: 'PENDING',
      async run(intent, { tx, writes, at, transition }) {
        const attempt = await latestAttemptOf(tx, intent);
        if (attempt?.status !== 'CAPTURE_REQUESTED') return undefined;
        return outcomeOf(addCaptureAnswered(writes, { intent, attempt }, at, transition.rootAccountId), 'payment_intent.capture.succeeded');
      },
    },
    [RELEASE_AUTHORIZATION]: {
      from: 'REQUIRES_CAPTURE',
      async run(intent, { tx, writes, at }) {
        const attempt = await latestAttemptOf(tx, intent);
        if (attempt?.status !== 'AUTHORIZED') return undefined;
        return outcomeOf(addReleased(writes, { intent, attempt }, at), 'payment_intent.cancel.succeeded');
      },
    },
  },
});
