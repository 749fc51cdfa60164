import type { Refund } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { addEvent, recordEvent, type EventName } from '../events/outbox';
import { formatStoredAmount } from '../money/amount';
import type { WriteSet } from '../writes/write-set';

/** refund.create.succeeded, refund.process.succeeded, refund.complete.succeeded / failed (events/catalogue.ts). */
export type RefundEventName = Extract<EventName, `refund.${string}`>;

/** The outbox payload: the refund in its wire names (spec 2.4), as a webhook will carry it. */
const eventData = (r: Refund) => ({
  payment_refund_id: r.id,
  payment_intent_id: r.paymentIntentId,
  payment_attempt_id: r.paymentAttemptId,
  amount: formatStoredAmount(r.amount, r.currency),
  currency: r.currency,
  refund_status: r.status,
  reason: r.reason,
  failure_reason: r.failureReason,
});

export const addRefundEvent = (writes: WriteSet, r: Refund, eventName: RefundEventName, at: Date) =>
  addEvent(writes, { accountId: r.accountId, eventName, sourceId: r.id, data: eventData(r), at });

export const recordRefundEvent = (tx: Tx, r: Refund, eventName: RefundEventName, at: Date) =>
  recordEvent(tx, { accountId: r.accountId, eventName, sourceId: r.id, data: eventData(r), at });
