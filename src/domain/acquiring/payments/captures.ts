import type Decimal from 'decimal.js';
import type { DomainError } from '../../../platform/errors/domain-error';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { money } from '../../../platform/money/amount';
import type { WriteSet } from '../../../platform/writes/write-set';
import { lockRow } from '../../../platform/db/locks';
import { readRows } from '../../../platform/db/reads';
import type {
  AddRefundedAmount,
  CapturedPayment,
  CaptureToSettle,
  FindCapturableIntent,
  FindCapturedAttempt,
  LockCapture,
  LockCapturesToSettle,
  MarkCaptureSettled,
  ReadCapturedPayment,
} from './contract';
import { REFUND_CAP_GUARD, refundableOf } from './refund-cap';
import { readIntentOfAccount } from './rows';
import { ATTEMPT_COLUMNS, attemptOfRow, type PaymentAttemptRow } from './view';

type Reader = Pick<RequestContext['db'], 'pool'>;

const CAPTURED_STATUSES = ['CAPTURE_REQUESTED', 'SETTLED'];

/** An intent is captured when it is SUCCEEDED; it succeeded at its completed_at. */
export const CAPTURED_INTENT_STATUS = 'SUCCEEDED';

/** Implements ReadCapturedPayment (contract.ts). */
export const readCapturedPayment: ReadCapturedPayment = async (db: Reader, accountId, paymentIntentId) => {
  if (!isUuid(paymentIntentId)) return undefined;
  const { rows } = await db.pool.query<{
    intent_id: string; attempt_id: string; account_id: string; currency: string; merchant_order_id: string; status: string;
    captured_amount: string; refunded_amount: string; captured_at: Date; updated_at: Date;
  }>({
    name: 'payments_captured_payment',
    text: `SELECT i.id AS intent_id, a.id AS attempt_id, i.account_id, i.currency, i.merchant_order_id, a.status,
                  a.captured_amount::text, a.refunded_amount::text, a.completed_at AS captured_at, a.updated_at
             FROM payment_intents i JOIN payment_attempts a ON a.id = i.latest_attempt_id
            WHERE i.id = $1 AND i.account_id = $2 AND i.status = 'SUCCEEDED' AND a.status = ANY($3)`,
    values: [paymentIntentId, accountId, CAPTURED_STATUSES],
  });
  const r = rows[0];
  if (!r) return undefined;
  const captured = money(r.captured_amount);
  const refunded = money(r.refunded_amount);
  const payment: CapturedPayment = {
    paymentIntentId: r.intent_id,
    paymentAttemptId: r.attempt_id,
    accountId: r.account_id,
    currency: r.currency,
    merchantOrderId: r.merchant_order_id,
    capturedAmount: captured,
    refundedAmount: refunded,
    refundableAmount: refundableOf({ captured, refunded }),
    settled: r.status === 'SETTLED',
    capturedAt: r.captured_at,
  };
  return payment;
};

/** Implements AddRefundedAmount (contract.ts): the check and the increment are one statement. */
export const addRefundedAmount: AddRefundedAmount = (writes: WriteSet, p: { paymentAttemptId: string; accountId: string; amount: Decimal; at: Date }, refusal: DomainError) => {
  writes.require(
    {
      sql: `UPDATE payment_attempts SET refunded_amount = refunded_amount + ($1::jsonb->>'amount')::numeric, updated_at = ($1::jsonb->>'at')::timestamptz
             WHERE id = ($1::jsonb->>'id')::uuid AND account_id = ($1::jsonb->>'account_id')::uuid
               AND status IN ('CAPTURE_REQUESTED', 'SETTLED')
               AND ${REFUND_CAP_GUARD}
             RETURNING 'true'::jsonb`,
      args: { id: p.paymentAttemptId, account_id: p.accountId, amount: p.amount.toFixed(), at: p.at.toISOString() },
    },
    refusal,
  );
};

/** Implements MarkCaptureSettled (contract.ts). */
export const markCaptureSettled: MarkCaptureSettled = (writes, p) => {
  writes.run({
    sql: `UPDATE payment_attempts SET status = 'SETTLED', updated_at = ($1::jsonb->>'at')::timestamptz
           WHERE id = ($1::jsonb->>'id')::uuid AND status = 'CAPTURE_REQUESTED'`,
    args: { id: p.paymentAttemptId, at: p.at.toISOString() },
  });
};

/** Implements FindCapturableIntent (contract.ts). */
export const findCapturableIntent: FindCapturableIntent = async (scope, accountId, intentId) =>
  isUuid(intentId) ? ((await readIntentOfAccount(scope, accountId, intentId)) ?? null) : null;

// A refund's attempt is found by one of two statements: the attempt named (or the intent's latest), $3,
// or, when the intent has none, its newest attempt that captured money.
const ATTEMPT_OF_INTENT = `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts
  WHERE account_id = $1::uuid AND payment_intent_id = $2::uuid AND id = $3::uuid`;
const NEWEST_CAPTURED_ATTEMPT = `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts
  WHERE account_id = $1::uuid AND payment_intent_id = $2::uuid AND captured_amount > 0 ORDER BY created_at DESC, id DESC LIMIT 1`;

/** Implements FindCapturedAttempt (contract.ts). */
export const findCapturedAttempt: FindCapturedAttempt = async (scope, intent, attemptId) => {
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
};

/** Implements LockCapturesToSettle (contract.ts): every capture of the batch is locked by the one statement that reads them. */
export const lockCapturesToSettle: LockCapturesToSettle = (tx, accountId, cut) =>
  tx.$queryRaw<CaptureToSettle[]>`
    SELECT a.id AS "attemptId", i.id AS "intentId", i.merchant_order_id AS "merchantOrderId", a.currency,
           a.captured_amount::text AS "capturedAmount", a.refunded_amount::text AS "refundedAmount",
           a.payment_method_type AS "paymentMethodType", i.created_at AS "intentCreatedAt", i.completed_at AS "capturedAt"
    FROM payment_attempts a JOIN payment_intents i ON i.id = a.payment_intent_id
    WHERE a.account_id = ${accountId}::uuid AND i.account_id = ${accountId}::uuid
      AND i.status = ${CAPTURED_INTENT_STATUS} AND a.captured_amount > 0 AND i.completed_at < ${cut}
      AND NOT EXISTS (SELECT 1 FROM settlement_items s WHERE s.payment_attempt_id = a.id)
    ORDER BY i.completed_at, a.id
    FOR UPDATE OF a`;

/** Implements LockCapture (contract.ts). */
export const lockCapture: LockCapture = async (tx, attemptId) => {
  await lockRow(tx, 'payment_attempts', { id: attemptId });
};
