import { randomInt } from 'node:crypto';
import type Decimal from 'decimal.js';
import { Prisma, type PaymentAttempt, type PaymentIntent } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import type { Tx } from '../../../platform/db/tx';
import { money } from '../../../platform/money/amount';
import { addTransition, defineTransition } from '../../../platform/scheduler/transitions';
import { applyInTransaction } from '../../../platform/writes/apply';
import { WriteSet } from '../../../platform/writes/write-set';
import { addIntentEvent } from './events';
import { addSettlementAtOnce, addSettlementCut, type SettlementAtOnce } from '../settlements/contract';
import { addCapturePosting } from './ledger';
import { replaceRow } from './store';
import { capturesPending } from './cards/test-cards';
import { AUTHORIZATION_TTL_MS, type StoredAuthorizationType } from './rules';

/**
 * The PaymentIntent state machine (spec 3.1; the transitions are payrail's, docs/decisions/acquiring/payments.md):
 *
 *   REQUIRES_PAYMENT_METHOD --confirm, authorized--> REQUIRES_CAPTURE --capture--> SUCCEEDED
 *   REQUIRES_PAYMENT_METHOD --confirm, authorized, auto_capture--> SUCCEEDED
 *   REQUIRES_PAYMENT_METHOD --confirm, 3DS challenge--> REQUIRES_CUSTOMER_ACTION --page completed--> (authorized, as above)
 *   REQUIRES_CUSTOMER_ACTION --page failed--> REQUIRES_PAYMENT_METHOD
 *   REQUIRES_PAYMENT_METHOD --confirm, soft decline--> REQUIRES_PAYMENT_METHOD (attempt FAILED)
 *   REQUIRES_PAYMENT_METHOD --confirm, hard decline (advice 03)--> FAILED
 *   any of the first three --cancel--> CANCELLED; REQUIRES_CAPTURE --7 days (30 for a pre-authorization)--> CANCELLED (authorization released)
 *   a capture the network answers later (test card) --> PENDING --2 s on the clock--> SUCCEEDED (posted then)
 *   a capture of the sandbox's settle-at-once test card: SUCCEEDED with its attempt SETTLED, in the same commit
 *
 * Each builder below adds one change's writes to a write set: the rows (guarded against a
 * concurrent change), the event and, for a capture, its posting. The hot paths commit the set
 * through the group commit; the challenge page and the scheduled release apply it in a transaction.
 */
export const RELEASE_AUTHORIZATION = 'payment_intent.release_authorization';
/** A capture the network answers later (test card 4000000000000606): PENDING -> SUCCEEDED. */
export const SETTLE_PENDING_CAPTURE = 'payment_intent.capture_answer';
/** How long the sandbox network takes to answer a pending capture. */
export const PENDING_CAPTURE_DELAY_MS = 2000;

export interface Current {
  intent: PaymentIntent;
  attempt: PaymentAttempt | null;
}

/** What the attempt was authorized as (rules.ts); attempts from before pre-authorizations are final. */
const authorizationTypeOf = (attempt: PaymentAttempt): StoredAuthorizationType =>
  (attempt.card as { authorization_type?: unknown } | null)?.authorization_type === 'PRE_AUTH' ? 'PRE_AUTH' : 'FINAL_AUTH';

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const dec = (d: Decimal) => new Prisma.Decimal(d.toFixed());

function write(writes: WriteSet, was: Current, next: Current, attemptIsNew: boolean): void {
  replaceRow(writes, 'payment_intents', next.intent, was.intent);
  if (next.attempt && !attemptIsNew) replaceRow(writes, 'payment_attempts', next.attempt, was.attempt!);
}

/**
 * The attempt authorized: REQUIRES_CAPTURE with its release scheduled, or captured at once
 * (auto_capture). `atOnce`: the capture also settles in this commit (at-once.ts).
 */
export function addAuthorized(writes: WriteSet, was: Current, attempt: PaymentAttempt, autoCapture: boolean, rootAccountId: string, now: Date, atOnce?: SettlementAtOnce): Current {
  const authorized: PaymentAttempt = { ...attempt, status: 'AUTHORIZED', authCode: digits(6), rrn: digits(12), updatedAt: now };
  const intent: PaymentIntent = { ...was.intent, status: 'REQUIRES_CAPTURE', nextAction: null, latestAttemptId: attempt.id, updatedAt: now };
  if (autoCapture) {
    const captured = capturedRows({ intent, attempt: authorized }, money(attempt.amount), now, atOnce);
    write(writes, was, captured, false);
    addIntentEvent(writes, captured.intent, captured.attempt, 'payment_intent.confirm.succeeded', now);
    addCaptureEffects(writes, captured, now, rootAccountId, atOnce);
    return captured;
  }
  const next = { intent, attempt: authorized };
  write(writes, was, next, false);
  addTransition(writes, {
    accountId: intent.accountId,
    rootAccountId,
    kind: RELEASE_AUTHORIZATION,
    subjectId: intent.id,
    dueAt: new Date(now.getTime() + AUTHORIZATION_TTL_MS[authorizationTypeOf(attempt)]),
    now,
  });
  addIntentEvent(writes, next.intent, next.attempt, 'payment_intent.confirm.succeeded', now);
  return next;
}

