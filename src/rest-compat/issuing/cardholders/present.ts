import type { z } from 'zod';
import type { CardholderView } from '../../../domain/issuing/cardholders/view';
import { iso } from '../../shared/wire';
import type { restCardholder, restCardholderRef } from './schemas';

/** The IDV link (redirect mode), absolute on the origin this request reached. */
const idvLink = (c: CardholderView, origin: string) =>
  c.idvUrlPath && c.idvUrlExpiresAt ? { idv_verification_url: `${origin}${c.idvUrlPath}`, idv_url_expires_at: iso(c.idvUrlExpiresAt) } : {};

export const toRestCardholderRef = (c: CardholderView, origin: string): z.input<typeof restCardholderRef> => ({
  cardholder_id: c.id,
  cardholder_status: c.status,
  ...idvLink(c, origin),
});

export const toRestCardholder = (c: CardholderView, origin: string): z.input<typeof restCardholder> => ({
  cardholder_id: c.id,
  email: c.email,
  number_of_cards: c.numberOfCards,
  first_name: c.firstName,
  last_name: c.lastName,
  create_time: c.createTime,
  cardholder_status: c.status,
  ...(c.dateOfBirth !== null ? { date_of_birth: c.dateOfBirth } : {}),
  country_code: c.countryCode,
  phone_number: c.phoneNumber,
  ...(c.gender !== null ? { gender: c.gender as 'MALE' | 'FEMALE' | 'OTHER' } : {}),
  ...(c.nationality !== null ? { nationality: c.nationality } : {}),
  ...(c.residentialAddress !== null ? { residential_address: c.residentialAddress } : {}),
  ...(c.deliveryAddress !== null ? { delivery_address: c.deliveryAddress } : {}),
  ...(c.identity !== null ? { identity: c.identity } : {}),
  review_status: c.reviewStatus,
  ...(c.idvStatus !== null ? { idv_status: c.idvStatus } : {}),
  ...idvLink(c, origin),
});

/**
 * A cardholder event's data: the holder as a read answers it, without the IDV link (an event has no
 * request, so no origin to put in front of it), and with the fields of the official client's
 * CardholderKycStatusChangedPayload / CardholderUpdatedPayload the REST object leaves out: '' when
 * empty, as the client types them (idv_provider, and date_of_birth, nationality, idv_status when the
 * holder has none), so a typed receiver keeps every field it reads.
 */
export const toRestCardholderEvent = (c: CardholderView) => ({
  date_of_birth: '',
  nationality: '',
  idv_status: '',
  ...toRestCardholder({ ...c, idvUrlPath: null }, ''),
  idv_provider: c.idvProvider,
});
