import { z } from 'zod';
import { amountField, checkPrecision, currencyCode } from '../../../platform/money/amount';
import { checkTimeRange, timeRangeMembers } from '../../../platform/pagination/time-range';

/** PaymentPayout.payout_status (catalogue PA16). */
export const PAYMENT_PAYOUT_STATUSES = ['INITIATED', 'PROCESSING', 'SUCCEEDED', 'FAILED'] as const;
export type PaymentPayoutStatus = (typeof PAYMENT_PAYOUT_STATUSES)[number];

/** A bank statement line holds 22 characters (the card networks' and Stripe's limit for a descriptor). */
export const STATEMENT_DESCRIPTOR_MAX = 22;

/** The sandbox test value: a payment payout whose statement_descriptor carries it fails at the bank. */
export const TEST_VALUE_FAILED = 'SIMULATE-FAILED';
export const failsInSandbox = (statementDescriptor: string): boolean => statementDescriptor.toUpperCase().includes(TEST_VALUE_FAILED);

/** A payout of acquired funds to a settlement bank account or a wallet of the tree. */
export const createPaymentPayoutCommand = z
  .object({
    payoutCurrency: currencyCode,
    payoutAmount: amountField('string'),
    statementDescriptor: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(STATEMENT_DESCRIPTOR_MAX, `must be at most ${STATEMENT_DESCRIPTOR_MAX} characters`),
    internalNote: z.string().trim().max(255, 'must be at most 255 characters').optional(),
    /** The id or short reference of an account of the caller's tree: the money goes to its WALLET. */
    payoutAccountId: z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters').optional(),
  })
  .superRefine((v, ctx) => checkPrecision(ctx, v.payoutAmount, v.payoutCurrency, 'payoutAmount'));
export type CreatePaymentPayoutCommand = z.output<typeof createPaymentPayoutCommand>;

/** The payment payouts list's filter. */
export const paymentPayoutFilter = z
  .object({
    status: z
      .string()
      .pipe(z.enum(PAYMENT_PAYOUT_STATUSES, { error: `must be one of ${PAYMENT_PAYOUT_STATUSES.join(', ')}` }))
      .optional(),
    ...timeRangeMembers,
  })
  .superRefine((v, ctx) => checkTimeRange(ctx, v));
