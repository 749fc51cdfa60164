import type { Beneficiary, Prisma } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { parseInput } from '../../../platform/validation/validate';
import { guardedReadCache } from '../../../platform/writes/read-cache';
import { STALE } from '../../../platform/writes/write-set';
import type { HoldActiveBeneficiary } from './contract';
import { beneficiaryErrors } from './errors';
import { readActiveBeneficiary, readBeneficiariesByIds } from './store';
import { paymentMethodsFor, type PaymentMethodOption } from './payment-methods';
import { beneficiaryFilter, checkBeneficiaryCommand, paymentMethodsQuery, type BeneficiaryFilter } from './rules';
import { toBeneficiaryCandidate, toBeneficiaryView, type BeneficiaryCheck, type BeneficiaryView } from './view';

/** The acting account's ACTIVE beneficiary (a plain read), or undefined for anything else. */
async function activeBeneficiary(db: Pick<Tx, 'beneficiary'>, ctx: RequestContext, beneficiaryId: string): Promise<Beneficiary | undefined> {
  if (!isUuid(beneficiaryId)) return undefined;
  const row = await db.beneficiary.findFirst({ where: { id: beneficiaryId, accountId: ctx.acting.id, status: 'ACTIVE' } });
  return row ?? undefined;
}

/**
 * Contract for payouts: the acting account's ACTIVE beneficiary (unknown, deleted, malformed or
 * another tenant's: undefined), read before the payout's writes, which then hold it: the write set
 * locks the row FOR SHARE until commit and requires it unchanged since read (at the version read,
 * so still ACTIVE and the acting account's). A delete locks the row FOR UPDATE, so the two
 * serialise: a delete waits for a payout in progress, and a payout that meets a delete in progress
 * waits for it and is prepared again — to find no active beneficiary. Never a payout to a
 * beneficiary deleted or changed under it.
 *
 * The copy read is kept (per database handle) for the next payout to the same beneficiary: a busy
 * sender pays the same beneficiaries again and again. The guard makes the copy exact: a changed
 * row refuses the set as stale, the copy is dropped and the payout prepared again from a fresh read.
 */
export const holdActiveBeneficiary: HoldActiveBeneficiary = async (ctx, beneficiaryId, writes) => {
  if (!isUuid(beneficiaryId)) return undefined;
  const cache = guardedReadCache<Beneficiary>(ctx.db, 'active beneficiaries');
  const key = `${ctx.acting.id}/${beneficiaryId}`;
  let found = cache.get(key);
  if (found) {
    writes.usedCachedRead(() => cache.delete(key));
  } else {
    found = await readActiveBeneficiary(ctx.db, ctx.acting.id, beneficiaryId);
    if (!found) return undefined;
    cache.set(key, found);
  }
  writes.requireUnchanged('beneficiaries', found, STALE);
  return found;
};

/**
 * The acting account's beneficiaries with these ids in any status (a payout keeps showing the
 * beneficiary it was sent to after that beneficiary is deleted), for batched GraphQL loading.
 */
export async function beneficiariesByIds(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, BeneficiaryView>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await readBeneficiariesByIds(ctx.db, ctx.acting.id, valid);
  return new Map(rows.map((r) => [r.id, toBeneficiaryView(r)]));
}

/** PO6: the acting account's active beneficiary; anything else answers as unknown. */
export async function getBeneficiary(ctx: RequestContext, beneficiaryId: string): Promise<BeneficiaryView> {
  const row = await activeBeneficiary(ctx.tx ?? ctx.db.prisma, ctx, beneficiaryId);
  if (!row) throw beneficiaryErrors.beneficiaryNotFound();
  return toBeneficiaryView(row);
}

function whereOf(ctx: RequestContext, f: BeneficiaryFilter): Prisma.BeneficiaryWhereInput {
  return {
    accountId: ctx.acting.id,
    status: 'ACTIVE',
    ...(f.entityType !== undefined && { entityType: f.entityType }),
    // Name filters match a part of the name, ignoring case: people search by fragments.
    ...(f.nickname !== undefined && { nickname: { contains: f.nickname, mode: 'insensitive' } }),
    ...(f.companyName !== undefined && { companyName: { contains: f.companyName, mode: 'insensitive' } }),
    ...(f.currency !== undefined && { bankDetails: { path: ['account_currency_code'], equals: f.currency } }),
  };
}

/** PO5 / GraphQL `beneficiaries`: the acting account's active beneficiaries, newest first. */
export const beneficiaryList = defineList({
  filter: beneficiaryFilter,
  order: newestFirst('beneficiaries'),
  find(ctx, filter, page) {
    const where = whereOf(ctx, filter);
    const db = ctx.tx ?? ctx.db.prisma;
    return page.slice(
      db.beneficiary.findMany(page.prisma(where)),
      db.beneficiary.count({ where }),
      toBeneficiaryView,
    );
  },
});

/**
 * PO9: runs the beneficiary rules on the fields given and reports the acting account's active
 * beneficiary with the same entity type, payment method, bank country, currency and account
 * number (or IBAN, when no account number is given) when there is one (the newest), else the
 * normalised candidate. Nothing is written.
 */
export async function checkBeneficiary(ctx: RequestContext, raw: unknown): Promise<BeneficiaryCheck> {
  const v = parseInput(checkBeneficiaryCommand, raw);
  const db = ctx.tx ?? ctx.db.prisma;
  const existing = await db.beneficiary.findFirst({
    where: {
      accountId: ctx.acting.id,
      status: 'ACTIVE',
      entityType: v.entityType,
      paymentMethod: v.paymentMethod,
      // bank_details is stored in spec 2.12's names (stored.ts).
      AND: [
        v.accountNumber !== undefined
          ? { bankDetails: { path: ['account_number'], equals: v.accountNumber } }
          : { bankDetails: { path: ['iban'], equals: v.iban! } },
        { bankDetails: { path: ['account_currency_code'], equals: v.currency } },
        { bankDetails: { path: ['bank_country_code'], equals: v.bankCountryCode } },
      ],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return existing
    ? { matched: true, beneficiary: toBeneficiaryView(existing) }
    : { matched: false, candidate: toBeneficiaryCandidate(v) };
}

/** PO10: the payment methods to a bank in `country` in `currency`. */
export function listPaymentMethods(rawQuery: unknown): PaymentMethodOption[] {
  const { currency, country } = parseInput(paymentMethodsQuery, rawQuery ?? {});
  return paymentMethodsFor(currency, country);
}
