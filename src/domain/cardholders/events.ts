import type { Cardholder, Prisma } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { addEvent, type EventName } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import { toRestCardholder } from '../../rest-compat/cardholders/present';
import { IDV_PROVIDER, toCardholderView } from './view';

/**
 * The data of the cardholder events: the holder as GET /v1/issuing/cardholders/{id} answers it at
 * that step (issue 11; docs/area-shape.md, "Event payloads"), with two adjustments:
 * - no IDV link (idv_verification_url, idv_url_expires_at): the REST door writes it on the origin
 *   the request reached, and an event has no request; a receiver that needs it GETs the holder;
 * - the fields of the official client's CardholderKycStatusChangedPayload / CardholderUpdatedPayload
 *   the REST object leaves out are added, '' when empty as the client types them (idv_provider,
 *   and date_of_birth, nationality, idv_status when the holder has none), so a typed receiver keeps
 *   every field it reads. Every field the REST object has carries the REST value.
 * `numberOfCards`: the holder's cards in any status as the event's transaction sees them.
 */
export const cardholderEventData = (c: Cardholder, numberOfCards: number): Prisma.InputJsonObject => ({
  date_of_birth: '',
  nationality: '',
  idv_status: '',
  // Addresses and identity are typed interfaces; they were parsed from JSON (rules.ts), so they are JSON.
  ...(toRestCardholder(toCardholderView(c, null, numberOfCards), '') as Prisma.InputJsonObject),
  idv_provider: c.kycMethod === 'REDIRECT' ? IDV_PROVIDER : '',
});

/** The holder's cards in any status (spec 2.8 number_of_cards) as `tx` sees them: the event's one extra read. */
export const cardsOfHolder = (tx: Tx, c: Cardholder): Promise<number> => tx.card.count({ where: { cardholderId: c.id } });

export function addCardholderEvent(writes: WriteSet, eventName: EventName, c: Cardholder, at: Date, numberOfCards: number): void {
  addEvent(writes, { accountId: c.accountId, eventName, sourceId: c.id, data: cardholderEventData(c, numberOfCards), at });
}

/** A KYC event when cardholder_status or idv_status differs between the two states. */
export function addKycChangeEvent(writes: WriteSet, before: Cardholder, after: Cardholder, at: Date, numberOfCards: number): void {
  if (before.status === after.status && before.idvStatus === after.idvStatus) return;
  addCardholderEvent(writes, 'cardholder.kyc.status_changed', after, at, numberOfCards);
}
