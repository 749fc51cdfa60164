import type { Refund } from '../../../generated/prisma/client';
import { addEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WriteSet } from '../../../platform/writes/write-set';
import { toRefundView, type RefundView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

/** refund.create.succeeded, refund.process.succeeded, refund.complete.succeeded / failed (events/catalogue.ts). */
export type RefundEventName = Extract<EventName, `refund.${string}`>;

/** The outbox payload: the refund's view. */
export const refundPayload = payloadOf<RefundView>()('refund', { createdAt: 'date', updatedAt: 'date', completedAt: 'date' });

const eventData = (r: Refund) => refundPayload.facts(toRefundView(r));

export const addRefundEvent = (writes: WriteSet, r: Refund, eventName: RefundEventName, at: Date) =>
  addEvent(writes, { accountId: r.accountId, eventName, sourceId: r.id, data: eventData(r), at });
