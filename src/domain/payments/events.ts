import type { PaymentAttempt, PaymentIntent } from '../../generated/prisma/client';
import { addEvent, type EventName } from '../events/outbox';
import { formatStoredAmount } from '../money/amount';
import type { WriteSet } from '../writes/write-set';

export type PaymentIntentEventName = Extract<EventName, `payment_intent.${string}`>;

/** The outbox payload: the intent's state in wire names, as a webhook will carry it. */
function eventData(p: PaymentIntent, attempt: PaymentAttempt | null) {
  return {
    payment_intent_id: p.id,
    intent_status: p.status,
    amount: formatStoredAmount(p.amount, p.currency),
    currency: p.currency,
    captured_amount: formatStoredAmount(p.capturedAmount, p.currency),
    merchant_order_id: p.merchantOrderId,
    cancellation_reason: p.cancellationReason,
    latest_payment_attempt: attempt ? { attempt_id: attempt.id, attempt_status: attempt.status, failure_code: attempt.failureCode ?? '' } : null,
  };
}

export const addIntentEvent = (writes: WriteSet, intent: PaymentIntent, attempt: PaymentAttempt | null, eventName: PaymentIntentEventName, at: Date) =>
  addEvent(writes, { accountId: intent.accountId, eventName, sourceId: intent.id, data: eventData(intent, attempt), at });
