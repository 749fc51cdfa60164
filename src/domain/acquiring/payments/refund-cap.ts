import type Decimal from 'decimal.js';

/**
 * The refund cap: what is refunded of a capture never exceeds what it captured. A refund of
 * `amount` fits while refunded + amount <= captured; a refund is checked against it when it is
 * prepared (a clear answer without a write) and again by the guard that raises the attempt's
 * refunded amount, in one statement under its row lock (store.ts addRefundedAmount). A
 * negative amount (a failed refund giving its money back) always fits.
 *
 * The two are one rule: test/acquiring/refunds/refund-cap.test.ts evaluates REFUND_CAP_GUARD in
 * PostgreSQL beside refundFits over the boundaries.
 */
export const refundFits = (p: { captured: Decimal; refunded: Decimal; amount: Decimal }): boolean => p.refunded.plus(p.amount).lte(p.captured);

/** What a capture has left to refund. */
export const refundableOf = (p: { captured: Decimal; refunded: Decimal }): Decimal => p.captured.minus(p.refunded);

/**
 * refundFits over a payment_attempts row (refunded_amount, captured_amount) and the write set's
 * argument `amount`, as the guard's WHERE clause writes it.
 */
export const REFUND_CAP_GUARD = `refunded_amount + ($1::jsonb->>'amount')::numeric <= captured_amount`;
