import type { Cardholder } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { defineLifecycle } from '../../../platform/lifecycle/define';
import { applyInTransaction } from '../../../platform/writes/apply';
import { WriteSet } from '../../../platform/writes/write-set';
import { addKycChangeEvent, cardsOfHolder } from './events';
import { CARDHOLDER_STATUSES, kycCheckFails, type CardholderStatus, type IdvStatus, type ReviewStatus } from './rules';

/**
 * The simulated identity check of a cardholder (spec 2.8, 3.1). Without kyc_verification a
 * cardholder is SUCCESS at once (2.8's default). With it, the check starts PENDING
 * (cardholder_status, review_status and idv_status) and ends PASSED/SUCCESS or FAILED/FAILED:
 * - THIRD_PARTY: the `cardholder.kyc.review` transition, KYC_REVIEW_SECONDS later on the tree's
 *   clock; the sandbox test value in the email (rules.ts kycCheckFails) decides the outcome;
 * - redirect: the cardholder approves or rejects on the IDV page (idv-link.ts), before the link expires.
 * Both end the check the same way (checkEnd). Every change of cardholder_status or idv_status
 * writes `cardholder.kyc.status_changed`.
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

/** What the KYC event needs beside the holder as it reads after: the holder before, and its cards (number_of_cards). */
interface KycChange {
  before: Cardholder;
  numberOfCards: number;
}

/** A pending check's end, for a holder locked as `before`: its three statuses and its event. */
async function checkEnd(tx: Tx, before: Cardholder, result: KycState) {
  const detail: KycChange = { before, numberOfCards: await cardsOfHolder(tx, before) };
  return { to: result.status, changes: { reviewStatus: result.reviewStatus, idvStatus: result.idvStatus }, event: 'cardholder.kyc.status_changed', detail } as const;
}

export const cardholderLifecycle = defineLifecycle({
  table: 'cardholders',
  statuses: CARDHOLDER_STATUSES,
  event(writes, after: Cardholder, _name: 'cardholder.kyc.status_changed', at, change: KycChange | undefined) {
    if (change === undefined) throw new Error('a KYC change carries the holder as it read before');
    addKycChangeEvent(writes, change.before, after, at, change.numberOfCards);
  },
  transitions: {
    /** The scheduled end of a THIRD_PARTY check; a check restarted as another method or ended since is left alone. */
    [CARDHOLDER_KYC_REVIEW]: {
      from: 'PENDING',
      run: (holder, { tx }) => (holder.kycMethod === 'THIRD_PARTY' ? checkEnd(tx, holder, kycCheckFails(holder.email) ? KYC_FAILED : KYC_PASSED) : undefined),
    },
  },
});

/** Ends the pending check of a holder locked in `tx`, as the THIRD_PARTY review does (the IDV page's answer), with its event. */
export async function endLockedCheck(tx: Tx, holder: Cardholder, result: KycState, at: Date): Promise<void> {
  const writes = new WriteSet();
  cardholderLifecycle.addOutcome(writes, holder, await checkEnd(tx, holder, result), at, holder.rootAccountId);
  await applyInTransaction(tx, writes);
}
