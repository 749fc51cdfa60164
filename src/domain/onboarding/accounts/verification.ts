import type { Account, Prisma } from '../../../generated/prisma/client';
import type { Database } from '../../../platform/db/client';
import { lockRow } from '../../../platform/db/locks';
import type { Tx } from '../../../platform/db/tx';
import { raiseRfi, rfiOutcomeOf } from '../rfis/contract';
import { asksForInformation } from '../rfis/rules';
import { inTransaction } from '../../../platform/db/tx';
import type { ActingAccount, ServiceDeps } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { maySimulate } from '../../developers/sandbox/capabilities';
import { keyRecordsChanged } from '../../../platform/auth/key-record';
import { addTransition } from '../../../platform/scheduler/transitions';
import { applyInTransaction } from '../../../platform/writes/apply';
import { WriteSet } from '../../../platform/writes/write-set';
import { accountErrors, accountStatusErrors } from './errors';
import { accountMay } from '../../../platform/tenancy/account-status';
import { addVerificationEvent } from './events';
import type { VerificationStatus } from './rules';
import { toAccountView, type AccountView } from './view';

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

export async function completeVerification(tx: Tx, db: Database, accountId: string, at: Date): Promise<void> {
  const account = await tx.account.findUnique({ where: { id: accountId } });
  if (!account || account.verificationStatus !== 'PENDING' || !maySimulate(account)) return;
  // The sandbox test value SIMULATE-RFI: the review asks first, and waits for the answers' review.
  if (asksForInformation(account.name)) {
    const rfi = await rfiOutcomeOf(tx, account.id);
    if (rfi === 'none') return raiseRfi(tx, db, account, at);
    if (rfi === 'open') return;
    if (rfi === 'rejected') return decide(tx, account, RFI_REJECTED, at);
  }
  return decide(tx, account, verificationOutcome(account.name, wasResubmitted(account.onboarding)), at);
}

async function decide(tx: Tx, account: Account, outcome: { status: VerificationStatus; reason: string | null }, at: Date): Promise<void> {
  const { status, reason } = outcome;
  const accountId = account.id;
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

/** The decisions an operator can give a PENDING account (`npm run admin -- review-account`). */
export const OPERATOR_DECISIONS = ['APPROVED', 'REJECT', 'RETURN'] as const;
export type OperatorDecision = (typeof OPERATOR_DECISIONS)[number];

/**
 * An operator's review of a PENDING account (the only review a production account gets): the same
 * change and event as the simulated one. The row is locked, so two decisions apply one after the other
 * and the second finds the account no longer PENDING.
 */
export async function reviewAccount(deps: ServiceDeps, accountId: string, decision: OperatorDecision, reason: string | null): Promise<AccountView> {
  const at = deps.clock.now();
  const reviewed = await inTransaction(deps, async (tx) => {
    const account = isUuid(accountId) ? await lockRow(tx, 'accounts', { id: accountId }) : undefined;
    if (!account) throw accountErrors.accountNotFound();
    if (account.verificationStatus !== 'PENDING') throw accountErrors.notPending(account.verificationStatus);
    await decide(tx, account, { status: decision, reason }, at);
    return toAccountView({ ...account, verificationStatus: decision, reviewReason: reason, updatedAt: at });
  });
  // Committed: the account's keys see the new status at once (it decides whether money moves).
  keyRecordsChanged(deps.db);
  return reviewed;
}

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
