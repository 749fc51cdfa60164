import { z } from 'zod';
import { amountField, checkPrecision, currencyCode } from '../../../platform/money/amount';
import { checkTimeOrder, timeRangeShape } from '../../../platform/pagination/time-range';

/** PaymentPayout.payout_status (catalogue PA16). */
export const PAYMENT_PAYOUT_STATUSES = ['INITIATED', 'PROCESSING', 'SUCCEEDED', 'FAILED'] as const;
export type PaymentPayoutStatus = (typeof PAYMENT_PAYOUT_STATUSES)[number];

/** A bank statement line holds 22 characters (the card networks' and Stripe's limit for a descriptor). */
export const STATEMENT_DESCRIPTOR_MAX = 22;

/** The sandbox test value: a payment payout whose statement_descriptor carries it fails at the bank. */
export const TEST_VALUE_FAILED = 'SIMULATE-FAILED';
export const failsInSandbox = (statementDescriptor: string): boolean => statementDescriptor.toUpperCase().includes(TEST_VALUE_FAILED);

/** PA16 in wire names. */
export const createPaymentPayoutWire = z
  .object({
    payout_currency: currencyCode,
    payout_amount: amountField('string'),
    statement_descriptor: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(STATEMENT_DESCRIPTOR_MAX, `must be at most ${STATEMENT_DESCRIPTOR_MAX} characters`),
    internal_note: z.string().trim().max(255, 'must be at most 255 characters').optional(),
    /** The id or short reference of an account of the caller's tree: the money goes to its WALLET. */
    payout_account_id: z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters').optional(),
  })
  .superRefine((v, ctx) => checkPrecision(ctx, v.payout_amount, v.payout_currency, 'payout_amount'))
  .meta({ id: 'CreatePaymentPayoutRequest' });
export type CreatePaymentPayoutInput = z.output<typeof createPaymentPayoutWire>;

/** PA17 filters in wire names; GraphQL `paymentPayouts(filter)` maps onto them. */
export const paymentPayoutFilter = z
  .object({
    payout_status: z
      .string()
      .pipe(z.enum(PAYMENT_PAYOUT_STATUSES, { error: `must be one of ${PAYMENT_PAYOUT_STATUSES.join(', ')}` }))
      .optional(),
    ...timeRangeShape,
  })
  .superRefine((v, ctx) => checkTimeOrder(ctx, v));
