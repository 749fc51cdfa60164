import type { Database } from '../../../platform/db/client';
import { askPartner, type AuthDecisionDeps, type EnabledEndpoint, type PartnerOutcome } from './call';
import { APPROVED_CODE, type TimeoutStrategy } from './rules';
import { toAuthDecisionTransaction, type AuthorizationFacts } from './transaction';

/**
 * What the authorization decisions area offers card transactions: the customer's verdict on an
 * authorization payrail's own rules approved. Called outside any database transaction and row lock.
 */
export interface PartnerVerdict {
  approve: boolean;
  decidedBy: 'PARTNER' | 'TIMEOUT_STRATEGY';
  /** The customer's response code when it declined; the timeout reason when the strategy declined. */
  declineReason: string | null;
  partnerReferenceId: string | null;
  /** Why there was no valid answer (TIMEOUT_STRATEGY only), for logs. */
  why?: string;
}

/** Recorded as failure_reason when no valid answer came and the strategy is DECLINE. */
export const NO_ANSWER_REASON = 'AUTH_DECISION_TIMEOUT';

/** `00` approves, any other code declines with that code; no valid answer: the strategy decides. */
export function verdictOf(strategy: TimeoutStrategy, outcome: PartnerOutcome): PartnerVerdict {
  if (outcome.answered) {
    const approve = outcome.responseCode === APPROVED_CODE;
    return { approve, decidedBy: 'PARTNER', declineReason: approve ? null : outcome.responseCode, partnerReferenceId: outcome.partnerReferenceId || null };
  }
  // DELEGATE: payrail's own rules decide, and they already approved (the partner is asked only then).
  const approve = strategy === 'DELEGATE';
  return { approve, decidedBy: 'TIMEOUT_STRATEGY', declineReason: approve ? null : NO_ANSWER_REASON, partnerReferenceId: null, why: outcome.why };
}

export async function askForVerdict(
  db: Database,
  deps: AuthDecisionDeps,
  rootAccountId: string,
  endpoint: EnabledEndpoint,
  facts: AuthorizationFacts,
): Promise<PartnerVerdict> {
  const outcome = await askPartner(db, deps, rootAccountId, facts.at, endpoint, toAuthDecisionTransaction(facts));
  return verdictOf(endpoint.timeoutStrategy, outcome);
}

export type { AuthDecisionDeps, EnabledEndpoint } from './call';
export { authDecisionDeps } from './call';
