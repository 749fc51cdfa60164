import { z } from 'zod';
import { CARD_CURRENCIES, type CardCurrency } from '../products/catalogue';
import type { CardProductView } from '../products/view';
import { money } from '../../../platform/money/amount';
import { cardErrors } from './errors';

/** Spec 3.1 value sets. */
export const CARD_STATUSES = ['PENDING', 'ACTIVE', 'FROZEN', 'BLOCKED', 'CANCELLED', 'LOST', 'STOLEN', 'FAILED'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];
export const ORDER_STATUSES = ['PENDING', 'PROCESSING', 'SUCCESS', 'FAILED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const USAGE_TYPES = ['NORMAL', 'ONE_TIME'] as const;
export const AUTO_CANCEL_TRIGGERS = ['ON_AUTH', 'ON_CAPTURE'] as const;
/** PER_TRANSACTION is the spec's; the others are the provider's intervals (docs/decisions/issuing/cards.md, Cards). */
export const SPENDING_INTERVALS = ['PER_TRANSACTION', 'DAILY', 'WEEKLY', 'MONTHLY', 'ALL_TIME'] as const;
/** CI5: the statuses a caller may set. */
export const SETTABLE_STATUSES = ['ACTIVE', 'FROZEN', 'CANCELLED'] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

export const NAME_ON_CARD_MAX = 26;
export const METADATA_MAX_BYTES = 3200;
export const UPDATE_REASON_MAX = 255;

/** name_on_card (CI1, CI4): at most NAME_ON_CARD_MAX characters, not empty. */
export const nameOnCard = z.string().trim().min(1, 'must not be empty').max(NAME_ON_CARD_MAX, `must be at most ${NAME_ON_CARD_MAX} characters`);

/** An issuing amount as a JSON number: finite, with at most two decimals. */
export const twoDp = (v: number) => Number.isFinite(v) && money(v).decimalPlaces() <= 2;
/** The issuing API's flags are Y or N. */
export const YES_NO = ['Y', 'N'] as const;
export type YesNo = (typeof YES_NO)[number];
const yn = z.enum(YES_NO);
const mcc = z.string().regex(/^\d{4}$/, 'must be a 4-digit MCC');

export const spendingControls = z
  .array(z.object({ amount: z.number().positive('must be greater than 0').refine(twoDp, 'must have at most 2 decimals'), interval: z.enum(SPENDING_INTERVALS) }))
  .max(SPENDING_INTERVALS.length)
  .refine((a) => new Set(a.map((c) => c.interval)).size === a.length, 'must name each interval at most once');
export type SpendingControl = z.output<typeof spendingControls>[number];

export const riskControls = z.object({
  enable_3ds: yn.optional(),
  allow_3ds_transactions: yn.optional(),
  allowed_mcc: z.array(mcc).nullable().optional(),
  blocked_mcc: z.array(mcc).optional(),
});
export type RiskControls = z.output<typeof riskControls>;

const metadata = z
  .record(z.string(), z.unknown())
  .refine((m) => Buffer.byteLength(JSON.stringify(m), 'utf8') <= METADATA_MAX_BYTES, `must be at most ${METADATA_MAX_BYTES} bytes of JSON`);

/**
 * CI1 body (traditional mode). card_currency, card_limit, auto_cancel_trigger and expiry_at are taken
 * loosely here and checked by checkCreateCard, because each failure has its own spec 7.2 error rather
 * than the generic invalid_request_error.
 */
export const createCardInput = z.object({
  card_currency: z.string(),
  card_product_id: z.string().min(1),
  /** Absent: one-step mode, the holder comes from cardholder_required_fields (cardholders/contract.ts). */
  cardholder_id: z.string().optional(),
  card_limit: z.number().optional(),
  name_on_card: nameOnCard.optional(),
  spending_controls: spendingControls.optional(),
  risk_controls: riskControls.optional(),
  metadata: metadata.optional(),
  usage_type: z.enum(USAGE_TYPES).optional(),
  auto_cancel_trigger: z.string().nullable().optional(),
  expiry_at: z.string().nullable().optional(),
  cardholder_required_fields: z.record(z.string(), z.unknown()).optional(),
});
export type CreateCardInput = z.output<typeof createCardInput>;

export interface CheckedCard {
  currency: CardCurrency;
  cardLimit: string;
  usageType: (typeof USAGE_TYPES)[number];
  autoCancelTrigger: (typeof AUTO_CANCEL_TRIGGERS)[number] | null;
  expiryAt: Date | null;
  riskControls: RiskControls;
}

/**
 * The risk controls a BIN supports: MCC lists on every product; 3DS settings only on the VISA BINs
 * (docs/decisions/issuing/cards.md, Cards). The default is what the response echoes when none are sent.
 */
export function defaultRiskControls(p: CardProductView): RiskControls {
  return p.cardScheme === 'VISA'
    ? { enable_3ds: 'Y', allow_3ds_transactions: 'Y', allowed_mcc: null, blocked_mcc: [] }
    : { allowed_mcc: null, blocked_mcc: [] };
}

/** CI4 answers the same rule in envelope B (spec 7.2 lists the message for Update Card), hence `refuse`. */
export function checkRiskControls(p: CardProductView, rc: RiskControls | undefined, refuse = cardErrors.riskControlNotAllowed): RiskControls {
  if (!rc) return defaultRiskControls(p);
  if (p.cardScheme !== 'VISA' && (rc.enable_3ds !== undefined || rc.allow_3ds_transactions !== undefined)) throw refuse();
  const allowed = rc.allowed_mcc ?? null;
  if (allowed && (rc.blocked_mcc ?? []).some((m) => allowed.includes(m))) throw refuse();
  return { ...defaultRiskControls(p), ...rc };
}

/** The cross-field rules of spec 4.4 against the product, in the order the body lists them. */
export function checkCreateCard(input: CreateCardInput, product: CardProductView, now: Date): CheckedCard {
  if (!(CARD_CURRENCIES as readonly string[]).includes(input.card_currency) || !product.cardCurrency.includes(input.card_currency)) {
    throw cardErrors.currencyNotAllowed();
  }
  const limit = input.card_limit ?? 0;
  if (limit < 0 || !twoDp(limit)) throw cardErrors.cardLimitIllegal();
  if (money(limit).lt(money(product.minCardLimit))) throw cardErrors.limitOutOfRange();
  const usageType = input.usage_type ?? 'NORMAL';
  let trigger: CheckedCard['autoCancelTrigger'] = null;
  if (usageType === 'ONE_TIME') {
    if (input.auto_cancel_trigger == null || input.auto_cancel_trigger === '') throw cardErrors.autoCancelTriggerEmpty();
    if (!(AUTO_CANCEL_TRIGGERS as readonly string[]).includes(input.auto_cancel_trigger)) throw cardErrors.autoCancelTriggerInvalid();
    trigger = input.auto_cancel_trigger as CheckedCard['autoCancelTrigger'];
  } else if (input.auto_cancel_trigger != null && !(AUTO_CANCEL_TRIGGERS as readonly string[]).includes(input.auto_cancel_trigger)) {
    throw cardErrors.autoCancelTriggerInvalid();
  }
  return {
    currency: input.card_currency as CardCurrency,
    cardLimit: money(limit).toFixed(2),
    usageType,
    autoCancelTrigger: trigger,
    expiryAt: checkExpiryAt(input.expiry_at, now),
    riskControls: checkRiskControls(product, input.risk_controls),
  };
}

/** RFC 3339 date-time with an offset, in the future. Sent but empty: `expiry_at cannot be empty`. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
function checkExpiryAt(v: string | null | undefined, now: Date): Date | null {
  if (v === undefined) return null;
  if (v === null || v.trim() === '') throw cardErrors.expiryAtEmpty();
  const at = new Date(v);
  if (!DATE_TIME.test(v) || Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) throw cardErrors.expiryAtInvalid();
  return at;
}

/** CI5 body. */
export const updateCardStatusInput = z.object({
  card_status: z.enum(SETTABLE_STATUSES),
  update_reason: z.string().optional(),
});
export type UpdateCardStatusInput = z.output<typeof updateCardStatusInput>;

/** CI2 filters. */
export const cardFilter = z.object({
  card_status: z.enum(CARD_STATUSES).optional(),
  cardholder_id: z.string().optional(),
});
