import { z } from 'zod';
import { CARD_CURRENCIES, type CardCurrency } from '../products/catalogue';
import type { CardProductView } from '../products/view';
import { money } from '../../../platform/money/amount';
import type { DomainError } from '../../../platform/errors/domain-error';
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

/** A card's name (CI1, CI4): at most NAME_ON_CARD_MAX characters, not empty. */
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

/**
 * A card's risk controls as a command gives them. The 3DS flags keep the API's Y/N: both doors
 * speak it (GraphQL's YesNo enum, the REST wire's strings), so it is the domain's value too.
 */
export const riskControls = z.object({
  enable3ds: yn.optional(),
  allow3dsTransactions: yn.optional(),
  allowedMcc: z.array(mcc).nullable().optional(),
  blockedMcc: z.array(mcc).optional(),
});
export type RiskControlsCommand = z.output<typeof riskControls>;

/**
 * The risk controls as the cards table keeps them: a JSON column in the REST wire's names, which
 * the REST answers and the webhook bodies show as stored and card authorization reads as it is.
 */
export type RiskControls = {
  enable_3ds?: YesNo;
  allow_3ds_transactions?: YesNo;
  allowed_mcc?: string[] | null;
  blocked_mcc?: string[];
};

/** The stored form of the controls a command gives (only the members it gives). */
function storedRiskControls(rc: RiskControlsCommand): RiskControls {
  return {
    ...(rc.enable3ds !== undefined ? { enable_3ds: rc.enable3ds } : {}),
    ...(rc.allow3dsTransactions !== undefined ? { allow_3ds_transactions: rc.allow3dsTransactions } : {}),
    ...(rc.allowedMcc !== undefined ? { allowed_mcc: rc.allowedMcc } : {}),
    ...(rc.blockedMcc !== undefined ? { blocked_mcc: rc.blockedMcc } : {}),
  };
}

const metadata = z
  .record(z.string(), z.unknown())
  .refine((m) => Buffer.byteLength(JSON.stringify(m), 'utf8') <= METADATA_MAX_BYTES, `must be at most ${METADATA_MAX_BYTES} bytes of JSON`);

/**
 * A new card (CI1, traditional mode). cardCurrency, cardLimit, autoCancelTrigger and expiryAt are
 * taken loosely here and checked by checkCreateCard, because each failure has its own spec 7.2 error
 * rather than the generic invalid_request_error.
 */
export const createCardCommand = z.object({
  cardCurrency: z.string(),
  cardProductId: z.string().min(1),
  /** Absent: one-step mode, the holder comes from cardholderRequiredFields (cardholders/contract.ts). */
  cardholderId: z.string().optional(),
  cardLimit: z.number().optional(),
  nameOnCard: nameOnCard.optional(),
  spendingControls: spendingControls.optional(),
  riskControls: riskControls.optional(),
  metadata: metadata.optional(),
  usageType: z.enum(USAGE_TYPES).optional(),
  autoCancelTrigger: z.string().nullable().optional(),
  expiryAt: z.string().nullable().optional(),
  cardholderRequiredFields: z.record(z.string(), z.unknown()).optional(),
});
export type CreateCardCommand = z.output<typeof createCardCommand>;

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
export function checkRiskControls(p: CardProductView, rc: RiskControlsCommand | undefined, refuse: () => DomainError = cardErrors.riskControlNotAllowed): RiskControls {
  if (!rc) return defaultRiskControls(p);
  if (p.cardScheme !== 'VISA' && (rc.enable3ds !== undefined || rc.allow3dsTransactions !== undefined)) throw refuse();
  const allowed = rc.allowedMcc ?? null;
  if (allowed && (rc.blockedMcc ?? []).some((m) => allowed.includes(m))) throw refuse();
  return { ...defaultRiskControls(p), ...storedRiskControls(rc) };
}

/** The cross-field rules of spec 4.4 against the product, in the order the body lists them. */
export function checkCreateCard(input: CreateCardCommand, product: CardProductView, now: Date): CheckedCard {
  if (!(CARD_CURRENCIES as readonly string[]).includes(input.cardCurrency) || !product.cardCurrency.includes(input.cardCurrency)) {
    throw cardErrors.currencyNotAllowed();
  }
  const limit = input.cardLimit ?? 0;
  if (limit < 0 || !twoDp(limit)) throw cardErrors.cardLimitIllegal();
  if (money(limit).lt(money(product.minCardLimit))) throw cardErrors.limitOutOfRange();
  const usageType = input.usageType ?? 'NORMAL';
  let trigger: CheckedCard['autoCancelTrigger'] = null;
  if (usageType === 'ONE_TIME') {
    if (input.autoCancelTrigger == null || input.autoCancelTrigger === '') throw cardErrors.autoCancelTriggerEmpty();
    if (!(AUTO_CANCEL_TRIGGERS as readonly string[]).includes(input.autoCancelTrigger)) throw cardErrors.autoCancelTriggerInvalid();
    trigger = input.autoCancelTrigger as CheckedCard['autoCancelTrigger'];
  } else if (input.autoCancelTrigger != null && !(AUTO_CANCEL_TRIGGERS as readonly string[]).includes(input.autoCancelTrigger)) {
    throw cardErrors.autoCancelTriggerInvalid();
  }
  return {
    currency: input.cardCurrency as CardCurrency,
    cardLimit: money(limit).toFixed(2),
    usageType,
    autoCancelTrigger: trigger,
    expiryAt: checkExpiryAt(input.expiryAt, now),
    riskControls: checkRiskControls(product, input.riskControls),
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

/** A card's new status (CI5). */
export const updateCardStatusCommand = z.object({
  status: z.enum(SETTABLE_STATUSES),
  updateReason: z.string().optional(),
});
export type UpdateCardStatusCommand = z.output<typeof updateCardStatusCommand>;

/** The cards list's filter (CI2). */
export const cardFilter = z.object({
  status: z.enum(CARD_STATUSES).optional(),
  cardholderId: z.string().optional(),
});
