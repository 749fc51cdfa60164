import type { PaymentPayout } from '../../../generated/prisma/client';
import { addEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WriteSet } from '../../../platform/writes/write-set';
import { toPaymentPayoutView, type PaymentPayoutView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

export type PaymentPayoutEventName = Extract<EventName, `payment_payout.${string}`>;

export const paymentPayoutPayload = payloadOf<PaymentPayoutView>()('payment_payout', { createdAt: 'date', updatedAt: 'date', completedAt: 'date' });

const eventData = (p: PaymentPayout) => paymentPayoutPayload.facts(toPaymentPayoutView(p));

export const addPaymentPayoutEvent = (writes: WriteSet, p: PaymentPayout, eventName: PaymentPayoutEventName, at: Date) =>
  addEvent(writes, { accountId: p.accountId, eventName, sourceId: p.id, data: eventData(p), at });
