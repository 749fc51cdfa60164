import { randomInt } from 'node:crypto';
import type Decimal from 'decimal.js';
import { Prisma, type PaymentAttempt, type PaymentIntent } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import type { Tx } from '../../../platform/db/tx';
import { money } from '../../../platform/money/amount';
import { addTransition } from '../../../platform/scheduler/transitions';
import type { WriteSet } from '../../../platform/writes/write-set';
import { addIntentEvent } from './events';
import { addSettlementAtOnce, addSettlementCut, type SettlementAtOnce } from '../settlements/contract';
import { addCapturePosting } from './ledger';
import { readAttemptOfAccount, replaceCapturedAttempt, replaceRow } from './store';
import { capturesPending } from './cards/test-cards';
import { AUTHORIZATION_TTL_MS, type StoredAuthorizationType } from './rules';

/**
 * The changes of a PaymentIntent and its latest attempt (the state machine: lifecycle.ts). Each
 * builder below adds one change's writes to a write set: the rows (guarded against a concurrent
 * change), the event and, for a capture, its posting. The hot paths commit the set through the
 * group commit and the challenge page applies it in a transaction; the scheduled transitions
 * (lifecycle.ts) take the same rows and follow-ups from here, the intent's own row and event
 * written by their declaration.
 */
/** Stripe's rule: an authorization left uncaptured for 7 days (a pre-authorization 30) is released and the intent cancelled. */
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

function write(writes: WriteSet, was: Current, next: Current): void {
  replaceRow(writes, 'payment_intents', next.intent, was.intent);
  if (next.attempt) replaceRow(writes, 'payment_attempts', next.attempt, was.attempt!);
}

/** A capture's rows: the attempt's write guarded by the capture cap too (capture-cap.ts). */
function writeCaptured(writes: WriteSet, was: Current, captured: Current): void {
  replaceRow(writes, 'payment_intents', captured.intent, was.intent);
  replaceCapturedAttempt(writes, captured.attempt!, was.attempt!);
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
    writeCaptured(writes, was, captured);
    addIntentEvent(writes, captured.intent, captured.attempt, 'payment_intent.confirm.succeeded', now);
    addCaptureEffects(writes, captured, now, rootAccountId, atOnce);
    return captured;
  }
  const next = { intent, attempt: authorized };
  write(writes, was, next);
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

/** A capture's event: PENDING waits for the network's answer, SUCCEEDED captured the money. */
const captureEventOf = (captured: Current) => (captured.intent.status === 'PENDING' ? 'payment_intent.capture.pending' : 'payment_intent.capture.succeeded');

/**
 * What follows a capture beside its rows and its event: SUCCEEDED posts it (in the same commit)
 * and schedules the daily cut, or settles it at once; PENDING waits for the network's answer,
 * scheduled on the clock, which posts it then.
 */
function addCaptureFollowUp(writes: WriteSet, captured: Current, now: Date, rootAccountId: string, atOnce?: SettlementAtOnce): void {
  if (captured.intent.status === 'PENDING') {
    addTransition(writes, {
      accountId: captured.intent.accountId,
      rootAccountId,
      kind: SETTLE_PENDING_CAPTURE,
      subjectId: captured.intent.id,
      dueAt: new Date(now.getTime() + PENDING_CAPTURE_DELAY_MS),
      now,
    });
    return;
  }
  // The daily cut that will settle it (src/domain/acquiring/settlements/contract.ts), unless it settles now.
  if (!atOnce) addSettlementCut(writes, { accountId: captured.intent.accountId, rootAccountId, capturedAt: now, now });
  // Last: the ledger rows stay locked for the shortest time.
  addCapturePosting(writes, { accountId: captured.intent.accountId, intentId: captured.intent.id, currency: captured.intent.currency, amount: money(captured.attempt!.capturedAmount) }, now);
  if (atOnce) addSettlementAtOnce(writes, captureToSettle(captured, now), atOnce, captured.intent.accountId, now);
}

/** A capture's event and what follows it, after its rows. */
function addCaptureEffects(writes: WriteSet, captured: Current, now: Date, rootAccountId: string, atOnce?: SettlementAtOnce): void {
  addIntentEvent(writes, captured.intent, captured.attempt, captureEventOf(captured), now);
  addCaptureFollowUp(writes, captured, now, rootAccountId, atOnce);
}

