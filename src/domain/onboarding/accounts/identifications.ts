import type { Tx } from '../../../platform/db/tx';
import { accountErrors } from './errors';
import { insertIdentifications } from './store';
import type { AccountApplication } from './onboarding-rules';
import type { SubAccountApplication } from './sub-account-rules';

/** An identification number an application carries, with the domain path of its field. */
export interface IdentificationRef {
  field: string;
  number: string;
}

/** Compared without case, spaces or hyphens: "s1234567-a" and "S1234567A" are one document. */
export const normaliseIdNumber = (n: string): string => n.toUpperCase().replace(/[\s-]/g, '');

/** AF1: the individual's ID number, or each representative's. */
export function applicationIdentifications(app: AccountApplication): IdentificationRef[] {
  if (app.entityType === 'INDIVIDUAL') return [{ field: 'personDetails.identification.idNumber', number: app.personDetails.identification.idNumber }];
  return app.representatives.map((r, i) => ({ field: `representatives[${i}].identification.idNumber`, number: r.identification.idNumber }));
}

/** AF2: the individual's identification_value, or each representative's. */
export function subAccountIdentifications(app: SubAccountApplication): IdentificationRef[] {
  const refs: IdentificationRef[] = [];
  if (app.identityVerification) refs.push({ field: 'identityVerification.identificationValue', number: app.identityVerification.identificationValue });
  app.ownershipDetails?.representatives.forEach((r, i) =>
    refs.push({ field: `ownershipDetails.representatives[${i}].identificationValue`, number: r.identificationValue }),
  );
  return refs;
}

/**
 * Claims the numbers for a new account of the tree rooted at `rootAccountId`, in the creating
 * transaction. The table's key (root, number) decides: a number another account of the tree
 * holds is "document ID already exists"; two concurrent creations with one number meet on the
 * key, the second waits for the first and, once it commits, finds the number taken (ON CONFLICT
 * DO NOTHING returns fewer rows). The same number twice in one application (one person in two
 * roles) is one claim.
 */
export async function claimIdentifications(tx: Tx, rootAccountId: string, accountId: string, refs: readonly IdentificationRef[], now: Date): Promise<void> {
  const numbers = [...new Set(refs.map((r) => normaliseIdNumber(r.number)))];
  if (numbers.length === 0) return;
  const claimed = await insertIdentifications(tx, rootAccountId, accountId, numbers, now);
  if (claimed.length === numbers.length) return;
  const got = new Set(claimed.map((c) => c.id_number));
  const taken = refs.find((r) => !got.has(normaliseIdNumber(r.number)));
  throw accountErrors.documentIdExists(taken?.field ?? refs[0]!.field);
}
