import type { Beneficiary, Prisma } from '../../../generated/prisma/client';
import type { PaymentMethod } from './payment-methods';
import {
  isPlainObject,
  type AdditionalInfo,
  type Address,
  type BankDetails,
  type BeneficiaryEntityType,
  type BeneficiaryFields,
  type BeneficiaryStatus,
  type CheckInput,
} from './rules';

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
  bankDetails: Partial<BankDetails>;
  additionalInfo: Partial<AdditionalInfo> | null;
  summary: string;
}

/** PO9's answer: the matching beneficiary on file, or the candidate. */
export type BeneficiaryCheck =
  | { matched: true; beneficiary: BeneficiaryView }
  | { matched: false; candidate: BeneficiaryCandidate };

const jsonObject = <T>(v: Prisma.JsonValue | null): Partial<T> | null => (isPlainObject(v) ? (v as Partial<T>) : null);

/**
 * The catalogue's `summary`, one line a person recognises the beneficiary by:
 * "ACME Pte Ltd, DBS Bank, SGD account ending 6789". Only the last four account characters show.
 */
export function summaryOf(b: {
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  bankDetails: Partial<BankDetails>;
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
  const bankDetails = jsonObject<BankDetails>(row.bankDetails) ?? {};
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
    address: jsonObject<Address>(row.address),
    additionalInfo: jsonObject<AdditionalInfo>(row.additionalInfo),
    summary: summaryOf({ ...row, bankDetails }),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const given = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>;

/** A checked input (PO9) that matches nothing on file, as a create would store it. */
export function toBeneficiaryCandidate(v: CheckInput): BeneficiaryCandidate {
  const company = v.entity_type === 'COMPANY';
  const bankDetails: Partial<BankDetails> = given({
    bank_country_code: v.bank_country_code,
    account_currency_code: v.currency,
    account_number: v.account_number,
    clearing_system: v.clearing_system,
    iban: v.iban,
  });
  const info = v.additional_info ? given(v.additional_info) : {};
  const names = {
    companyName: company ? (v.company_name ?? null) : null,
    firstName: company ? null : (v.first_name ?? null),
    lastName: company ? null : (v.last_name ?? null),
  };
  return {
    entityType: v.entity_type,
    paymentMethod: v.payment_method,
    ...names,
    bankDetails,
    additionalInfo: Object.keys(info).length > 0 ? info : null,
    summary: summaryOf({ ...names, bankDetails }),
  };
}
