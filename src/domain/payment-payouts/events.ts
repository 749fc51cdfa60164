import type { PaymentPayout } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { addEvent, recordEvent, type EventName } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import { toRestPaymentPayout } from '../../rest-compat/payment-payouts/present';
import { toPaymentPayoutView } from './view';

export type PaymentPayoutEventName = Extract<EventName, `payment_payout.${string}`>;

/**
 * The outbox payload: the payout exactly as the REST door returns it (PA18), so a webhook's `data` is
 * the object a receiver would GET (issue 11; docs/area-shape.md, "Event payloads").
 */
const eventData = (p: PaymentPayout) => toRestPaymentPayout(toPaymentPayoutView(p));

export const addPaymentPayoutEvent = (writes: WriteSet, p: PaymentPayout, eventName: PaymentPayoutEventName, at: Date) =>
  addEvent(writes, { accountId: p.accountId, eventName, sourceId: p.id, data: eventData(p), at });

export const recordPaymentPayoutEvent = (tx: Tx, p: PaymentPayout, eventName: PaymentPayoutEventName, at: Date) =>
  recordEvent(tx, { accountId: p.accountId, eventName, sourceId: p.id, data: eventData(p), at });
