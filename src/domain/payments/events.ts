import type { PaymentAttempt, PaymentIntent, Prisma } from '../../generated/prisma/client';
import { addEvent, type EventName } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import { toRestPaymentIntent } from '../../rest-compat/payments/present';
import { toPaymentAttemptView, toPaymentIntentView } from './view';

export type PaymentIntentEventName = Extract<EventName, `payment_intent.${string}`>;

/**
 * An event is not a request, so it has no origin to put in front of next_action's page path: the
 * payload carries the path as stored (relative to payrail's own origin, docs/webhooks.md).
 */
const NO_ORIGIN = '';

/**
 * The outbox payload: the intent with its latest attempt exactly as the REST door returns it
 * (spec 2.1), so a webhook's `data` is the object a receiver would GET (issue 11; docs/area-shape.md,
 * "Event payloads"). Two differences, both because an event is no request: no client_secret (only
 * create and retrieve carry that browser credential, and retrieve may issue a fresh one; the view
 * leaves it null as every other answer does), and next_action's url is the path on payrail's origin.
 * The cast: metadata is typed as an open record, but it is JSON as the caller sent it.
 */
const eventData = (p: PaymentIntent, attempt: PaymentAttempt | null) =>
  toRestPaymentIntent({ intent: toPaymentIntentView(p), latestAttempt: attempt ? toPaymentAttemptView(attempt) : null }, NO_ORIGIN) as Prisma.InputJsonValue;

export const addIntentEvent = (writes: WriteSet, intent: PaymentIntent, attempt: PaymentAttempt | null, eventName: PaymentIntentEventName, at: Date) =>
  addEvent(writes, { accountId: intent.accountId, eventName, sourceId: intent.id, data: eventData(intent, attempt), at });
