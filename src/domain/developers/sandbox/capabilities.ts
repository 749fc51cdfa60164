import type { ActingAccount, ServiceDeps } from '../../../platform/context';
import type { DomainError } from '../../../platform/errors/domain-error';
import { readIsSandbox } from './store';

/**
 * What only a sandbox account may do: everything that stands in for the outside world payrail has no
 * real partner for yet. A production account meets a clear refusal instead of a simulated success:
 * - simulations: deposits (BT), virtual accounts and their applications (the sandbox bank), card
 *   network events (authorization, reversal, clearing, refund, unsolicited refund);
 * - the test clock;
 * - the test-card acquirer: confirming a card payment (no real acquirer is configured);
 * - the simulated identity check of a cardholder (kyc_verification) and its self-service page;
 * - the 3-D Secure challenge page;
 * - the automatic review of an onboarded account (a production account waits for an operator).
 *
 * The account's own flag decides (`accounts.is_sandbox`, inherited by sub-accounts). The mode makes
 * it true only in sandbox: a production server creates no sandbox account (no sandbox master, the
 * admin CLI makes none) and refuses to start while one is open in its database
 * (runtime/production-mode.ts).
 */
export type SandboxCapability =
  | 'simulations'
  | 'test_clock'
  | 'test_card_acquirer'
  | 'identity_check'
  | 'three_ds_page'
  | 'onboarding_review';

/** The one test of the rule above. */
export const maySimulate = (acting: Pick<ActingAccount, 'isSandbox'>): boolean => acting.isSandbox;

/**
 * Refuses a production account with `refusal` (the area's own wording in its family). `_what` names
 * the capability at the call site, so every guard can be found by the list above.
 */
export function requireSandbox(acting: Pick<ActingAccount, 'isSandbox'>, _what: SandboxCapability, refusal: () => DomainError): void {
  if (!maySimulate(acting)) throw refusal();
}

/** The rule for a page that has no caller, only the account its link belongs to (3-D Secure, IDV). */
export async function accountMaySimulate(deps: ServiceDeps, accountId: string): Promise<boolean> {
  const isSandbox = await readIsSandbox(deps.db, accountId);
  return isSandbox !== undefined && maySimulate({ isSandbox });
}
