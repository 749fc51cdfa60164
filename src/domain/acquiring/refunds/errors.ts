import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';
import { quotedField } from '../../../platform/errors/field-names';

const badRequest = <C extends string>(code: C, message: string, kind: 'not_found' | 'business' | 'validation', field?: string) =>
  new DomainError({ code, message, status: 400, kind, ...(field ? { field } : {}) });

/**
 * Refund-area errors (account-center family). The specification gives no text for them; the
 * messages are payrail's and stable, and each names the field or the state it is about.
 */
export const refundErrors = defineErrors('refunds', 'account_center', {
  /** PA10 for an unknown, malformed or other tenant's id alike (404 is kept for unknown paths). */
  refundNotFound: () => badRequest('refund_not_found', 'entity not found', 'not_found'),

  /** PA8 naming an intent the acting account does not have. */
  paymentIntentNotFound: () =>
    badRequest('payment_intent_not_found', `Invalid value for field ${quotedField('paymentIntentId')}: payment intent not found`, 'not_found', 'paymentIntentId'),

  /** PA8 naming an attempt that is not one of the intent's, or one with nothing captured. */
  paymentAttemptNotRefundable: () =>
    badRequest(
      'payment_attempt_not_refundable',
      `Invalid value for field ${quotedField('paymentAttemptId')}: not a captured attempt of this payment intent`,
      'validation',
      'paymentAttemptId',
    ),

  /** Only a SUCCEEDED (captured) intent can be refunded. */
  intentNotRefundable: (status: string) =>
    badRequest(
      'payment_intent_not_refundable',
      `Payment intent status is ${status}: only a SUCCEEDED payment intent can be refunded`,
      'business',
      'paymentIntentId',
    ),

  /** The refunds (not FAILED) of an attempt would exceed what it captured. */
  exceedsCapturedAmount: () =>
    badRequest(
      'refund_exceeds_captured_amount',
      `Invalid value for field ${quotedField('amount')}: the refunds of a payment cannot exceed its captured amount`,
      'validation',
      'amount',
    ),

  /** The balance the refund is taken from cannot cover it (payrail refuses rather than going negative). */
  paymentBalanceShort: (currency: string, balance: 'pending' | 'available') =>
    badRequest(
      'insufficient_payment_balance',
      `Insufficient payment balance: the ${currency} ${balance} balance cannot cover this refund`,
      'business',
      'amount',
    ),
});
