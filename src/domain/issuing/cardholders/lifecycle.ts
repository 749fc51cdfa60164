import type { Cardholder } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import type { Tx } from '../../../platform/db/tx';
import type { ServiceDeps } from '../../../platform/context';
import { defineTransition } from '../../../platform/scheduler/transitions';
import { applyInTransaction } from '../../../platform/writes/apply';
import { WriteSet } from '../../../platform/writes/write-set';
import { paymentKey } from '../../acquiring/payments/secrets';
import { accountMaySimulate } from '../../developers/sandbox/capabilities';
import { treeNow } from '../../developers/sandbox/test-clocks';
import { addKycChangeEvent, cardsOfHolder } from './events';
import { hasLiveLink, parseIdvToken } from './idv';
import { kycCheckFails, type CardholderStatus, type IdvStatus, type ReviewStatus } from './rules';

/**
 * The simulated identity check of a cardholder (spec 2.8, 3.1). Without kyc_verification a
 * cardholder is SUCCESS at once (2.8's default). With it, the check starts PENDING
 * (cardholder_status, review_status and idv_status) and ends PASSED/SUCCESS or FAILED/FAILED:
 * - THIRD_PARTY: the `cardholder.kyc.review` transition, KYC_REVIEW_SECONDS later on the tree's
 *   clock; the sandbox test value in the email (rules.ts kycCheckFails) decides the outcome;
 * - redirect: the cardholder approves or rejects on the IDV page (idv.ts), before the link expires.
 * Every change of cardholder_status or idv_status writes `cardholder.kyc.status_changed`.
 */
export const CARDHOLDER_KYC_REVIEW = 'cardholder.kyc.review';

export interface KycState {
  status: CardholderStatus;
  reviewStatus: ReviewStatus;
  idvStatus: IdvStatus | null;
}

export const KYC_PASSED: KycState = { status: 'SUCCESS', reviewStatus: 'SUCCESS', idvStatus: 'PASSED' };
export const KYC_FAILED: KycState = { status: 'FAILED', reviewStatus: 'FAILED', idvStatus: 'FAILED' };
export const KYC_PENDING: KycState = { status: 'PENDING', reviewStatus: 'PENDING', idvStatus: 'PENDING' };
/** No identity check asked for: spec 2.8's default status. */
export const KYC_NONE: KycState = { status: 'SUCCESS', reviewStatus: 'SUCCESS', idvStatus: null };

async function lockCardholder(tx: Tx, id: string): Promise<Cardholder | null> {
  return (await lockRow(tx, 'cardholders', { id })) ?? null;
}

/** Moves a pending check to its outcome, with its event, in the caller's transaction. */
async function completeCheck(tx: Tx, before: Cardholder, outcome: KycState, at: Date): Promise<Cardholder> {
  const after = await tx.cardholder.update({ where: { id: before.id }, data: { ...outcome, updatedAt: at } });
  const writes = new WriteSet();
  addKycChangeEvent(writes, before, after, at, await cardsOfHolder(tx, after));
  await applyInTransaction(tx, writes);
  return after;
}

/** The scheduled end of a THIRD_PARTY check; a check restarted or ended since is left alone. */
export async function reviewCardholder(tx: Tx, cardholderId: string, at: Date): Promise<void> {
  const cur = await lockCardholder(tx, cardholderId);
  if (!cur || cur.kycMethod !== 'THIRD_PARTY' || cur.status !== 'PENDING') return;
  await completeCheck(tx, cur, kycCheckFails(cur.email) ? KYC_FAILED : KYC_PASSED, at);
}

defineTransition(CARDHOLDER_KYC_REVIEW, (tx, transition, at) => reviewCardholder(tx, transition.subjectId, at));

/** What the IDV page shows: enough for the cardholder to recognise the check. */
export interface IdvPageView {
  firstName: string;
  lastName: string;
  email: string;
}

/** The cardholder of a live, unexpired link; undefined for a used, expired, unknown or forged one. */
async function liveLinkHolder(deps: ServiceDeps, token: string, row?: Cardholder | null): Promise<Cardholder | undefined> {
  const parsed = parseIdvToken(token);
  if (!parsed) return undefined;
  const c = row === undefined ? await deps.db.prisma.cardholder.findUnique({ where: { id: parsed.cardholderId } }) : row;
  if (!c || c.id !== parsed.cardholderId || !hasLiveLink(c)) return undefined;
  // The page is the sandbox's identity provider: a production account's link is no link.
  if (!(await accountMaySimulate(deps, c.accountId))) return undefined;
  if (!parsed.verify(await paymentKey(deps.db), c.idvUrlExpiresAt!)) return undefined;
  if ((await treeNow(deps, c.accountId)).getTime() >= c.idvUrlExpiresAt!.getTime()) return undefined;
  return c;
}

export async function viewIdvLink(deps: ServiceDeps, token: string): Promise<IdvPageView | undefined> {
  const c = await liveLinkHolder(deps, token);
  return c && { firstName: c.firstName, lastName: c.lastName, email: c.email };
}

/**
 * The cardholder's answer on the IDV page: approve passes the check, reject fails it. The row is
 * locked and the link checked again under the lock, so two answers racing on one link apply once.
 * Answers false when the link is not (or no longer) live.
 */
export async function answerIdvLink(deps: ServiceDeps, token: string, answer: 'approve' | 'reject'): Promise<boolean> {
  const parsed = parseIdvToken(token);
  if (!parsed) return false;
  return deps.db.prisma.$transaction(async (tx) => {
    const cur = await lockCardholder(tx, parsed.cardholderId);
    const live = await liveLinkHolder(deps, token, cur);
    if (!live) return false;
    await completeCheck(tx, live, answer === 'approve' ? KYC_PASSED : KYC_FAILED, await treeNow(deps, live.accountId));
    return true;
  });
}