/** PA5: SUCCEEDED with `amount` captured (at most the authorized amount), posted (and settled, `atOnce`) in the same commit. */
export function addCapture(writes: WriteSet, was: Current, amount: Decimal, rootAccountId: string, now: Date, atOnce?: SettlementAtOnce): Current {
  const captured = capturedRows(was, amount, now, atOnce);
  writeCaptured(writes, was, captured);
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
  write(writes, was, next);
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
  write(writes, was, next);
  addIntentEvent(writes, intent, redirected, 'payment_intent.authenticate.pending', now);
  return next;
}

/** The customer failed the challenge: the attempt fails and the intent waits for another card. */
export function addChallengeFailed(writes: WriteSet, was: Current, authenticationData: Prisma.JsonObject, now: Date): Current {
  const attempt: PaymentAttempt = { ...was.attempt!, status: 'FAILED', failureCode: 'authentication_failed', authenticationData, completedAt: now, updatedAt: now };
  const intent: PaymentIntent = { ...was.intent, status: 'REQUIRES_PAYMENT_METHOD', nextAction: null, updatedAt: now };
  const next = { intent, attempt };
  write(writes, was, next);
  addIntentEvent(writes, intent, attempt, 'payment_intent.authenticate.failed', now);
  return next;
}

/**
 * The network's answer to a pending capture: the intent SUCCEEDED and the attempt complete; the
 * attempt is written here with the capture's follow-up (posted now, the daily cut scheduled), the
 * intent and its event by the lifecycle (lifecycle.ts).
 */
export function addCaptureAnswered(writes: WriteSet, was: Current, at: Date, rootAccountId: string): Current {
  const next: Current = {
    intent: { ...was.intent, status: 'SUCCEEDED', completedAt: at, updatedAt: at },
    attempt: { ...was.attempt!, completedAt: at, updatedAt: at },
  };
  replaceRow(writes, 'payment_attempts', next.attempt!, was.attempt!);
  addCaptureFollowUp(writes, next, at, rootAccountId);
  return next;
}

/** CANCELLED: an authorization or a pending challenge (the open attempt) ends with it, as `attemptStatus`. */
function cancelledRows(was: Current, reason: string | null, now: Date, attemptStatus: 'CANCELLED' | 'EXPIRED'): Current {
  const intent: PaymentIntent = { ...was.intent, status: 'CANCELLED', cancellationReason: reason, cancelledAt: now, completedAt: now, nextAction: null, updatedAt: now };
  const open = was.attempt && (was.attempt.status === 'AUTHORIZED' || was.attempt.status === 'AUTHENTICATION_REDIRECTED');
  const attempt = open ? { ...was.attempt!, status: attemptStatus, cancellationReason: reason, completedAt: now, updatedAt: now } : was.attempt;
  return { intent, attempt };
}

/** The attempt of a cancelled intent, written when the cancel ended it. */
function writeCancelledAttempt(writes: WriteSet, was: Current, next: Current): void {
  if (next.attempt !== was.attempt) replaceRow(writes, 'payment_attempts', next.attempt!, was.attempt!);
}

/** PA6: CANCELLED; an authorization is released with it, a pending challenge ends. */
export function addCancelled(writes: WriteSet, was: Current, reason: string | null, now: Date): Current {
  const next = cancelledRows(was, reason, now, 'CANCELLED');
  replaceRow(writes, 'payment_intents', next.intent, was.intent);
  writeCancelledAttempt(writes, was, next);
  addIntentEvent(writes, next.intent, next.attempt, 'payment_intent.cancel.succeeded', now);
  return next;
}

/**
 * The release of an authorization left uncaptured (RELEASE_AUTHORIZATION): cancelled as `abandoned`,
 * the attempt EXPIRED and written here; the intent and its event by the lifecycle (lifecycle.ts).
 */
export function addReleased(writes: WriteSet, was: Current, at: Date): Current {
  const next = cancelledRows(was, 'abandoned', at, 'EXPIRED');
  writeCancelledAttempt(writes, was, next);
  return next;
}

/** The intent's latest attempt, read in `tx` under the intent's row lock (no writer of the attempt holds it otherwise). */
export async function latestAttemptOf(tx: Tx, intent: PaymentIntent): Promise<PaymentAttempt | null> {
  return intent.latestAttemptId ? ((await readAttemptOfAccount({ tx }, intent.accountId, intent.latestAttemptId)) ?? null) : null;
}

/** The intent and its latest attempt under the intent's row lock (the challenge page). */
export async function lockCurrent(tx: Tx, intentId: string): Promise<Current | undefined> {
  const intent = await lockRow(tx, 'payment_intents', { id: intentId });
  if (!intent) return undefined;
  return { intent, attempt: await latestAttemptOf(tx, intent) };
}
