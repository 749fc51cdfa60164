import { Prisma, type Beneficiary } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import type { Tx } from '../../../platform/db/tx';
import type { RequestContext } from '../../../platform/context';
import { recordBeneficiaryEvent } from './events';
import { insertWithFreshShortReference } from '../../../platform/ids/fresh-short-reference';
import { isUuid, newId } from '../../../platform/ids/ids';
import { parseInput } from '../../../platform/validation/validate';
import type { CreateBeneficiaryInTx } from './contract';
import { beneficiaryErrors } from './errors';
import {
  BENEFICIARY_FIELDS,
  createBeneficiaryCommand,
  isPlainObject,
  NESTED_FIELDS,
  updateBeneficiaryCommand,
  type BeneficiaryFields,
} from './rules';
import { additionalInfoMembersOf, addressMembersOf, bankDetailsMembersOf } from './stored';
import { toBeneficiaryView, type BeneficiaryView } from './view';

const columns = (f: BeneficiaryFields) => ({
  entityType: f.entityType,
  paymentMethod: f.paymentMethod,
  companyName: f.companyName,
  firstName: f.firstName,
  lastName: f.lastName,
  idNumber: f.idNumber,
  email: f.email,
  nickname: f.nickname,
  bankDetails: f.bankDetails as Prisma.InputJsonObject,
  address: f.address ? (f.address as Prisma.InputJsonObject) : Prisma.DbNull,
  additionalInfo: f.additionalInfo ? (f.additionalInfo as Prisma.InputJsonObject) : Prisma.DbNull,
});

/**
 * Contract for payouts and the body of PO4: validates `raw` with every rule of spec 2.12 and
 * inserts it for the acting account in the caller's transaction, with its outbox event.
 */
export const createBeneficiaryInTx: CreateBeneficiaryInTx = async (tx, ctx, raw, opts) => {
  const fields = parseInput(createBeneficiaryCommand, raw, opts);
  const now = ctx.clock.now();
  const row = await insertWithFreshShortReference('BE', (shortReferenceId) =>
    tx.beneficiary.createManyAndReturn({
      skipDuplicates: true,
      data: [{ id: newId(), accountId: ctx.acting.id, shortReferenceId, ...columns(fields), status: 'ACTIVE', createdAt: now, updatedAt: now }],
    }),
  );
  await recordBeneficiaryEvent(tx, row, 'create', now);
  return row;
};

/** PO4. */
export async function createBeneficiary(ctx: RequestContext, raw: unknown): Promise<BeneficiaryView> {
  return toBeneficiaryView(await ctx.commit('locking', ({ tx }) => createBeneficiaryInTx(tx, ctx, raw)));
}

const membersOf = (json: unknown, of: (stored: Record<string, unknown>) => Record<string, unknown>): unknown =>
  isPlainObject(json) ? of(json) : json;

/** The stored beneficiary in the command's names, the base a PO7 patch is merged onto. */
function commandOf(row: Beneficiary): Record<string, unknown> {
  return {
    entityType: row.entityType,
    paymentMethod: row.paymentMethod,
    companyName: row.companyName,
    firstName: row.firstName,
    lastName: row.lastName,
    idNumber: row.idNumber,
    email: row.email,
    nickname: row.nickname,
    bankDetails: membersOf(row.bankDetails, bankDetailsMembersOf),
    address: membersOf(row.address, addressMembersOf),
    additionalInfo: membersOf(row.additionalInfo, additionalInfoMembersOf),
  };
}

/**
 * PO7 merge: a top-level field replaces the stored one (null clears it); a nested object
 * (bankDetails, address, additionalInfo) is merged key by key. Unknown keys are ignored.
 */
function mergePatch(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...base };
  for (const field of BENEFICIARY_FIELDS) {
    if (!Object.hasOwn(patch, field)) continue;
    const value = patch[field];
    const current = merged[field];
    const nested = (NESTED_FIELDS as readonly string[]).includes(field);
    merged[field] = nested && isPlainObject(value) && isPlainObject(current) ? { ...current, ...value } : value;
  }
  return merged;
}

async function lockActive(tx: Tx, ctx: RequestContext, beneficiaryId: string): Promise<Beneficiary> {
  if (!isUuid(beneficiaryId)) throw beneficiaryErrors.beneficiaryNotFound();
  // The row lock makes concurrent updates apply one after the other, each onto the other's result.
  const row = await lockRow(tx, 'beneficiaries', { id: beneficiaryId, accountId: ctx.acting.id, status: 'ACTIVE' });
  if (!row) throw beneficiaryErrors.beneficiaryNotFound();
  return row;
}

/** PO7: any subset of the PO4 fields; the merged beneficiary is validated as a whole. */
export async function updateBeneficiary(ctx: RequestContext, beneficiaryId: string, patch: unknown): Promise<BeneficiaryView> {
  const body = parseInput(updateBeneficiaryCommand, patch ?? {});
  return ctx.commit('locking', async ({ tx }) => {
    const current = await lockActive(tx, ctx, beneficiaryId);
    const fields = parseInput(createBeneficiaryCommand, mergePatch(commandOf(current), body));
    const now = ctx.clock.now();
    const row = await tx.beneficiary.update({ where: { id: current.id }, data: { ...columns(fields), updatedAt: now } });
    await recordBeneficiaryEvent(tx, row, 'update', now);
    return toBeneficiaryView(row);
  });
}

/**
 * PO8: a soft delete. The row stays (payouts already made to it keep their beneficiary), but it is
 * no longer listed, retrievable, updatable or usable for new payouts.
 */
export async function deleteBeneficiary(ctx: RequestContext, beneficiaryId: string): Promise<BeneficiaryView> {
  return ctx.commit('locking', async ({ tx }) => {
    const current = await lockActive(tx, ctx, beneficiaryId);
    const now = ctx.clock.now();
    const row = await tx.beneficiary.update({
      where: { id: current.id },
      data: { status: 'DELETED', deletedAt: now, updatedAt: now },
    });
    await recordBeneficiaryEvent(tx, row, 'delete', now);
    return toBeneficiaryView(row);
  });
}
