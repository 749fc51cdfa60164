import type { Cardholder } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { addEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WriteSet } from '../../../platform/writes/write-set';
import { toCardholderView, type CardholderView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

/**
 * The data of the cardholder events: the holder's view at that step, without its IDV link (a door
 * writes the link on the origin its request reached, and an event has no request; a receiver that
 * needs it reads the holder).
 */
export const cardholderPayload = payloadOf<CardholderView>()('cardholder', { idvUrlExpiresAt: 'date', createdAt: 'date' });

/** The holder's cards in any status (number_of_cards) as `tx` sees them: the event's one extra read. */
export const cardsOfHolder = (tx: Tx, c: Cardholder): Promise<number> => tx.card.count({ where: { cardholderId: c.id } });

/** `numberOfCards`: the holder's cards in any status as the event's transaction sees them. */
export function addCardholderEvent(writes: WriteSet, eventName: EventName, c: Cardholder, at: Date, numberOfCards: number): void {
  addEvent(writes, { accountId: c.accountId, eventName, sourceId: c.id, data: cardholderPayload.facts(toCardholderView(c, null, numberOfCards)), at });
}

/** A KYC event when cardholder_status or idv_status differs between the two states. */
export function addKycChangeEvent(writes: WriteSet, before: Cardholder, after: Cardholder, at: Date, numberOfCards: number): void {
  if (before.status === after.status && before.idvStatus === after.idvStatus) return;
  addCardholderEvent(writes, 'cardholder.kyc.status_changed', after, at, numberOfCards);
}
