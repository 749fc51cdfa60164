import type { Payout } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { addEvent, recordEvent, type EventName } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import { toRestPayout } from '../../rest-compat/payouts/present';
import { toPayoutView, type PayoutView } from './view';

/**
 * Event names (events/catalogue.ts): `payout.create.succeeded` at creation; submission succeeds
 * (PENDING) or fails (REJECTED); completion succeeds (COMPLETED) or fails (FAILED).
 */
export type PayoutEventName = Extract<EventName, `payout.${string}`>;

/**
 * The outbox payload: the payout exactly as the REST door returns it (PO3), so a webhook's `data` is
 * the object a receiver would GET. The presenter is a pure function of the view; events
 * are the one place the domain borrows a door's wire form (docs/area-shape.md, "Event payloads").
 */
const eventData = (p: Payout, view = toPayoutView(p)) => toRestPayout(view);

export const recordPayoutEvent = (tx: Tx, payout: Payout, eventName: PayoutEventName, at: Date) =>
  recordEvent(tx, { accountId: payout.accountId, eventName, sourceId: payout.id, data: eventData(payout), at });

/** `view` is the payout's view when the caller built it already (creation returns it too). */
export const addPayoutEvent = (writes: WriteSet, payout: Payout, eventName: PayoutEventName, at: Date, view?: PayoutView) =>
  addEvent(writes, { accountId: payout.accountId, eventName, sourceId: payout.id, data: eventData(payout, view), at });
