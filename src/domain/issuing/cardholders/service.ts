import type { Cardholder, Prisma } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import { newId } from '../../../platform/ids/ids';
import { addTransition } from '../../../platform/scheduler/transitions';
import { parseInput } from '../../../platform/validation/validate';
import type { LockingScope } from '../../../platform/writes/commit';
import type { WriteSet } from '../../../platform/writes/write-set';
import { cardholderErrors } from './errors';
import { checkIdentityFiles } from './identity-files';
import { addCardholderEvent, addKycChangeEvent, cardsOfHolder } from './events';
import { CARDHOLDER_KYC_REVIEW, KYC_NONE, KYC_PENDING, type KycState } from './lifecycle';
import { findOwnCardholder, presentCardholder } from './queries';
import {
  checkCardholderFields,
  createCardholderCommand,
  IDV_LINK_SECONDS,
  KYC_REVIEW_SECONDS,
  kycMethodOf,
  storedDeliveryAddress,
  storedResidentialAddress,
  updateCardholderCommand,
  type CreateCardholderCommand,
  type KycMethod,
  type UpdateCardholderCommand,
} from './rules';
import type { CardholderView } from './view';
import { requireSandbox } from '../../developers/sandbox/capabilities';
import { lockTree } from './store';

/**
 * CI14 create and CI17 update (spec 2.8, 7.2). Each runs in one transaction that first takes the
 * tree's cardholder lock, so "email and phone unique within the tree" is checked and written
 * without a race (the unique index on the email is the backstop); cardholder writes are rare.
 */

/** The tree's duplicates of email, phone and identity document, other than the cardholder itself. */
async function checkUnique(
  tx: Tx,
  rootAccountId: string,
  self: string | null,
  f: { email?: string; phoneNumber?: string; identity?: { type: string; number: string } },
): Promise<void> {
  const others = (where: Prisma.CardholderWhereInput) =>
    tx.cardholder.count({ where: { rootAccountId, ...(self ? { id: { not: self } } : {}), ...where } });
  if (f.email !== undefined && (await others({ emailKey: f.email.toLowerCase() }))) throw cardholderErrors.emailDuplicated();
  if (f.phoneNumber !== undefined && (await others({ phoneNumber: f.phoneNumber }))) throw cardholderErrors.phoneNumberDuplicated();
  if (f.identity && (await others({ identityType: f.identity.type, identityNumber: f.identity.number }))) throw cardholderErrors.alreadyExists();
}

/** The KYC state a request starts, and the columns of its check. */
function startKyc(method: KycMethod | null, now: Date): KycState & { kycMethod: KycMethod | null; idvUrlExpiresAt: Date | null } {
  if (!method) return { ...KYC_NONE, kycMethod: null, idvUrlExpiresAt: null };
  return {
    ...KYC_PENDING,
    kycMethod: method,
    idvUrlExpiresAt: method === 'REDIRECT' ? new Date(now.getTime() + IDV_LINK_SECONDS * 1000) : null,
  };
}

function addReview(writes: WriteSet, c: Cardholder, now: Date): void {
  if (c.kycMethod !== 'THIRD_PARTY' || c.status !== 'PENDING') return;
  addTransition(writes, {
    accountId: c.accountId,
    rootAccountId: c.rootAccountId,
    kind: CARDHOLDER_KYC_REVIEW,
    subjectId: c.id,
    dueAt: new Date(now.getTime() + KYC_REVIEW_SECONDS * 1000),
    now,
  });
}

/** An identity check (kyc_verification) is the sandbox's simulation: a production account has no provider to ask. */
function requireIdentityProvider(ctx: RequestContext, method: KycMethod | null): void {
  if (method) requireSandbox(ctx.acting, 'identity_check', cardholderErrors.noIdentityProvider);
}

const identityOf = (i: CreateCardholderCommand['identity']) => (i ? { type: i.type, number: i.number } : undefined);

/** The CI14 rules that need no database; the parsed body's kyc method. `at` names a nested body (CI1 one-step mode). */
export function checkNewCardholder(input: CreateCardholderCommand, now: Date): KycMethod | null {
  const method = input.kycVerification ? kycMethodOf(input.kycVerification.method) : null;
  checkCardholderFields(
    { firstName: input.firstName, lastName: input.lastName, countryCode: input.countryCode, phoneNumber: input.phoneNumber, dateOfBirth: input.dateOfBirth },
    {
      names: true,
      dob: true,
      phone: true,
      country: true,
      identityOrDocument: input.identity !== undefined || input.document !== undefined,
      delivery: input.deliveryAddress,
      redirect: method === 'REDIRECT',
      identity: input.identity,
    },
    now,
  );
  return method;
}

/**
 * Writes a checked CI14 body in `tx`: the tree's lock, uniqueness, the row, its event and its review.
 * `cardsToCome`: the cards the caller adds in this transaction (CI1 one-step mode: 1), so the event
 * shows number_of_cards as the holder reads once it commits.
 */
