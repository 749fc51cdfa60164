import type Decimal from 'decimal.js';

/**
 * The capture cap: a capture takes at most what its attempt authorized (a partial capture's
 * remainder is released, never captured later). A capture of `amount` fits while
 * amount <= authorized; it is checked when the capture is prepared (a clear answer without a write)
 * and again by the guard of the statement that writes the captured attempt (store.ts
 * replaceCapturedAttempt), against the authorized amount as stored, under the row's lock.
 *
 * The two are one rule: test/acquiring/payments/capture-cap.test.ts evaluates CAPTURE_CAP_GUARD in
 * PostgreSQL beside captureFits over the boundaries.
 */
export const captureFits = (p: { authorized: Decimal; amount: Decimal }): boolean => p.amount.lte(p.authorized);

/**
 * captureFits over the payment_attempts row as stored (`t`: its amount is what was authorized) and
 * the row being written (`r`: its captured_amount), as the capture's UPDATE writes its WHERE clause.
 */
export const CAPTURE_CAP_GUARD = `r.captured_amount <= t.amount`;
