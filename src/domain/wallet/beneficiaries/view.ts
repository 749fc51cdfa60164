import type { Beneficiary, Prisma } from '../../../generated/prisma/client';
import type { PaymentMethod } from './payment-methods';
import {
  isPlainObject,
  type BeneficiaryEntityType,
  type BeneficiaryFields,
  type BeneficiaryStatus,
  type CheckBeneficiaryCommand,
} from './rules';
import { storedAdditionalInfo, type StoredAdditionalInfo, type StoredAddress, type StoredBankDetails } from './stored';

/**
 * A beneficiary as both doors present it (spec 2.12, catalogue PO6). Nested objects keep the wire
 * names they are stored in (bank_details is spec 2.12's object), each member present only when given;
 * the one-line `summary` is computed here, once.
 */
export interface BeneficiaryView extends BeneficiaryFields {
  id: string;
  shortReferenceId: string;
  paymentMethod: PaymentMethod;
  status: BeneficiaryStatus;
  summary: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A checked beneficiary that is not on file (PO9): the normalised fields a create would store. */
export interface BeneficiaryCandidate {
  entityType: BeneficiaryEntityType;
  paymentMethod: PaymentMethod;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  bankDetails: StoredBankDetails;
  additionalInfo: StoredAdditionalInfo | null;
  summary: string;
}

/** PO9's answer: the matching beneficiary on file, or the candidate. */
export type BeneficiaryCheck =
  | { matched: true; beneficiary: BeneficiaryView }
  | { matched: false; candidate: BeneficiaryCandidate };

const jsonObject = <T>(v: Prisma.JsonValue | null): T | null => (isPlainObject(v) ? (v as T) : null);

/**
 * The catalogue's `summary`, one line a person recognises the beneficiary by:
 * "ACME Pte Ltd, DBS Bank, SGD account ending 6789". Only the last four account characters show.
 */
export function summaryOf(b: {
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  bankDetails: StoredBankDetails;
}): string {
  const name = b.companyName ?? [b.firstName, b.lastName].filter(Boolean).join(' ');
  const account = b.bankDetails.account_number ?? b.bankDetails.iban ?? '';
  const parts = [
    name,
    b.bankDetails.bank_name,
    `${b.bankDetails.account_currency_code ?? ''} account ending ${account.slice(-4)}`.trim(),
  ];
  return parts.filter((p) => p !== undefined && p !== '').join(', ');
}

/** The row's text columns hold only the values the rules let in (rules.ts), so they are typed here once. */
export function toBeneficiaryView(row: Beneficiary): BeneficiaryView {
  const bankDetails = jsonObject<StoredBankDetails>(row.bankDetails) ?? {};
  return {
    id: row.id,
    shortReferenceId: row.shortReferenceId,
    entityType: row.entityType as BeneficiaryEntityType,
    paymentMethod: row.paymentMethod as PaymentMethod,
    status: row.status as BeneficiaryStatus,
    companyName: row.companyName,
    firstName: row.firstName,
    lastName: row.lastName,
    idNumber: row.idNumber,
    email: row.email,
    nickname: row.nickname,
    bankDetails,
    address: jsonObject<StoredAddress>(row.address),
    additionalInfo: jsonObject<StoredAdditionalInfo>(row.additionalInfo),
    summary: summaryOf({ ...row, bankDetails }),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const given = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>;

/** A checked input (PO9) that matches nothing on file, as a create would store it. */
export function toBeneficiaryCandidate(v: CheckBeneficiaryCommand): BeneficiaryCandidate {
  const company = v.entityType === 'COMPANY';
  const bankDetails: StoredBankDetails = given({
    bank_country_code: v.bankCountryCode,
    account_currency_code: v.currency,
    account_number: v.accountNumber,
    clearing_system: v.clearingSystem,
    iban: v.iban,
  });
  const info = v.additionalInfo ? given(v.additionalInfo) : {};
  const names = {
    companyName: company ? (v.companyName ?? null) : null,
    firstName: company ? null : (v.firstName ?? null),
    lastName: company ? null : (v.lastName ?? null),
  };
  return {
    entityType: v.entityType,
    paymentMethod: v.paymentMethod,
    ...names,
    bankDetails,
    additionalInfo: Object.keys(info).length > 0 ? storedAdditionalInfo(info) : null,
    summary: summaryOf({ ...names, bankDetails }),
  };
}