function capturedRows(cur: Current, amount: Decimal, now: Date, atOnce?: SettlementAtOnce): Current {
  const pending = capturesPending(cur.attempt!.card as { bin?: unknown; last4?: unknown } | null);
  const settled = atOnce !== undefined && !pending;
  return {
    intent: { ...cur.intent, status: pending ? 'PENDING' : 'SUCCEEDED', capturedAmount: dec(amount), nextAction: null, completedAt: pending ? null : now, updatedAt: now },
    attempt: { ...cur.attempt!, status: settled ? 'SETTLED' : 'CAPTURE_REQUESTED', capturedAmount: dec(amount), arn: digits(23), completedAt: pending ? null : now, updatedAt: now },
  };
}

/** The capture as the settlements area reads one (refunds/captures.ts), just made. */
const captureToSettle = ({ intent, attempt }: Current, at: Date) => ({
  attemptId: attempt!.id,
  intentId: intent.id,
  merchantOrderId: intent.merchantOrderId,
  currency: intent.currency,
  capturedAmount: attempt!.capturedAmount.toFixed(),
  refundedAmount: attempt!.refundedAmount.toFixed(),
  paymentMethodType: attempt!.paymentMethodType,
  intentCreatedAt: intent.createdAt,
  capturedAt: at,
});

/**
 * What a capture writes beside its rows: SUCCEEDED posts it (in the same commit) and schedules the
 * daily cut, or settles it at once; PENDING waits for the network's answer, scheduled on the clock,
 * which posts it then.
 */
function addCaptureEffects(writes: WriteSet, captured: Current, now: Date, rootAccountId: string, atOnce?: SettlementAtOnce): void {
  if (captured.intent.status === 'PENDING') {
    addTransition(writes, {
      accountId: captured.intent.accountId,
      rootAccountId,
      kind: SETTLE_PENDING_CAPTURE,
      subjectId: captured.intent.id,
      dueAt: new Date(now.getTime() + PENDING_CAPTURE_DELAY_MS),
      now,
    });
    addIntentEvent(writes, captured.intent, captured.attempt, 'payment_intent.capture.pending', now);
    return;
  }
  addIntentEvent(writes, captured.intent, captured.attempt, 'payment_intent.capture.succeeded', now);
  // The daily cut that will settle it (src/domain/acquiring/settlements/contract.ts), unless it settles now.
  if (!atOnce) addSettlementCut(writes, { accountId: captured.intent.accountId, rootAccountId, capturedAt: now, now });
  // Last: the ledger rows stay locked for the shortest time.
  addCapturePosting(writes, { accountId: captured.intent.accountId, intentId: captured.intent.id, currency: captured.intent.currency, amount: money(captured.attempt!.capturedAmount) }, now);
  if (atOnce) addSettlementAtOnce(writes, captureToSettle(captured, now), atOnce, captured.intent.accountId, now);
}

/** PA5: SUCCEEDED with `amount` captured (at most the authorized amount), posted (and settled, `atOnce`) in the same commit. */
export function addCapture(writes: WriteSet, was: Current, amount: Decimal, rootAccountId: string, now: Date, atOnce?: SettlementAtOnce): Current {
  const captured = capturedRows(was, amount, now, atOnce);
  write(writes, was, captured, false);
  addCaptureEffects(writes, captured, now, rootAccountId, atOnce);
  return captured;
}

/** A declined attempt: soft declines leave the intent to be confirmed again, hard ones fail it. */
export function addDeclined(writes: WriteSet, was: Current, attempt: PaymentAttempt, decline: { failureCode: string; adviceCode: string; hard: boolean }, now: Date): Current {
  const failed: PaymentAttempt = { ...attempt, status: 'FAILED', failureCode: decline.failureCode, adviceCode: decline.adviceCode, completedAt: now, updatedAt: now };
  const intent: PaymentIntent = {
    ...was.intent,
    status: decline.hard ? 'FAILED' : 'REQUIRES_PAYMENT_METHOD',
    nextAction: null,
    latestAttemptId: attempt.id,
    completedAt: decline.hard ? now : null,
    updatedAt: now,
  };
  const next = { intent, attempt: failed };
  write(writes, was, next, false);
  addIntentEvent(writes, intent, failed, 'payment_intent.confirm.failed', now);
  return next;
}

