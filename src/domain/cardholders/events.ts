import type { Cardholder } from '../../generated/prisma/client';
import { addEvent, type EventName } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import type { CardholderStatus, IdvStatus } from './rules';
import { cardholderTime, IDV_PROVIDER } from './view';

/**
 * The data of the cardholder events: the official client's `CardholderKycStatusChangedPayload`
 * (the same shape as its `CardholderUpdatedPayload`), field for field. Absent optional values are
 * '' as the client documents for idv_status and idv_provider.
 */
export interface CardholderEventPayload {
  cardholder_id: string;
  email: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  country_code: string;
  nationality: string;
  phone_number: string;
  cardholder_status: CardholderStatus;
  idv_status: IdvStatus | '';
  idv_provider: string;
  create_time: string;
}

export const cardholderEventPayload = (c: Cardholder): CardholderEventPayload => ({
  cardholder_id: c.id,
  email: c.email,
  first_name: c.firstName,
  last_name: c.lastName,
  date_of_birth: c.dateOfBirth ?? '',
  country_code: c.countryCode,
  nationality: c.nationality ?? '',
  phone_number: c.phoneNumber,
  cardholder_status: c.status as CardholderStatus,
  idv_status: (c.idvStatus ?? '') as IdvStatus | '',
  idv_provider: c.kycMethod === 'REDIRECT' ? IDV_PROVIDER : '',
  create_time: cardholderTime(c.createdAt),
});

export function addCardholderEvent(writes: WriteSet, eventName: EventName, c: Cardholder, at: Date): void {
  addEvent(writes, { accountId: c.accountId, eventName, sourceId: c.id, data: { ...cardholderEventPayload(c) }, at });
}

/** A KYC event when cardholder_status or idv_status differs between the two states. */
export function addKycChangeEvent(writes: WriteSet, before: Cardholder, after: Cardholder, at: Date): void {
  if (before.status === after.status && before.idvStatus === after.idvStatus) return;
  addCardholderEvent(writes, 'cardholder.kyc.status_changed', after, at);
}
