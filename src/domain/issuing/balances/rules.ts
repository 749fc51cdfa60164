import { createHash } from 'node:crypto';
import { z } from 'zod';
import { CARD_CURRENCIES } from '../products/catalogue';
import { isSupportedCurrency } from '../../../platform/money/currencies';
import { money } from '../../../platform/money/amount';
import { checkTimeRange, timeRangeMembers } from '../../../platform/pagination/time-range';

/**
 * The currencies an issuing balance exists in: the card currencies a wallet can fund (SGD, USD).
 * XUSD is a card currency of the catalogue but no ISO currency, so no wallet holds it and no
 * issuing balance can be funded in it (docs/decisions/issuing/issuing-balances.md, "Issuing balances").
 */
export const ISSUING_CURRENCIES = CARD_CURRENCIES.filter(isSupportedCurrency);
export const isIssuingCurrency = (c: string): boolean => (ISSUING_CURRENCIES as readonly string[]).includes(c);

/** IssuingBalance.balance_status (CI19); payrail's issuing balances are always open. */
export const ISSUING_BALANCE_STATUSES = ['ACTIVE', 'PENDING', 'PROCESSING', 'CLOSED'] as const;
export type IssuingBalanceStatus = (typeof ISSUING_BALANCE_STATUSES)[number];

/** CI21 transaction_status: every item is a posted journal line, so only COMPLETED ever shows. */
export const ISSUING_TRANSACTION_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type IssuingTransactionStatus = (typeof ISSUING_TRANSACTION_STATUSES)[number];

/**
 * balance_id: stable per account and currency, before and after the first movement (the ledger
 * account only exists from its first line), so CI19, CI20 and CI21 name one balance alike.
 */
export function issuingBalanceId(accountId: string, currency: string): string {
  const h = createHash('sha256').update(`issuing-balance|${accountId}|${currency}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Issuing amounts are JSON numbers above 0 with at most two decimals. */
export const issuingAmount = (invalid: string) =>
  z
    .number(invalid)
    .refine((v) => Number.isFinite(v) && v > 0 && money(v).decimalPlaces() <= 2, invalid)
    .transform((v) => money(v));

const anyCaseCurrency = z.string().trim().toUpperCase();

/** The issuing balance asked for (CI20): its currency, any case. */
export const issuingBalanceQuery = z.object({ currency: anyCaseCurrency });

/** Money between the wallet and the issuing balance of one currency (payrail's funding extension). */
export const fundingCommand = z.object({
  currency: z.string(),
  amount: issuingAmount('must be a number greater than 0 with at most 2 decimals'),
});
export type FundingCommand = z.output<typeof fundingCommand>;

/** The issuing balance movements list's filter (CI21; the page is read by the list helper). */
export const issuingTransactionFilter = z
  .object({
    ...timeRangeMembers,
    currency: anyCaseCurrency.optional(),
    /** The entry kind that posted the line: ISSUING_TRANSFER, CARD_RECHARGE, CARD_WITHDRAW, CARD_AUTHORIZATION, … */
    transactionType: z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters').toUpperCase().optional(),
    transactionStatus: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(ISSUING_TRANSACTION_STATUSES, 'must be one of PENDING, COMPLETED, FAILED'))
      .optional(),
    transactionId: z.string().trim().optional(),
  })
  .superRefine((v, ctx) => checkTimeRange(ctx, v));
