import type { Beneficiary, Prisma } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import type { RequestContext } from '../context';
import { isUuid } from '../ids/ids';
import { pageWindow, toPage, type Page } from '../pagination/page';
import type { FindActiveBeneficiary } from './contract';
import { beneficiaryErrors } from './errors';
import { paymentMethodsFor, type PaymentMethodOption } from './payment-methods';
import {
  beneficiaryFilter,
  beneficiaryListQuery,
  checkInput,
  isPlainObject,
  parseFields,
  paymentMethodsQuery,
  type AdditionalInfo,
  type Address,
  type BankDetails,
  type BeneficiaryFilter,
} from './rules';

/** What the doors receive: a plain record with typed nested objects, never the ORM row. */
export interface BeneficiaryRecord {
  id: string;
  shortReferenceId: string;
  entityType: string;
  paymentMethod: string;
  status: string;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  idNumber: string | null;
  email: string | null;
  nickname: string | null;
  bankDetails: Partial<BankDetails>;
  address: Partial<Address> | null;
  additionalInfo: Partial<AdditionalInfo> | null;
  summary: string;
  createdAt: Date;
  updatedAt: Date;
}

const jsonObject = <T>(v: Prisma.JsonValue | null): Partial<T> | null =>
  isPlainObject(v) ? (v as Partial<T>) : null;

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

export function toBeneficiaryRecord(row: Beneficiary): BeneficiaryRecord {
  const bankDetails = jsonObject<BankDetails>(row.bankDetails) ?? {};
  return {
    id: row.id,
    shortReferenceId: row.shortReferenceId,
    entityType: row.entityType,
    paymentMethod: row.paymentMethod,
    status: row.status,
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

/** The acting account's ACTIVE beneficiary (a plain read), or undefined for anything else. */
async function activeBeneficiary(db: Pick<Tx, 'beneficiary'>, ctx: RequestContext, beneficiaryId: string): Promise<Beneficiary | undefined> {
  if (!isUuid(beneficiaryId)) return undefined;
  const row = await db.beneficiary.findFirst({ where: { id: beneficiaryId, accountId: ctx.acting.id, status: 'ACTIVE' } });
  return row ?? undefined;
}

/**
 * Contract for payouts: the acting account's ACTIVE beneficiary, locked FOR SHARE until the
 * caller's transaction ends, or undefined for anything else. A delete locks the row FOR UPDATE, so
 * the two serialise: a delete waits for a payout in progress, and a payout that meets a delete in
 * progress waits for it and then finds no active beneficiary — never a payout to a beneficiary
 * deleted under it. One statement: the row comes back with the lock.
 */
export const findActiveBeneficiary: FindActiveBeneficiary = async (tx, ctx, beneficiaryId) => {
  if (!isUuid(beneficiaryId)) return undefined;
  const [row] = await tx.$queryRaw<Beneficiary[]>`
    SELECT id, account_id AS "accountId", short_reference_id AS "shortReferenceId", entity_type AS "entityType",
           payment_method AS "paymentMethod", company_name AS "companyName", first_name AS "firstName",
           last_name AS "lastName", id_number AS "idNumber", email, nickname, bank_details AS "bankDetails", address,
           additional_info AS "additionalInfo", status, created_at AS "createdAt", updated_at AS "updatedAt",
           deleted_at AS "deletedAt"
    FROM beneficiaries
    WHERE id = ${beneficiaryId}::uuid AND account_id = ${ctx.acting.id}::uuid AND status = 'ACTIVE'
    FOR SHARE`;
  return row;
};

/**
 * The acting account's beneficiaries with these ids in any status (a payout keeps showing the
 * beneficiary it was sent to after that beneficiary is deleted), for batched GraphQL loading.
 */
export async function beneficiariesByIds(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, BeneficiaryRecord>> {
  const valid = ids.filter(isUuid);
  const rows = valid.length === 0 ? [] : await ctx.db.prisma.beneficiary.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } });
  return new Map(rows.map((r) => [r.id, toBeneficiaryRecord(r)]));
}

/** PO6. */
export async function retrieveBeneficiary(ctx: RequestContext, beneficiaryId: string): Promise<BeneficiaryRecord> {
  const row = await activeBeneficiary(ctx.tx ?? ctx.db.prisma, ctx, beneficiaryId);
  if (!row) throw beneficiaryErrors.beneficiaryNotFound();
  return toBeneficiaryRecord(row);
}

