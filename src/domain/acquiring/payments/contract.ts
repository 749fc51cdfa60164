import type Decimal from 'decimal.js';
import type { PaymentAttempt, PaymentIntent } from '../../../generated/prisma/client';
import type { Database } from '../../../platform/db/client';
import type { ReadScope } from '../../../platform/db/reads';
import type { Tx } from '../../../platform/db/tx';
import type { DomainError } from '../../../platform/errors/domain-error';
import type { WriteSet } from '../../../platform/writes/write-set';

/**
 * CONTRACT between the payments area (owner: implements these in store.ts and re-exports them
 * here) and refunds / settlements (callers). What a capture is, as those areas may read and change
 * it; they never touch payment_intents or payment_attempts otherwise, and import nothing else of
 * payments (test/unit/architecture.test.ts holds both).
 *
 * A capture: an intent is captured when it is SUCCEEDED; its latest attempt then holds the money.
 * The attempt's status is CAPTURE_REQUESTED until settled, SETTLED after. The capture was posted
 * (src/domain/acquiring/payments/ledger.ts) as CARD_CLEARING -captured, PAYMENT_PENDING +captured, kind
 * PAYMENT_CAPTURE, reference PAYMENT_INTENT <intent id>, at `capturedAt`. Amounts are exact decimals
 * in the intent's currency; a partial capture's remainder was released, never captured later.
 *
 * readCapturedPayment: the acting account's captured intent with that id, read now (no lock), or
 * undefined (unknown, malformed, another tenant's, or not captured: a refund of it is refused).
 * `refundableAmount` = captured - refunded, as of the read; it is guarded again at commit:
 *
 * addRefundedAmount: adds to `writes` the statement that raises the attempt's refunded_amount by
 * `amount` only while refunded + amount <= captured (one statement, under the attempt's row lock,
 * so concurrent refunds can never exceed the capture); when it matches no row the whole write set
 * is refused with `refusal` (the refunds area's own DomainError). A failed refund that gives the
 * money back calls it with a negative amount.
 *
 * markCaptureSettled: adds the statement that moves the attempt CAPTURE_REQUESTED -> SETTLED (the
 * settlement batch that settles it); a no-op when it is settled already.
 *
 * refundFits / refundableOf: the refund cap itself (refund-cap.ts), the rule addRefundedAmount guards.
 *
 * findCapturableIntent: the account's intent with that id as a refund reads it (any status: the
 * refund answers a status other than CAPTURED_INTENT_STATUS itself), or null.
 *
 * findCapturedAttempt: the attempt a refund applies to: the one named (it must be the intent's),
 * else the intent's latest attempt, else its newest attempt that captured money. Null when there is
 * none with a captured amount.
 *
 * lockCapturesToSettle: the account's captures that succeeded before `cut` and are not settled yet,
 * oldest first, each attempt row locked until the settlement commits: a refund of one of them waits,
 * then sees it settled.
 *
 * lockCapture: locks one capture's attempt row (a refund's completion, before it decides where a
 * failed refund returns), so no settlement moves it meanwhile.
 */
export interface CapturedPayment {
  paymentIntentId: string;
  paymentAttemptId: string;
  accountId: string;
  currency: string;
  merchantOrderId: string;
  capturedAmount: Decimal;
  refundedAmount: Decimal;
  refundableAmount: Decimal;
  settled: boolean;
  capturedAt: Date;
}

export type ReadCapturedPayment = (db: Pick<Database, 'pool'>, accountId: string, paymentIntentId: string) => Promise<CapturedPayment | undefined>;
export type AddRefundedAmount = (writes: WriteSet, p: { paymentAttemptId: string; accountId: string; amount: Decimal; at: Date }, refusal: DomainError) => void;
export type MarkCaptureSettled = (writes: WriteSet, p: { paymentAttemptId: string; at: Date }) => void;
export type FindCapturableIntent = (scope: ReadScope, accountId: string, intentId: string) => Promise<PaymentIntent | null>;
export type FindCapturedAttempt = (scope: ReadScope, intent: PaymentIntent, attemptId: string | undefined) => Promise<PaymentAttempt | null>;
export type LockCapturesToSettle = (tx: Tx, accountId: string, cut: Date) => Promise<CaptureToSettle[]>;
export type LockCapture = (tx: Tx, attemptId: string) => Promise<void>;

/** One capture as a settlement reads it, locked so no refund moves it meanwhile. */
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

export {
  addRefundedAmount,
  CAPTURED_INTENT_STATUS,
  findCapturableIntent,
  findCapturedAttempt,
  lockCapture,
  lockCapturesToSettle,
  markCaptureSettled,
  readCapturedPayment,
} from './store';
export { refundableOf, refundFits } from './refund-cap';
