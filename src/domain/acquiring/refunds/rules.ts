import { z } from 'zod';
import { amountField } from '../../../platform/money/amount';

/** Refund.refund_status (spec 3.1). payrail produces the first four; the REVERSAL_* values are listed, never reached. */
export const REFUND_STATUSES = [
  'INITIATED',
  'PROCESSING',
  'SUCCEEDED',
  'FAILED',
  'REVERSAL_INITIATED',
  'REVERSAL_PROCESSING',
  'REVERSAL_SUCCEEDED',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Spec 4.9 and 8. */
export const MAX_REFUND_REASON = 100;
export const MAX_PAYMENT_INTENT_ID = 36;

/**
 * The sandbox test value: a refund whose reason contains it (any case) goes INITIATED -> PROCESSING
 * -> FAILED, and its amount comes back to the payment balance.
 */
export const TEST_VALUE_REFUND_FAILED = 'SIMULATE-FAILED';
export const refundFailsInSandbox = (reason: string): boolean => reason.toUpperCase().includes(TEST_VALUE_REFUND_FAILED);

/** The simulated card network: INITIATED for a minute, then PROCESSING for an hour, then its answer. */
export const REFUND_PROCESS_DELAY_MS = 60_000;
export const REFUND_COMPLETE_DELAY_MS = 3_600_000;

const maxChars = (n: number) => `must be at most ${n} characters`;

/**
 * PA8 (spec 4.9). The amount's precision is checked against the intent's currency once the intent
 * is read (service.ts): the command carries no currency.
 */
export const createRefundCommand = z.object({
  paymentIntentId: z.string().min(1, 'must not be empty').max(MAX_PAYMENT_INTENT_ID, maxChars(MAX_PAYMENT_INTENT_ID)),
  amount: amountField('string').describe('decimal string in the currency of the intent, at most its minor units, > 0'),
  reason: z
    .string()
    .min(1, 'must not be empty')
    .max(MAX_REFUND_REASON, maxChars(MAX_REFUND_REASON))
    .describe(`sandbox test value: a reason containing ${TEST_VALUE_REFUND_FAILED} makes the refund FAILED`),
  paymentAttemptId: z.string().max(36, maxChars(36)).optional().describe('defaults to the intent\'s latest attempt; must belong to the intent'),
  metadata: z.record(z.string(), z.unknown()).optional().describe('free key-value pairs, kept as sent'),
});

export type CreateRefundCommand = z.output<typeof createRefundCommand>;
