import { readRows, type ReadScope } from '../../../platform/db/reads';
import type { Tx } from '../../../platform/db/tx';
import type { PaymentAttempt, PaymentIntent } from '../../../generated/prisma/client';
import { isUuid } from '../../../platform/ids/ids';
import { readIntentOfAccount } from '../payments/rows';
import { ATTEMPT_COLUMNS, attemptOfRow, type PaymentAttemptRow } from '../payments/view';

/**
 * What refunds and settlements read of the payment intents area: a captured payment. The intents
 * area is built beside this one; this module is the one seam between them (its tables are read
 * here and nowhere else in refunds or settlements).
 *
 * A capture is an attempt with a captured amount whose intent is SUCCEEDED; it succeeded at the
 * intent's complete_time.
 */
export const CAPTURED_INTENT_STATUS = 'SUCCEEDED';


export async function findIntent(scope: ReadScope, accountId: string, intentId: string): Promise<PaymentIntent | null> {
  return isUuid(intentId) ? ((await readIntentOfAccount(scope, accountId, intentId)) ?? null) : null;
}

// A refund's attempt is found by one of two statements: the attempt named (or the intent's latest), $3,
// or, when the intent has none, its newest attempt that captured money.
const ATTEMPT_OF_INTENT = `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts
  WHERE account_id = $1::uuid AND payment_intent_id = $2::uuid AND id = $3::uuid`;
const NEWEST_CAPTURED_ATTEMPT = `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts
  WHERE account_id = $1::uuid AND payment_intent_id = $2::uuid AND captured_amount > 0 ORDER BY created_at DESC, id DESC LIMIT 1`;

/**
 * The attempt a refund applies to: the one named (it must be the intent's), else the intent's
 * latest attempt, else its newest attempt that captured money. Null when there is none with a
 * captured amount.
 */
export async function findCapturedAttempt(scope: ReadScope, intent: PaymentIntent, attemptId: string | undefined): Promise<PaymentAttempt | null> {
  const named = attemptId ?? intent.latestAttemptId ?? undefined;
  if (named !== undefined && !isUuid(named)) return null;
  const [row] = await readRows<PaymentAttemptRow>(
    scope,
    named !== undefined
      ? { name: 'refund_attempt_of_intent', text: ATTEMPT_OF_INTENT, values: [intent.accountId, intent.id, named] }
      : { name: 'refund_newest_captured_attempt', text: NEWEST_CAPTURED_ATTEMPT, values: [intent.accountId, intent.id] },
  );
  const attempt = row && attemptOfRow(row);
  return attempt && attempt.capturedAmount.gt(0) ? attempt : null;
}

/** One capture as a settlement reads it, locked (FOR UPDATE) so no refund moves it meanwhile. */
export interface CaptureToSettle {
  attemptId: string;
  intentId: string;
  merchantOrderId: string;
  currency: string;
  capturedAmount: string;
  refundedAmount: string;
  paymentMethodType: string;
  intentCreatedAt: Date;
  capturedAt: Date;
}

/**
 * The account's captures that succeeded before `cut` and are not settled yet, oldest first, each
 * attempt row locked until the settlement commits: a refund of one of them waits, then sees it settled.
 */
export function lockCapturesToSettle(tx: Tx, accountId: string, cut: Date): Promise<CaptureToSettle[]> {
  return tx.$queryRaw<CaptureToSettle[]>`
    SELECT a.id AS "attemptId", i.id AS "intentId", i.merchant_order_id AS "merchantOrderId", a.currency,
           a.captured_amount::text AS "capturedAmount", a.refunded_amount::text AS "refundedAmount",
           a.payment_method_type AS "paymentMethodType", i.created_at AS "intentCreatedAt", i.completed_at AS "capturedAt"
    FROM payment_attempts a JOIN payment_intents i ON i.id = a.payment_intent_id
    WHERE a.account_id = ${accountId}::uuid AND i.account_id = ${accountId}::uuid
      AND i.status = ${CAPTURED_INTENT_STATUS} AND a.captured_amount > 0 AND i.completed_at < ${cut}
      AND NOT EXISTS (SELECT 1 FROM settlement_items s WHERE s.payment_attempt_id = a.id)
    ORDER BY i.completed_at, a.id
    FOR UPDATE OF a`;
}

/** Locks one attempt row (a refund's completion, before it decides where a failed refund returns). */
export async function lockAttempt(tx: Tx, attemptId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM payment_attempts WHERE id = ${attemptId}::uuid FOR UPDATE`;
}
