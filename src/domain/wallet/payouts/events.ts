import type { Payout } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { addEvent, recordEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WriteSet } from '../../../platform/writes/write-set';
import { toPayoutView, type PayoutView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

/**
 * Event names (./event-names.ts): `payout.create.succeeded` at creation; submission succeeds
 * (PENDING) or fails (REJECTED); completion succeeds (COMPLETED) or fails (FAILED).
 */
export type PayoutEventName = Extract<EventName, `payout.${string}`>;

/** The outbox payload: the payout's view. */
export const payoutPayload = payloadOf<PayoutView>()('payout', { createdAt: 'date', updatedAt: 'date', completedAt: 'date' });

const eventData = (p: Payout, view = toPayoutView(p)) => payoutPayload.facts(view);

export const recordPayoutEvent = (tx: Tx, payout: Payout, eventName: PayoutEventName, at: Date) =>
  recordEvent(tx, { accountId: payout.accountId, eventName, sourceId: payout.id, data: eventData(payout), at });

/** `view` is the payout's view when the caller built it already (creation returns it too). */
export const addPayoutEvent = (writes: WriteSet, payout: Payout, eventName: PayoutEventName, at: Date, view?: PayoutView) =>
  addEvent(writes, { accountId: payout.accountId, eventName, sourceId: payout.id, data: eventData(payout, view), at });