/** 3-D Secure wants a challenge: REQUIRES_CUSTOMER_ACTION with next_action.redirect_to_url. */
export function addChallenge(writes: WriteSet, was: Current, attempt: PaymentAttempt, path: string, returnUrl: string, now: Date): Current {
  const redirected: PaymentAttempt = { ...attempt, status: 'AUTHENTICATION_REDIRECTED', updatedAt: now };
  const intent: PaymentIntent = {
    ...was.intent,
    status: 'REQUIRES_CUSTOMER_ACTION',
    nextAction: { type: 'redirect_to_url', redirect_to_url: { url: path, return_url: returnUrl } },
    latestAttemptId: attempt.id,
    updatedAt: now,
  };
  const next = { intent, attempt: redirected };
  write(writes, was, next, false);
  addIntentEvent(writes, intent, redirected, 'payment_intent.authenticate.pending', now);
  return next;
}

/** The customer failed the challenge: the attempt fails and the intent waits for another card. */
export function addChallengeFailed(writes: WriteSet, was: Current, authenticationData: Prisma.JsonObject, now: Date): Current {
  const attempt: PaymentAttempt = { ...was.attempt!, status: 'FAILED', failureCode: 'authentication_failed', authenticationData, completedAt: now, updatedAt: now };
  const intent: PaymentIntent = { ...was.intent, status: 'REQUIRES_PAYMENT_METHOD', nextAction: null, updatedAt: now };
  const next = { intent, attempt };
  write(writes, was, next, false);
  addIntentEvent(writes, intent, attempt, 'payment_intent.authenticate.failed', now);
  return next;
}

/** PA6, or the release after 7 days: CANCELLED; an authorization or a pending challenge ends with it. */
export function addCancelled(writes: WriteSet, was: Current, reason: string | null, now: Date, attemptStatus: 'CANCELLED' | 'EXPIRED' = 'CANCELLED'): Current {
  const intent: PaymentIntent = { ...was.intent, status: 'CANCELLED', cancellationReason: reason, cancelledAt: now, completedAt: now, nextAction: null, updatedAt: now };
  const open = was.attempt && (was.attempt.status === 'AUTHORIZED' || was.attempt.status === 'AUTHENTICATION_REDIRECTED');
  const attempt = open ? { ...was.attempt!, status: attemptStatus, cancellationReason: reason, completedAt: now, updatedAt: now } : was.attempt;
  const next = { intent, attempt };
  replaceRow(writes, 'payment_intents', intent, was.intent);
  if (open) replaceRow(writes, 'payment_attempts', attempt!, was.attempt!);
  addIntentEvent(writes, intent, attempt, 'payment_intent.cancel.succeeded', now);
  return next;
}

/** The intent and its latest attempt under row locks (the cold paths). */
export async function lockCurrent(tx: Tx, intentId: string): Promise<Current | undefined> {
  const intent = await lockRow(tx, 'payment_intents', { id: intentId });
  if (!intent) return undefined;
  const attempt = intent.latestAttemptId ? await tx.paymentAttempt.findUnique({ where: { id: intent.latestAttemptId } }) : null;
  return { intent, attempt };
}

/** The network's answer to a pending capture: SUCCEEDED, and the capture posted now. */
defineTransition(SETTLE_PENDING_CAPTURE, async (tx, transition, at) => {
  const cur = await lockCurrent(tx, transition.subjectId);
  if (!cur || cur.intent.status !== 'PENDING' || cur.attempt?.status !== 'CAPTURE_REQUESTED') return;
  const next: Current = {
    intent: { ...cur.intent, status: 'SUCCEEDED', completedAt: at, updatedAt: at },
    attempt: { ...cur.attempt, completedAt: at, updatedAt: at },
  };
  const writes = new WriteSet();
  write(writes, cur, next, false);
  addCaptureEffects(writes, next, at, transition.rootAccountId);
  await applyInTransaction(tx, writes);
});

/** Stripe's rule: an authorization left uncaptured for 7 days (a pre-authorization 30) is released and the intent cancelled. */
defineTransition(RELEASE_AUTHORIZATION, async (tx, transition, at) => {
  const cur = await lockCurrent(tx, transition.subjectId);
  if (!cur || cur.intent.status !== 'REQUIRES_CAPTURE' || cur.attempt?.status !== 'AUTHORIZED') return;
  const writes = new WriteSet();
  addCancelled(writes, cur, 'abandoned', at, 'EXPIRED');
  await applyInTransaction(tx, writes);
});
