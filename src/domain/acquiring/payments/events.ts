import type { PaymentAttempt, PaymentIntent } from '../../../generated/prisma/client';
import { addEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WriteSet } from '../../../platform/writes/write-set';
import type { IntentWithAttempt } from './queries';
import { toPaymentAttemptView, toPaymentIntentView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

export type PaymentIntentEventName = Extract<EventName, `payment_intent.${string}`>;

/**
 * The outbox payload: the intent with its latest attempt. No client_secret (only create and
 * retrieve carry that browser credential; the view leaves it null as every other answer does), and
 * next_action's page is its path on payrail's own origin: an event is no request, so no door origin
 * goes in front of it.
 */
export const paymentIntentPayload = payloadOf<IntentWithAttempt>()('payment_intent', {
  intent: { clientSecretExpiresAt: 'date', cancelTime: 'date', completeTime: 'date', createdAt: 'date', updatedAt: 'date' },
  latestAttempt: { createdAt: 'date', updatedAt: 'date', completedAt: 'date' },
});

const eventData = (p: PaymentIntent, attempt: PaymentAttempt | null) =>
  paymentIntentPayload.facts({ intent: toPaymentIntentView(p), latestAttempt: attempt ? toPaymentAttemptView(attempt) : null });

export const addIntentEvent = (writes: WriteSet, intent: PaymentIntent, attempt: PaymentAttempt | null, eventName: PaymentIntentEventName, at: Date) =>
  addEvent(writes, { accountId: intent.accountId, eventName, sourceId: intent.id, data: eventData(intent, attempt), at });
