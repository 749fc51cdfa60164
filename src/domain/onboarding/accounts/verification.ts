import type { Account, Prisma } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { addRaisedRfi, rfiOutcomeOf } from '../rfis/contract';
import { asksForInformation } from '../rfis/rules';
import type { ActingAccount } from '../../../platform/context';
import type { Outcome } from '../../../platform/lifecycle/define';
import { maySimulate } from '../../developers/sandbox/capabilities';
import { addTransition } from '../../../platform/scheduler/transitions';
import { applyInTransaction } from '../../../platform/writes/apply';
import { WriteSet } from '../../../platform/writes/write-set';
import { accountErrors, accountStatusErrors } from './errors';
import { accountMay } from '../../../platform/tenancy/account-status';
import { addVerificationEvent, verificationEventOf, type AccountVerificationEventName } from './events';
import type { VerificationStatus } from './rules';

/**
 * The verification lifecycle of an onboarded account (AF1, AF2, GraphQL createSubAccount):
 * PENDING, then — when `account.verification` falls due — APPROVED, or one of the sandbox test
 * values' outcomes, all final except RETURN (documents must be uploaded again; see docs/onboarding.md). With
 * the test value SIMULATE-RFI the compliance team first asks for information (src/domain/onboarding/rfis)
 * and the review decides once the answers are reviewed.
 * Accounts made by an operator (admin CLI, sandbox start, test helpers) are APPROVED at once.
 */
export const ACCOUNT_VERIFICATION = 'account.verification';
/** The simulated review takes a minute of the tree's clock. */
export const VERIFICATION_DELAY_MS = 60_000;

/** Sandbox test values: the account's name decides the review's outcome. */
export const VERIFICATION_TEST_VALUES: ReadonlyArray<{ marker: string; outcome: VerificationStatus; reason: string }> = [
  { marker: 'SIMULATE-REJECT', outcome: 'REJECT', reason: 'identity verification failed' },
  { marker: 'SIMULATE-RETURN', outcome: 'RETURN', reason: 'documents are unreadable; upload them again' },
  { marker: 'SIMULATE-EXPIRE', outcome: 'EXPIRED', reason: 'verification was not completed in time' },
];

/**
 * `resubmitted`: the documents came again after a RETURN (resubmission.ts). The name still holds
 * SIMULATE-RETURN, but returning them forever would leave no way to test the way out: a
 * resubmitted application's review ignores that marker (and is APPROVED unless another applies).
 */
export function verificationOutcome(name: string, resubmitted = false): { status: VerificationStatus; reason: string | null } {
  const hit = VERIFICATION_TEST_VALUES.find((v) => name.toUpperCase().includes(v.marker) && !(resubmitted && v.outcome === 'RETURN'));
  return hit ? { status: hit.outcome, reason: hit.reason } : { status: 'APPROVED', reason: null };
}

/** An account row whose verification just changed: its event carries it as AF4 returns it (events.ts). */
type VerifiedAccount = Account & { verificationStatus: VerificationStatus };

/**
 * Starts the review of an account just inserted PENDING: its event and, for a sandbox account, the
 * scheduled simulated outcome. A production account's review is an operator's (`reviewAccount`):
 * approving it by a timer would let it move money on nobody's check (sandbox/capabilities.ts).
 */
export async function startVerification(tx: Tx, a: VerifiedAccount, now: Date): Promise<void> {
  const writes = new WriteSet();
  addVerificationEvent(writes, a, now);
  if (maySimulate(a)) {
    addTransition(writes, {
      accountId: a.id,
      rootAccountId: a.parentId ?? a.id,
      kind: ACCOUNT_VERIFICATION,
      subjectId: a.id,
      dueAt: new Date(now.getTime() + VERIFICATION_DELAY_MS),
      now,
    });
  }
  await applyInTransaction(tx, writes);
}

/** Whether the stored application was resubmitted after a RETURN (resubmission.ts counts them). */
const wasResubmitted = (onboarding: Prisma.JsonValue | null): boolean =>
  typeof onboarding === 'object' && onboarding !== null && !Array.isArray(onboarding) && typeof onboarding.resubmission_count === 'number' && onboarding.resubmission_count > 0;

/** The answers to the compliance team's questions, once reviewed, decide (rfis/contract.ts). */
const RFI_REJECTED = { status: 'REJECT', reason: 'the request for information was rejected' } as const;

/** An outcome of the review: the account's verification status, its event, and the reason. */
export type VerificationOutcome = Outcome<Account, VerificationStatus, AccountVerificationEventName>;

/** A decision as the simulated review and an operator both make it: the status, its reason and its event. */
export const decisionOf = (d: { status: VerificationStatus; reason: string | null }): VerificationOutcome => ({
  to: d.status,
  changes: { reviewReason: d.reason },
  event: verificationEventOf(d.status),
});

/**
 * The simulated review of a PENDING account when `account.verification` falls due: its decision, or
 * (the sandbox test value SIMULATE-RFI) the compliance team's questions first, added to `writes`
 * with the account left PENDING until the answers are reviewed. Undefined when there is nothing to
 * do: a production account (an operator reviews it), or questions still open.
 */
export async function simulatedReview(tx: Tx, writes: WriteSet, account: Account, at: Date): Promise<VerificationOutcome | undefined> {
  if (!maySimulate(account)) return undefined;
  if (asksForInformation(account.name)) {
    const rfi = await rfiOutcomeOf(tx, account.id);
    if (rfi === 'none') {
      addRaisedRfi(writes, account, at);
      return {};
    }
    if (rfi === 'open') return undefined;
    if (rfi === 'rejected') return decisionOf(RFI_REJECTED);
  }
  return decisionOf(verificationOutcome(account.name, wasResubmitted(account.onboarding)));
}

/** The decisions an operator can give a PENDING account (`npm run admin -- review-account`). */
export const OPERATOR_DECISIONS = ['APPROVED', 'REJECT', 'RETURN'] as const;
export type OperatorDecision = (typeof OPERATOR_DECISIONS)[number];

/**
 * The one guard of "money leaves only an account that may send it" (docs/decisions/onboarding/accounts.md lists the
 * calls it guards): a status that allows it (status-policy.ts; the acting account's status was
 * checked when the call began, so this refuses nothing a sign-in let through) and an APPROVED
 * verification. APPROVED is final, so the verification read at authentication cannot go stale in
 * the direction that matters.
 */
export function assertMayMoveMoney(acting: Pick<ActingAccount, 'verificationStatus' | 'status'>): void {
  if (!accountMay(acting.status, 'sendMoney')) throw accountStatusErrors.mayNotSendMoney(acting.status);
  if (acting.verificationStatus !== 'APPROVED') throw accountErrors.notVerified(acting.verificationStatus);
}