export async function insertCardholder(ctx: RequestContext, { tx, writes }: LockingScope, input: CreateCardholderCommand, method: KycMethod | null, now: Date, cardsToCome = 0): Promise<Cardholder> {
  requireIdentityProvider(ctx, method);
  const rootAccountId = rootOf(ctx.acting);
  await lockTree(tx, rootAccountId);
  await checkUnique(tx, rootAccountId, null, { email: input.email, phoneNumber: input.phoneNumber, identity: identityOf(input.identity) });
  const created = await tx.cardholder.create({
    data: {
      id: newId(),
      accountId: ctx.acting.id,
      rootAccountId,
      email: input.email,
      emailKey: input.email.toLowerCase(),
      firstName: input.firstName,
      lastName: input.lastName,
      countryCode: input.countryCode!,
      phoneNumber: input.phoneNumber,
      dateOfBirth: input.dateOfBirth ?? null,
      gender: input.gender ?? null,
      nationality: input.nationality ?? null,
      residentialAddress: (input.residentialAddress ? storedResidentialAddress(input.residentialAddress) : undefined) as Prisma.InputJsonValue | undefined,
      deliveryAddress: (input.deliveryAddress ? storedDeliveryAddress(input.deliveryAddress) : undefined) as Prisma.InputJsonValue | undefined,
      identityType: input.identity?.type ?? null,
      identityNumber: input.identity?.number ?? null,
      ...startKyc(method, now),
      createdAt: now,
      updatedAt: now,
    },
  });
  // A new holder has no cards but those its caller adds in this transaction.
  addCardholderEvent(writes, 'cardholder.create.succeeded', created, now, cardsToCome);
  addReview(writes, created, now);
  return created;
}

export async function createCardholder(ctx: RequestContext, raw: unknown): Promise<CardholderView> {
  const input = parseInput(createCardholderCommand, raw);
  const now = ctx.clock.now();
  const method = checkNewCardholder(input, now);
  await checkIdentityFiles(ctx, input.identity);
  const row = await ctx.commit('locking', (scope) => insertCardholder(ctx, scope, input, method, now));
  return presentCardholder(ctx.db, row);
}

function changesOf(input: UpdateCardholderCommand): Prisma.CardholderUpdateInput {
  return {
    ...(input.email !== undefined ? { email: input.email, emailKey: input.email.toLowerCase() } : {}),
    ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
    ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
    ...(input.countryCode !== undefined ? { countryCode: input.countryCode } : {}),
    ...(input.phoneNumber !== undefined ? { phoneNumber: input.phoneNumber } : {}),
    ...(input.dateOfBirth !== undefined ? { dateOfBirth: input.dateOfBirth } : {}),
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.nationality !== undefined ? { nationality: input.nationality } : {}),
    ...(input.residentialAddress !== undefined ? { residentialAddress: storedResidentialAddress(input.residentialAddress) as Prisma.InputJsonValue } : {}),
    ...(input.deliveryAddress !== undefined ? { deliveryAddress: storedDeliveryAddress(input.deliveryAddress) as Prisma.InputJsonValue } : {}),
    ...(input.identity !== undefined ? { identityType: input.identity.type, identityNumber: input.identity.number } : {}),
  };
}

/** CI17: changes the given fields, re-checking their rules; kycVerification starts a new check. */
export async function updateCardholder(ctx: RequestContext, id: string, raw: unknown): Promise<CardholderView> {
  const input = parseInput(updateCardholderCommand, raw);
  const cur0 = await findOwnCardholder(ctx, id);
  const now = ctx.clock.now();
  const method = input.kycVerification ? kycMethodOf(input.kycVerification.method) : null;
  requireIdentityProvider(ctx, method);
  await checkIdentityFiles(ctx, input.identity);
  const row = await ctx.commit('locking', async ({ tx, writes }) => {
    await lockTree(tx, cur0.rootAccountId);
    const cur = (await tx.cardholder.findUnique({ where: { id: cur0.id } }))!;
    const countryCode = input.countryCode ?? cur.countryCode;
    checkCardholderFields(
      {
        firstName: input.firstName ?? cur.firstName,
        lastName: input.lastName ?? cur.lastName,
        countryCode,
        phoneNumber: input.phoneNumber ?? cur.phoneNumber,
        dateOfBirth: input.dateOfBirth ?? cur.dateOfBirth ?? undefined,
      },
      {
        names: input.firstName !== undefined || input.lastName !== undefined,
        dob: input.dateOfBirth !== undefined,
        phone: input.phoneNumber !== undefined,
        country: input.countryCode !== undefined,
        identityOrDocument: input.identity !== undefined || input.document !== undefined,
        delivery: input.deliveryAddress,
        redirect: method === 'REDIRECT',
        identity: input.identity,
      },
      now,
    );
    if (input.identity && cur.reviewStatus === 'SUCCESS' && cur.identityType === input.identity.type && cur.identityNumber === input.identity.number) {
      throw cardholderErrors.documentDuplicated();
    }
    await checkUnique(tx, cur.rootAccountId, cur.id, {
      email: input.email,
      phoneNumber: input.phoneNumber,
      identity: identityOf(input.identity),
    });
    const updated = await tx.cardholder.update({
      where: { id: cur.id },
      data: { ...changesOf(input), ...(method ? startKyc(method, now) : {}), updatedAt: now },
    });
    const cards = await cardsOfHolder(tx, updated);
    addCardholderEvent(writes, 'cardholder.updated', updated, now, cards);
    addKycChangeEvent(writes, cur, updated, now, cards);
    addReview(writes, updated, now);
    return updated;
  });
  return presentCardholder(ctx.db, row);
}
