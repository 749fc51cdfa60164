import type { Account, Prisma } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import type { ActingAccount } from '../context';
import { keyRecordsChanged } from '../auth/key-record';
import { addTransition, defineTransition } from '../scheduler/transitions';
import { applyInTransaction } from '../writes/apply';
import { WriteSet } from '../writes/write-set';
import { accountErrors } from './errors';
import { addVerificationEvent } from './events';
import type { VerificationStatus } from './rules';

/**
 * The verification lifecycle of an onboarded account (AF1, AF2, GraphQL createSubAccount):
 * PENDING, then — when `account.verification` falls due — APPROVED, or one of the sandbox test
 * values' outcomes, all final except RETURN (documents must be uploaded again; see README).
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

/** Starts the review of an account just inserted PENDING: its event and the scheduled outcome. */
export async function startVerification(tx: Tx, a: VerifiedAccount, now: Date): Promise<void> {
  const writes = new WriteSet();
  addVerificationEvent(writes, a, now);
  addTransition(writes, {
    accountId: a.id,
    rootAccountId: a.parentId ?? a.id,
    kind: ACCOUNT_VERIFICATION,
    subjectId: a.id,
    dueAt: new Date(now.getTime() + VERIFICATION_DELAY_MS),
    now,
  });
  await applyInTransaction(tx, writes);
}

/** Whether the stored application was resubmitted after a RETURN (resubmission.ts counts them). */
const wasResubmitted = (onboarding: Prisma.JsonValue | null): boolean =>
  typeof onboarding === 'object' && onboarding !== null && !Array.isArray(onboarding) && typeof onboarding.resubmission_count === 'number' && onboarding.resubmission_count > 0;

async function completeVerification(tx: Tx, accountId: string, at: Date): Promise<void> {
  const account = await tx.account.findUnique({ where: { id: accountId } });
  if (!account || account.verificationStatus !== 'PENDING') return;
  const { status, reason } = verificationOutcome(account.name, wasResubmitted(account.onboarding));
  // The status condition makes the change happen once even if the review ran twice.
  const { count } = await tx.account.updateMany({
    where: { id: accountId, verificationStatus: 'PENDING' },
    data: { verificationStatus: status, reviewReason: reason, updatedAt: at },
  });
  if (count === 0) return;
  const writes = new WriteSet();
  addVerificationEvent(writes, { ...account, verificationStatus: status, reviewReason: reason, updatedAt: at }, at);
  await applyInTransaction(tx, writes);
}

// The verification status is part of the key record: the process that reviewed clears its auth cache.
defineTransition(ACCOUNT_VERIFICATION, (tx, transition, at) => completeVerification(tx, transition.subjectId, at), {
  afterCommit: (deps) => keyRecordsChanged(deps.db),
});

/**
 * The one guard of "an account that is not APPROVED cannot move money" (docs/decisions.md lists
 * the calls it guards). APPROVED is final, so the status read at authentication cannot go stale
 * in the direction that matters.
 */
export function assertMayMoveMoney(acting: Pick<ActingAccount, 'verificationStatus'>): void {
  if (acting.verificationStatus !== 'APPROVED') throw accountErrors.notVerified(acting.verificationStatus);
}
