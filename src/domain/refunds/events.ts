import type { Prisma, Refund } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { addEvent, recordEvent, type EventName } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import { toRestRefund } from '../../rest-compat/refunds/present';
import { toRefundView } from './view';

/** refund.create.succeeded, refund.process.succeeded, refund.complete.succeeded / failed (events/catalogue.ts). */
export type RefundEventName = Extract<EventName, `refund.${string}`>;

/**
 * The outbox payload: the refund exactly as GET /v2/payment/refunds/{id} returns it (spec 2.4), so a
 * webhook's `data` is the object a receiver would GET (issue 11; docs/area-shape.md, "Event payloads").
 * The cast: metadata is typed as an open record, but it is JSON as the caller sent it.
 */
const eventData = (r: Refund) => toRestRefund(toRefundView(r)) as Prisma.InputJsonValue;

export const addRefundEvent = (writes: WriteSet, r: Refund, eventName: RefundEventName, at: Date) =>
  addEvent(writes, { accountId: r.accountId, eventName, sourceId: r.id, data: eventData(r), at });

export const recordRefundEvent = (tx: Tx, r: Refund, eventName: RefundEventName, at: Date) =>
  recordEvent(tx, { accountId: r.accountId, eventName, sourceId: r.id, data: eventData(r), at });
