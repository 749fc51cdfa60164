import { z } from 'zod';
import type { Cardholder, Prisma } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import type { RequestContext } from '../../../platform/context';
import { parseInput, requiredField } from '../../../platform/validation/validate';
import type { LockingScope } from '../../../platform/writes/commit';
import { cardholderErrors } from './errors';
import { addCardholderEvent, cardsOfHolder } from './events';
import { checkIdentityFiles } from './identity-files';
import { createCardholderCommand, GENDERS, isAdultDateOfBirth, residentialAddress, storedResidentialAddress, type CreateCardholderCommand, type KycMethod } from './rules';
import { checkNewCardholder, insertCardholder } from './service';

/**
 * What the cardholders area offers the cards area (a card's `cardholderRequiredFields`): a holder
 * created inline by the CI14 rules, or an existing holder's missing data filled in, both inside
 * the card's own transaction, so a failure of either writes nothing.
 */
export const REQUIRED_FIELDS = 'cardholderRequiredFields';

export interface InlineCardholder {
  input: CreateCardholderCommand;
  method: KycMethod | null;
}

/** One-step mode: the block is a CI14 body (at least email, first and last name, country code, phone). */
export function checkInlineCardholder(raw: unknown, now: Date): InlineCardholder {
  if (raw === undefined || raw === null) throw requiredField(REQUIRED_FIELDS);
  const input = parseInput(createCardholderCommand, raw, { at: REQUIRED_FIELDS });
  if (input.countryCode === undefined) throw requiredField(`${REQUIRED_FIELDS}.countryCode`);
  return { input, method: checkNewCardholder(input, now) };
}

export async function createInlineCardholder(ctx: RequestContext, scope: LockingScope, h: InlineCardholder, now: Date): Promise<Cardholder> {
  await checkIdentityFiles(ctx, h.input.identity, REQUIRED_FIELDS);
  // CI1 inserts the holder's card next, in this transaction.
  return insertCardholder(ctx, scope, h.input, h.method, now, 1);
}

/** With a cardholderId: the block may only add what the holder lacks (catalogue 3.5); other keys are ignored. */
const fillable = z.object({
  dateOfBirth: z.string().optional(),
  gender: z.enum(GENDERS, 'must be one of MALE, FEMALE, OTHER').optional(),
  nationality: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code').optional(),
  residentialAddress: residentialAddress.optional(),
});
export type CardholderFill = z.output<typeof fillable>;

export function checkCardholderFill(raw: unknown, now: Date): CardholderFill | null {
  if (raw === undefined || raw === null) return null;
  const fill = parseInput(fillable, raw, { at: REQUIRED_FIELDS });
  if (fill.dateOfBirth !== undefined && !isAdultDateOfBirth(fill.dateOfBirth, now)) throw cardholderErrors.invalidDateOfBirth();
  return fill;
}

/**
 * Sets the fields the holder does not have yet, deciding on the row as locked in `tx` (a concurrent
 * CI17 that set one first keeps its value); an event when any changed.
 */
export async function fillCardholder({ tx, writes }: LockingScope, found: Cardholder, fill: CardholderFill | null, now: Date): Promise<Cardholder> {
  if (!fill) return found;
  const holder = (await lockRow(tx, 'cardholders', { id: found.id }))!;
  const data: Prisma.CardholderUpdateInput = {
    ...(holder.dateOfBirth === null && fill.dateOfBirth !== undefined ? { dateOfBirth: fill.dateOfBirth } : {}),
    ...(holder.gender === null && fill.gender !== undefined ? { gender: fill.gender } : {}),
    ...(holder.nationality === null && fill.nationality !== undefined ? { nationality: fill.nationality } : {}),
    ...(holder.residentialAddress === null && fill.residentialAddress !== undefined
      ? { residentialAddress: storedResidentialAddress(fill.residentialAddress) as Prisma.InputJsonValue }
      : {}),
  };
  if (Object.keys(data).length === 0) return holder;
  const updated = await tx.cardholder.update({ where: { id: holder.id }, data: { ...data, updatedAt: now } });
  // CI1 inserts the holder's new card after this fill, in this transaction: one more than the count now.
  addCardholderEvent(writes, 'cardholder.updated', updated, now, (await cardsOfHolder(tx, updated)) + 1);
  return updated;
}

/** The spec's names for the holder's identity check in a CardCreateResult (spec 2.7). */
export interface HolderCheck {
  kycMethod: 'THIRD_PARTY' | 'IDVPROVIDER_REDIRECT';
  verificationStatus: 'VERIFIED' | 'UNDER_REVIEW' | 'ACTION_REQUIRED';
}

/** Without kyc_verification the data was given directly: THIRD_PARTY (docs/decisions/issuing/cards.md, Card operations). */
export function holderCheckOf(h: Pick<Cardholder, 'kycMethod' | 'status'>): HolderCheck {
  const kycMethod = h.kycMethod === 'REDIRECT' ? 'IDVPROVIDER_REDIRECT' : 'THIRD_PARTY';
  if (h.status === 'SUCCESS') return { kycMethod, verificationStatus: 'VERIFIED' };
  if (h.status === 'PENDING' && kycMethod === 'THIRD_PARTY') return { kycMethod, verificationStatus: 'UNDER_REVIEW' };
  return { kycMethod, verificationStatus: 'ACTION_REQUIRED' };
}
