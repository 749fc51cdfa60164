import type Decimal from 'decimal.js';
import type { DomainError } from '../../../platform/errors/domain-error';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { money } from '../../../platform/money/amount';
import type { WriteSet } from '../../../platform/writes/write-set';
import type { AddRefundedAmount, CapturedPayment, MarkCaptureSettled, ReadCapturedPayment } from './contract';

type Reader = Pick<RequestContext['db'], 'pool'>;

const CAPTURED_STATUSES = ['CAPTURE_REQUESTED', 'SETTLED'];

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
    refundableAmount: captured.minus(refunded),
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
               AND refunded_amount + ($1::jsonb->>'amount')::numeric <= captured_amount
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
