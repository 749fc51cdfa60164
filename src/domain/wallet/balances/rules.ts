import { z } from 'zod';
import { currencyCode } from '../../../platform/money/amount';
import { checkTimeRange, timeRangeMembers } from '../../../platform/pagination/time-range';

/** Balance.balance_status (catalogue BT1): payrail's wallets are always open. */
export const BALANCE_STATUSES = ['ACTIVE', 'PENDING', 'PROCESSING', 'CLOSED'] as const;
export type BalanceStatus = (typeof BALANCE_STATUSES)[number];

/** BT3 credit_debit_type: the sign of the journal line on the wallet. */
export const CREDIT_DEBIT_TYPES = ['CREDIT', 'DEBIT'] as const;
export type CreditDebitType = (typeof CREDIT_DEBIT_TYPES)[number];

/**
 * BT3 transaction_status. Every item is a posted journal line, so payrail only ever shows
 * COMPLETED; the filter accepts the whole set so that a client filtering on PENDING gets an empty
 * page rather than an error.
 */
export const BALANCE_TRANSACTION_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type BalanceTransactionStatus = (typeof BALANCE_TRANSACTION_STATUSES)[number];

/** Read filters take codes in any case (a path segment or query value); bodies of creates do not. */
const anyCaseCurrency = z.string().trim().toUpperCase().pipe(currencyCode);

/** BT2: the currency of the path. */
export const balanceCurrencyQuery = z.object({ currency: anyCaseCurrency });

/** The wallet movements list's filter (the page is read by the list helper). */
export const balanceTransactionFilter = z
  .object({
    ...timeRangeMembers,
    currency: anyCaseCurrency.optional(),
    /** The movement that posted the line: DEPOSIT, TRANSFER, PAYOUT, CONVERSION, … (the entry's kind). */
    transactionType: z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters').toUpperCase().optional(),
    status: z.string().trim().toUpperCase().pipe(z.enum(BALANCE_TRANSACTION_STATUSES, 'must be one of PENDING, COMPLETED, FAILED')).optional(),
  })
  .superRefine((v, ctx) => checkTimeRange(ctx, v));
