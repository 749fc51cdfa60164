import { z } from 'zod';
import { MODE_TYPES, NO_PIN_PAYMENT_AMOUNT } from '../products/catalogue';
import { DomainError } from '../../../platform/errors/domain-error';
import { money } from '../../../platform/money/amount';
import { sensitiveInput } from '../../../platform/validation/sensitive';
import { parseInput } from '../../../platform/validation/validate';
import { cardErrors } from './errors';
import { METADATA_MAX_BYTES, nameOnCard, riskControls, spendingControls, type RiskControlsCommand, type SpendingControl } from './rules';

/**
 * The bodies and body rules of the card operations: CI4 update, CI10 activate, CI11 assign, CI13
 * reset PIN. CI4's fields are taken loosely by the schema and checked here, because each failure has
 * its own spec 7.2 envelope B message rather than the generic invalid_request_error.
 */

const twoDp = (v: number) => Number.isFinite(v) && money(v).decimalPlaces() <= 2;

/** Spec 2.7 does not fix the PIN's length; payrail takes 6 digits (docs/decisions/issuing/cards.md, Card operations). */
export const PIN = /^\d{6}$/;
/**
 * The official clients' managePin: their own tests set `1234`, so a managed PIN is 4 to 6 digits,
 * the lengths cards commonly take (CI10 and CI13 keep their 6).
 */
export const MANAGED_PIN = /^\d{4,6}$/;
const pin = sensitiveInput(z.string().regex(PIN, 'must be 6 digits'));

/** Changes to a card (CI4); cardArtId and nameOnCard as the Python client 2.0 sends them. */
export const updateCardCommand = z.object({
  cardArtId: z.string().min(1).optional(),
  nameOnCard: nameOnCard.optional(),
  cardLimit: z.number().optional(),
  noPinPaymentAmount: z.number().optional(),
  spendingControls: z.unknown().optional(),
  riskControls: z.unknown().optional(),
  metadata: z.unknown().optional(),
});
export type UpdateCardCommand = z.output<typeof updateCardCommand>;

export interface CheckedUpdate {
  cardLimit?: string;
  noPinPaymentAmount?: string;
  spendingControls?: SpendingControl[];
  riskControls?: RiskControlsCommand;
  metadata?: Record<string, string>;
}

/** CI4: metadata is a flat string-to-string map of at most METADATA_MAX_BYTES of JSON. */
const flatMetadata = z
  .record(z.string(), z.string())
  .refine((m) => Buffer.byteLength(JSON.stringify(m), 'utf8') <= METADATA_MAX_BYTES);

/** The one parser, with CI4's own message in place of the generic validation error. */
function parseOr<S extends z.ZodType>(schema: S, raw: unknown, refuse: () => DomainError): z.output<S> {
  try {
    return parseInput(schema, raw);
  } catch (e) {
    if (e instanceof DomainError && e.kind === 'validation') throw refuse();
    throw e;
  }
}

/** The CI4 rules that need neither the card nor the product, in the order the body lists them. */
export function checkUpdateFields(input: UpdateCardCommand): Omit<CheckedUpdate, 'noPinPaymentAmount'> {
  const out: Omit<CheckedUpdate, 'noPinPaymentAmount'> = {};
  if (input.cardLimit !== undefined) {
    if (input.cardLimit <= 0) throw cardErrors.updateLimitNotPositive();
    if (!twoDp(input.cardLimit)) throw cardErrors.cardLimitIllegal();
    out.cardLimit = money(input.cardLimit).toFixed(2);
  }
  if (input.spendingControls !== undefined) {
    const amounts = Array.isArray(input.spendingControls) ? input.spendingControls.map((c: unknown) => (c as { amount?: unknown } | null)?.amount) : [];
    if (amounts.some((a) => typeof a === 'number' && a <= 0)) throw cardErrors.transactionLimitNotPositive();
    out.spendingControls = parseOr(spendingControls, input.spendingControls, cardErrors.spendingControlsError);
  }
  if (input.riskControls !== undefined) {
    out.riskControls = parseOr(riskControls.strict(), input.riskControls, cardErrors.restrictConfigError);
  }
  if (input.metadata !== undefined) {
    out.metadata = parseOr(flatMetadata, input.metadata, cardErrors.metadataInvalid);
  }
  return out;
}

/**
 * no_pin_payment_amount: at most the product's amount for the card's currency (spec 2.9). CI10 names
 * each failure (negative, precision); CI4 has one message for a malformed amount.
 */
export function checkNoPinAmount(amount: number, currency: string, operation: 'update' | 'activate'): string {
  if (amount < 0) throw operation === 'activate' ? cardErrors.noPinAmountNegative() : cardErrors.noPinAmountFailed();
  if (!twoDp(amount)) throw operation === 'activate' ? cardErrors.noPinAmountPrecision() : cardErrors.noPinAmountFailed();
  const max = NO_PIN_PAYMENT_AMOUNT.find((n) => n.currency === currency);
  if (!max || money(amount).gt(money(max.amount))) throw cardErrors.noPinAmountForCurrency();
  return money(amount).toFixed(2);
}

/** A physical card's activation (CI10, ref): all required but noPinPaymentAmount. */
export const activateCardCommand = z.object({
  cardId: z.string(),
  activationCode: sensitiveInput(z.string()),
  pin,
  noPinPaymentAmount: z.number().optional(),
});
export type ActivateCardCommand = z.output<typeof activateCardCommand>;

/** An unassigned physical card given to a holder (CI11, ref), all required. */
export const assignCardCommand = z.object({
  cardholderId: z.string(),
  cardNumber: sensitiveInput(z.string()),
  cardCurrency: z.string(),
  cardMode: z.enum(MODE_TYPES),
});
export type AssignCardCommand = z.output<typeof assignCardCommand>;

/** A new PIN (CI13), as the official client's `resetPin` sends it (the path is open, docs/decisions/issuing/cards.md). */
export const resetCardPinCommand = z.object({ cardId: z.string(), pin });

/** A PER_TRANSACTION control above a capping card_limit can never be reached (CI4). */
export function checkLimitAgainstControls(cardLimit: string, controls: SpendingControl[]): void {
  const perTx = controls.find((c) => c.interval === 'PER_TRANSACTION');
  if (perTx && money(cardLimit).gt(0) && money(perTx.amount).gt(money(cardLimit))) throw cardErrors.limitBelowPerTransaction();
}

/** A physical card waits for CI10 before it can become ACTIVE; a virtual card never does. */
export const awaitsActivation = (c: { formFactor: string; activatedAt: Date | null }): boolean => c.formFactor === 'PHY' && c.activatedAt === null;
