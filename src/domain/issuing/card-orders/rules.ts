import { z } from 'zod';
import type Decimal from 'decimal.js';
import { money } from '../../../platform/money/amount';
import type { DomainError } from '../../../platform/errors/domain-error';
import { MANAGED_PIN } from '../cards/operations-rules';
import { twoDp } from '../cards/rules';
import { sensitiveInput } from '../../../platform/validation/sensitive';

/**
 * CardOrder.order_type: CREATE is a card's creation order (cards.card_order_id), RECHARGE and
 * WITHDRAW CI8 and CI9, ELEVATE_LIMIT and MANAGE_PIN the official clients' elevateLimit and managePin.
 */
export const CARD_ORDER_TYPES = ['CREATE', 'RECHARGE', 'WITHDRAW', 'ELEVATE_LIMIT', 'MANAGE_PIN'] as const;
export type CardOrderType = (typeof CARD_ORDER_TYPES)[number];

/** A recharge or withdraw (CI8 / CI9) as the route documents it; the amount's rules answer the endpoint's own message (amountOf). */
export const cardOrderCommand = z.object({ amount: z.unknown().meta({ type: 'number', description: 'Greater than 0, at most 2 decimals; a decimal string is read too' }) });

/** A decimal written as a string ("100.00"), bounded before it is read. */
const DECIMAL_TEXT = /^\d{1,15}(\.\d{1,15})?$/;

/**
 * The amount of a recharge or withdraw: above 0 with at most two decimals, else `invalid`. A JSON
 * number, as the specification and the clients' types say, or the same decimal as a string, as the
 * Python client's README sends it (`{"amount": "100.00"}`).
 */
export function amountOf(raw: unknown, invalid: () => DomainError): Decimal {
  const v = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>).amount : undefined;
  if (typeof v === 'string' && v.length <= 31 && DECIMAL_TEXT.test(v)) return positive(money(v), invalid);
  if (typeof v !== 'number' || !Number.isFinite(v)) throw invalid();
  return positive(money(v), invalid);
}

function positive(amount: Decimal, invalid: () => DomainError): Decimal {
  if (amount.lte(0) || amount.decimalPlaces() > 2) throw invalid();
  return amount;
}

/**
 * The official clients' `managePin`: SET replaces the PIN as the issuer (no old PIN, like CI13);
 * RESET is the cardholder's change and needs the current PIN in `oldPin`.
 */
export const PIN_ACTIONS = ['SET', 'RESET'] as const;
export const manageCardPinCommand = z.object({
  cardId: z.string(),
  type: z.enum(PIN_ACTIONS),
  pin: sensitiveInput(z.string().regex(MANAGED_PIN, 'must be 4 to 6 digits')),
  oldPin: sensitiveInput(z.string()).optional(),
});
export type ManageCardPinCommand = z.output<typeof manageCardPinCommand>;

/** How long an elevated limit stays in force when the caller does not say, and the longest it may. */
export const ELEVATION_DEFAULT_DAYS = 7;
export const ELEVATION_MAX_DAYS = 90;

/** The official clients' `elevateLimit`. */
export const elevateLimitCommand = z.object({
  limitAmount: z.number().positive('must be greater than 0').refine(twoDp, 'must have at most 2 decimals'),
  durationInDays: z
    .number()
    .refine((d) => Number.isInteger(d) && d >= 1 && d <= ELEVATION_MAX_DAYS, `must be an integer from 1 to ${ELEVATION_MAX_DAYS}`)
    .meta({ type: 'integer', minimum: 1, maximum: ELEVATION_MAX_DAYS })
    .optional()
    .describe(`days the elevated limit stays in force once applied; default ${ELEVATION_DEFAULT_DAYS}`),
});
export type ElevateLimitCommand = z.output<typeof elevateLimitCommand>;
