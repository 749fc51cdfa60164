import type { ServiceDeps } from '../../../platform/context';
import { accountMaySimulate } from '../../developers/sandbox/capabilities';
import { treeNow } from '../../developers/sandbox/test-clocks';
import { WriteSet } from '../../../platform/writes/write-set';
import { applyInTransaction } from '../../../platform/writes/apply';
import { paymentErrors } from './errors';
import { addIntentEvent } from './events';
import { settlementAtOnceFor } from './at-once';
import { addAuthorized, addChallengeFailed, lockCurrent } from './transitions';
import { paymentKey } from './secrets';
import { readChallengeContent, readRedirectedAttempt, readRootAndSandbox } from './store';
import { attemptOfChallenge, threeDsData } from './three-ds';

/** What the challenge page shows: enough for the customer to recognise the payment, nothing more. */
export interface ChallengeView {
  amount: string;
  currency: string;
  description: string | null;
  cardNumber: string;
}

async function intentOfToken(deps: ServiceDeps, token: string): Promise<{ attemptId: string; intentId: string } | undefined> {
  const attemptId = attemptOfChallenge(await paymentKey(deps.db), token);
  if (!attemptId) return undefined;
  const row = await readRedirectedAttempt(deps.db, attemptId);
  // The page is the sandbox's access control server: a production account's link is no link.
  if (!row || !(await accountMaySimulate(deps, row.account_id))) return undefined;
  return { attemptId, intentId: row.payment_intent_id };
}

/** The page's content for a live link; a used, unknown or forged link answers challengeUnavailable. */
export async function viewChallenge(deps: ServiceDeps, token: string): Promise<ChallengeView> {
  const found = await intentOfToken(deps, token);
  if (!found) throw paymentErrors.challengeUnavailable();
  const row = await readChallengeContent(deps.db, found.attemptId, found.intentId);
  return { amount: withoutTrailingZeros(row.amount), currency: row.currency, description: row.description, cardNumber: row.card_number };
}

/** A decimal's text without the zeros that end its fraction ("12.50" -> "12.5", "100.00" -> "100"). */
function withoutTrailingZeros(decimal: string): string {
  if (!decimal.includes('.')) return decimal;
  let end = decimal.length;
  while (decimal[end - 1] === '0') end--;
  return decimal.slice(0, decimal[end - 1] === '.' ? end - 1 : end);
}

/**
 * The customer's answer on the challenge page (a cold path: one transaction, rows locked).
 * Completed: the attempt is authorized and the intent moves on exactly as a frictionless confirm
 * would (REQUIRES_CAPTURE, or SUCCEEDED with auto_capture). Failed: the attempt FAILS and the intent
 * returns to REQUIRES_PAYMENT_METHOD, as Stripe does. Answers the return_url to send the browser to.
 */
export async function answerChallenge(deps: ServiceDeps, token: string, answer: 'complete' | 'fail'): Promise<{ returnUrl: string; intentId: string }> {
  const found = await intentOfToken(deps, token);
  if (!found) throw paymentErrors.challengeUnavailable();
  return deps.db.prisma.$transaction(async (tx) => {
    const cur = await lockCurrent(tx, found.intentId);
    // Checked again under the lock: a second click, or a cancel in between, finds it moved on.
    if (!cur || cur.intent.status !== 'REQUIRES_CUSTOMER_ACTION' || cur.attempt?.id !== found.attemptId || cur.attempt.status !== 'AUTHENTICATION_REDIRECTED') {
      throw paymentErrors.challengeUnavailable();
    }
    const now = await treeNow(deps, cur.intent.accountId);
    const returnUrl = (cur.intent.nextAction as { redirect_to_url?: { return_url?: string } } | null)?.redirect_to_url?.return_url ?? cur.intent.returnUrl ?? '';
    const authentication = { ...(cur.attempt.authenticationData as Record<string, unknown>) };
    const writes = new WriteSet();
    if (answer === 'fail') {
      addChallengeFailed(writes, cur, { ...authentication, three_ds: threeDsData('challenge_failed') } as never, now);
    } else {
      const attempt = { ...cur.attempt, authenticationData: { ...authentication, three_ds: threeDsData('challenge_completed') } };
      const autoCapture = (cur.attempt.card as { auto_capture?: boolean } | null)?.auto_capture !== false;
      const account = await readRootAndSandbox(deps.db, cur.intent.accountId);
      const atOnce = autoCapture
        ? await settlementAtOnceFor(tx, { accountId: cur.intent.accountId, isSandbox: account.is_sandbox, card: attempt.card, currency: cur.intent.currency, now })
        : undefined;
      const next = addAuthorized(writes, cur, attempt, autoCapture, account.root, now, atOnce);
      addIntentEvent(writes, next.intent, next.attempt, 'payment_intent.authenticate.succeeded', now);
    }
    await applyInTransaction(tx, writes);
    return { returnUrl, intentId: cur.intent.id };
  });
}
