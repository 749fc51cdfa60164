import type { Cardholder } from '../../../generated/prisma/client';
import type { CardholderStatus, DeliveryAddress, IdvStatus, KycMethod, ResidentialAddress, ReviewStatus } from './rules';

/** A cardholder as both doors present it (spec 2.8). */
export interface CardholderView {
  id: string;
  accountId: string;
  email: string;
  firstName: string;
  lastName: string;
  countryCode: string;
  phoneNumber: string;
  dateOfBirth: string | null;
  gender: string | null;
  nationality: string | null;
  residentialAddress: ResidentialAddress | null;
  deliveryAddress: DeliveryAddress | null;
  identity: { type: string; number: string } | null;
  status: CardholderStatus;
  reviewStatus: ReviewStatus;
  idvStatus: IdvStatus | null;
  kycMethod: KycMethod | null;
  /** The sandbox's identity-check provider for the redirect mode; '' when none applies. */
  idvProvider: string;
  /** Path of the IDV page (redirect mode) while its check is pending; each door puts its origin in front. */
  idvUrlPath: string | null;
  idvUrlExpiresAt: Date | null;
  /** Cards of the cardholder in any status (spec 2.8). */
  numberOfCards: number;
  createdAt: Date;
  /** Spec 2: the cardholder create_time is `YYYY-MM-DD HH:MM:SS` (UTC). */
  createTime: string;
}

export const IDV_PROVIDER = 'PAYRAIL_SANDBOX';

/** `YYYY-MM-DD HH:MM:SS` in UTC (spec 2, 2.8). */
export const cardholderTime = (d: Date): string => d.toISOString().slice(0, 19).replace('T', ' ');

/** `idvUrlPath`: the live IDV link's path (idv.ts), computed by the caller that holds the key. */
export function toCardholderView(c: Cardholder, idvUrlPath: string | null, numberOfCards = 0): CardholderView {
  return {
    id: c.id,
    accountId: c.accountId,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    countryCode: c.countryCode,
    phoneNumber: c.phoneNumber,
    dateOfBirth: c.dateOfBirth,
    gender: c.gender,
    nationality: c.nationality,
    residentialAddress: c.residentialAddress as ResidentialAddress | null,
    deliveryAddress: c.deliveryAddress as DeliveryAddress | null,
    identity: c.identityType && c.identityNumber ? { type: c.identityType, number: c.identityNumber } : null,
    status: c.status as CardholderStatus,
    reviewStatus: c.reviewStatus as ReviewStatus,
    idvStatus: c.idvStatus as IdvStatus | null,
    kycMethod: c.kycMethod as KycMethod | null,
    idvProvider: c.kycMethod === 'REDIRECT' ? IDV_PROVIDER : '',
    idvUrlPath,
    idvUrlExpiresAt: idvUrlPath ? c.idvUrlExpiresAt : null,
    numberOfCards,
    createdAt: c.createdAt,
    createTime: cardholderTime(c.createdAt),
  };
}
