/**
 * The refund lifecycle locks a capture by this name; the lock itself is the payments area's
 * (payments/contract.ts), as is everything refunds read of a payment.
 */
export { lockCapture as lockAttempt } from '../payments/contract';
