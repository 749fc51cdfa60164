import { z } from 'zod';
import { money } from '../../../platform/money/amount';
import { exactMessage } from '../../../platform/validation/validate';
import { YES_NO } from '../cards/rules';
import { quotedField } from '../../../platform/errors/field-names';

/** Spec 2.13 plus CLEARING (payrail's clearing rows; see docs/decisions/issuing/transactions.md "Card transactions"). */
export const TRANSACTION_TYPES = ['AUTHORIZATION', 'REVERSAL', 'CLEARING', 'REFUND'] as const;
export type CardTransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_STATUSES = ['APPROVED', 'DECLINED', 'PENDING'] as const;
export type CardTransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * Why an authorization was declined: the fixed set `failure_reason` takes, one per check of
 * `decideAuthorization` (decision.ts), in the order they are checked (docs/issuing.md "Card authorizations and transactions").
 */
export const FAILURE_REASONS = [
  'DECLINED_BY_REQUEST',
  'CARD_NOT_ACTIVE',
  'ONE_TIME_CARD_USED',
  'CURRENCY_NOT_SUPPORTED',
  'SPENDING_CONTROL_EXCEEDED',
  'MCC_NOT_ALLOWED',
  'MCC_BLOCKED',
  'THREE_DS_NOT_ALLOWED',
  'CARD_LIMIT_EXCEEDED',
  'INSUFFICIENT_FUNDS',
  // The account's decision endpoint gave no valid answer in time and its timeout strategy is DECLINE.
  'AUTH_DECISION_TIMEOUT',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

const twoDp = (v: number) => Number.isFinite(v) && money(v).decimalPlaces() <= 2;
const positiveAmount = z.number().positive('must be greater than 0').refine(twoDp, 'must have at most 2 decimals');
const currency = z.string().regex(/^[A-Z]{3,4}$/, 'must be an ISO 4217 code');
const merchantName = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
const merchantCategoryCode = z.string().regex(/^\d{4}$/, 'must be a 4-digit MCC');

/** What a simulated authorization asks for when the body does not say: to be approved. */
export const DEFAULT_SIMULATED_STATUS = 'APPROVED';

/** What a simulated authorization asks the issuer for: APPROVED, or DECLINED to force a decline. */
export const SIMULATED_STATUSES = ['APPROVED', 'DECLINED'] as const;

/**
 * A simulated authorization (SI2, endpoints.md 3.6): the reference's six fields, plus payrail's
 * optional merchantCity, merchantCountry and threeDs ("Y": the merchant asks for a 3-D Secure
 * authorization; the API's Y/N in both doors). Both official clients' READMEs write `amount` and
 * `currency` for the transaction's amount and currency, so those spellings are read when the others
 * are absent (a rule of this command: either may be sent, the specified one wins); the Python
 * client types no transaction status, so a command without one asks for APPROVED.
 */
export const simulateAuthorizationCommand = z
  .object({
    cardId: z.string().min(1),
    transactionAmount: positiveAmount.optional(),
    amount: positiveAmount.optional().describe("the official clients' READMEs' spelling of transaction_amount, read when that is absent"),
    transactionCurrency: currency.optional(),
    currency: currency.optional().describe("the READMEs' spelling of transaction_currency, read when that is absent"),
    merchantName,
    merchantCategoryCode,
    transactionStatus: z.enum(SIMULATED_STATUSES).optional().describe(`${DEFAULT_SIMULATED_STATUS} when absent`),
    merchantCity: z.string().max(60, 'must be at most 60 characters').optional(),
    merchantCountry: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code').optional(),
    threeDs: z.enum(YES_NO).optional(),
  })
  .superRefine((v, ctx) => {
    for (const [field, alias] of [['transactionAmount', 'amount'], ['transactionCurrency', 'currency']] as const) {
      if (v[field] === undefined && v[alias] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: exactMessage(`Field ${quotedField(field)} is required`) });
    }
  })
  .transform(({ amount, currency: alias, ...v }) => ({
    ...v,
    transactionAmount: (v.transactionAmount ?? amount)!,
    transactionCurrency: (v.transactionCurrency ?? alias)!,
    transactionStatus: v.transactionStatus ?? DEFAULT_SIMULATED_STATUS,
  }));
export type SimulateAuthorizationCommand = z.output<typeof simulateAuthorizationCommand>;

/** A reversal or clearing (SI3, spec 4.7) with payrail's optional partial amount; a refund takes the same shape. */
export const followUpCommand = z.object({
  transactionId: z.string().min(1),
  amount: positiveAmount.optional(),
});
export type FollowUpCommand = z.output<typeof followUpCommand>;
/** A refund names its amount. */
export const refundCommand = followUpCommand.extend({ amount: positiveAmount });

/**
 * payrail's simulation of a refund nobody asked for (POST /v1/simulation/issuing/unsolicited_refund):
 * `amount` in the card's currency, from the merchant named.
 */
export const simulateUnsolicitedRefundCommand = z.object({
  cardId: z.string().min(1),
  amount: positiveAmount,
  merchantName,
  merchantCategoryCode,
});
export type SimulateUnsolicitedRefundCommand = z.output<typeof simulateUnsolicitedRefundCommand>;

export const REMARK_MAX = 255;

/** The official clients' ClaimUnsolicitedRefundParams: the refund's own transaction id, and a remark. */
export const claimUnsolicitedRefundCommand = z.object({
  relatedTransactionId: z.string().min(1),
  remark: z.string().max(REMARK_MAX, `must be at most ${REMARK_MAX} characters`).optional(),
});
export type ClaimUnsolicitedRefundCommand = z.output<typeof claimUnsolicitedRefundCommand>;

/** The card transactions list's filter (CI22). */
export const cardTransactionFilter = z.object({
  cardId: z.string().optional(),
  startTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
});
