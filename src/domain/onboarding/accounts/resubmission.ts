import { z } from 'zod';
import type { Account as AccountRow, Prisma } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import { afterCommit } from '../../../platform/db/tx';
import { keyRecordsChanged } from '../../../platform/auth/key-record';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { parseInput } from '../../../platform/validation/validate';
import { assertFilesUploaded, documentsFileIds } from './document-files';
import { accountErrors } from './errors';
import { documents, ONBOARDING_MESSAGES } from './onboarding-rules';
import { startVerification } from './verification';
import { storedApplication } from './stored';
import { toAccountView, type AccountView } from './view';

/** POST /v1/accounts/{id}/documents and GraphQL resubmitAccountDocuments: AF1's `documents[]` again. */
export const resubmissionCommand = z.object({ documents });
export type Resubmission = z.output<typeof resubmissionCommand>;

/** The onboarding JSON (stored.ts) keeps the latest documents where AF1 put them, and how often they were resubmitted. */
interface StoredApplication {
  documents?: unknown;
  resubmission_count?: number;
}

/**
 * RETURN means the documents must be uploaded again (spec 3.1). The account itself or its master
 * (acting for itself, or for the account with x-on-behalf-of) sends them; the account goes back
 * to PENDING with its ONBOARDING event and a new review on the tree's clock, as a new account's.
 * The row is locked FOR UPDATE, so two resubmissions (or a resubmission and a review) apply one
 * after the other and the second sees PENDING.
 */
export async function resubmitAccountDocuments(ctx: RequestContext, accountId: string, raw: unknown): Promise<AccountView> {
  const body = parseInput(resubmissionCommand, raw);
  body.documents.forEach((d, i) => {
    if (d.front === undefined && d.frontFileId === undefined) throw accountErrors.documentsMissing(`documents[${i}]`);
  });
  if (!isUuid(accountId)) throw accountErrors.accountNotFound();
  await assertFilesUploaded(ctx, documentsFileIds(body.documents));
  const view = await ctx.commit('locking', async ({ tx }) => {
    // Visible as AF4 sees it: the acting account itself or one of its own sub-accounts (ids compare as
    // uuids do, whatever their case).
    const current: AccountRow | undefined = await lockRow(tx, 'accounts', accountId.toLowerCase() === ctx.acting.id.toLowerCase() ? { id: accountId } : { id: accountId, parentId: ctx.acting.id });
    if (!current) throw accountErrors.accountNotFound();
    if (current.verificationStatus !== 'RETURN') throw accountErrors.notReturned(current.verificationStatus);
    const stored = (current.onboarding ?? {}) as StoredApplication;
    const onboarding = { ...stored, documents: storedApplication(body.documents), resubmission_count: (stored.resubmission_count ?? 0) + 1 };
    const now = ctx.clock.now();
    const updated = await tx.account.update({
      where: { id: accountId },
      data: { verificationStatus: 'PENDING', reviewReason: null, onboarding: onboarding as Prisma.InputJsonValue, updatedAt: now },
    });
    await startVerification(tx, { ...updated, verificationStatus: 'PENDING' }, now);
    return toAccountView(updated);
  });
  // The verification status is part of the key record (principal.self).
  afterCommit(ctx, () => keyRecordsChanged(ctx.db));
  return view;
}