function whereOf(ctx: RequestContext, f: BeneficiaryFilter): Prisma.BeneficiaryWhereInput {
  return {
    accountId: ctx.acting.id,
    status: 'ACTIVE',
    ...(f.entity_type !== undefined && { entityType: f.entity_type }),
    // Name filters match a part of the name, ignoring case: people search by fragments.
    ...(f.nickname !== undefined && { nickname: { contains: f.nickname, mode: 'insensitive' } }),
    ...(f.company_name !== undefined && { companyName: { contains: f.company_name, mode: 'insensitive' } }),
    ...(f.currency !== undefined && { bankDetails: { path: ['account_currency_code'], equals: f.currency } }),
  };
}

/** The acting account's active beneficiaries, newest first, in a skip/take window. */
export async function listBeneficiaries(
  ctx: RequestContext,
  rawFilter: unknown,
  window: { skip: number; take: number },
): Promise<{ items: BeneficiaryRecord[]; total: number }> {
  const where = whereOf(ctx, parseFields(beneficiaryFilter, rawFilter ?? {}));
  const db = ctx.tx ?? ctx.db.prisma;
  const [rows, total] = await Promise.all([
    db.beneficiary.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...window }),
    db.beneficiary.count({ where }),
  ]);
  return { items: rows.map(toBeneficiaryRecord), total };
}

/** PO5: page_number / page_size (1-100, default 10) and the catalogue's filters. */
export async function listBeneficiaryPage(ctx: RequestContext, rawQuery: unknown): Promise<Page<BeneficiaryRecord>> {
  const { page_number, page_size, ...filter } = parseFields(beneficiaryListQuery, rawQuery ?? {});
  const { items, total } = await listBeneficiaries(ctx, filter, pageWindow({ page_number, page_size }));
  return toPage(items, total, page_size);
}

/** A checked beneficiary that is not on file: the normalised fields a create would store. */
export interface BeneficiaryCandidate {
  entityType: string;
  paymentMethod: string;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  bankDetails: Partial<BankDetails>;
  additionalInfo: Partial<AdditionalInfo> | null;
  summary: string;
}

export type BeneficiaryCheck =
  | { matched: true; beneficiary: BeneficiaryRecord }
  | { matched: false; candidate: BeneficiaryCandidate };

/**
 * PO9: runs the beneficiary rules on the fields given and reports the acting account's active
 * beneficiary with the same entity type, payment method, bank country, currency and account
 * number when there is one (the newest), else the normalised candidate. Nothing is written.
 */
export async function checkBeneficiary(ctx: RequestContext, raw: unknown): Promise<BeneficiaryCheck> {
  const v = parseFields(checkInput, raw);
  const db = ctx.tx ?? ctx.db.prisma;
  const existing = await db.beneficiary.findFirst({
    where: {
      accountId: ctx.acting.id,
      status: 'ACTIVE',
      entityType: v.entity_type,
      paymentMethod: v.payment_method,
      AND: [
        { bankDetails: { path: ['account_number'], equals: v.account_number } },
        { bankDetails: { path: ['account_currency_code'], equals: v.currency } },
        { bankDetails: { path: ['bank_country_code'], equals: v.bank_country_code } },
      ],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  if (existing) return { matched: true, beneficiary: toBeneficiaryRecord(existing) };
  const company = v.entity_type === 'COMPANY';
  const bankDetails: Partial<BankDetails> = Object.fromEntries(
    Object.entries({
      bank_country_code: v.bank_country_code,
      account_currency_code: v.currency,
      account_number: v.account_number,
      clearing_system: v.clearing_system,
      iban: v.iban,
    }).filter(([, x]) => x !== undefined),
  );
  const info = v.additional_info ? Object.fromEntries(Object.entries(v.additional_info).filter(([, x]) => x !== undefined)) : {};
  const names = {
    companyName: company ? (v.company_name ?? null) : null,
    firstName: company ? null : (v.first_name ?? null),
    lastName: company ? null : (v.last_name ?? null),
  };
  return {
    matched: false,
    candidate: {
      entityType: v.entity_type,
      paymentMethod: v.payment_method,
      ...names,
      bankDetails,
      additionalInfo: Object.keys(info).length > 0 ? info : null,
      summary: summaryOf({ ...names, bankDetails }),
    },
  };
}

/** PO10: the payment methods to a bank in `country` in `currency`. */
export function listPaymentMethods(rawQuery: unknown): PaymentMethodOption[] {
  const { currency, country } = parseFields(paymentMethodsQuery, rawQuery ?? {});
  return paymentMethodsFor(currency, country);
}
