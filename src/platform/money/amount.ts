import Decimal from 'decimal.js';
import { z } from 'zod';
import { exactMessage } from '../validation/validate';
import { isSupportedCurrency, minorUnits } from './currencies';
import { carriesExactly, JsonNumeral, jsonNumberOf, MAX_EXACT_JSON_DIGITS } from './json-numeral';
import { quotedField } from '../errors/field-names';

/** Money never travels as a JS number inside the domain: decimal.js, 40 significant digits. */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });
export type Money = Decimal;

export const money = (v: Decimal.Value | { toString(): string }): Decimal => new Money(typeof v === 'object' ? v.toString() : v);
export const ZERO = new Money(0);

/** The fixed-point string of an amount in its currency's precision ("10.50", "1000"). */
export const formatAmount = (amount: Decimal, currency: string): string =>
  amount.toFixed(minorUnits(currency), Decimal.ROUND_HALF_EVEN);

const PLAIN_DECIMAL = /^(-?\d+)(?:\.(\d+))?$/;

/**
 * A stored amount (a numeric column's text, or a Decimal) written as `formatAmount` writes it.
 * Stored amounts carry no digits beyond their currency's minor units (the rules refuse them), so
 * the text is cut and padded without decimal arithmetic — a list of 50 payouts spent 6% of its CPU
 * in decimal.js (docs/performance.md); anything else rounds through `formatAmount`.
 */
export function formatStoredAmount(value: string | { toString(): string }, currency: string): string {
  const text = typeof value === 'string' ? value : value.toString();
  const m = PLAIN_DECIMAL.exec(text);
  const units = minorUnits(currency);
  const frac = m?.[2] ?? '';
  if (!m || !/^0*$/.test(frac.slice(units)) || (m[1]!.startsWith('-') && /^-0+$/.test(m[1]!) && /^0*$/.test(frac))) {
    return formatAmount(money(text), currency);
  }
  return units === 0 ? m[1]! : `${m[1]}.${frac.slice(0, units).padEnd(units, '0')}`;
}

/**
 * Issuing and some ref fields are JSON numbers: rounded to the currency's precision first, and
 * written with every digit (a raw numeral) when a double would not carry them all.
 */
export const amountAsNumber = (amount: Decimal, currency: string): number | JsonNumeral =>
  jsonNumberOf(formatAmount(amount, currency));

export const decimalPlaces = (text: string): number => {
  const m = /\.(\d+)$/.exec(text);
  return m ? m[1]!.length : 0;
};

const DECIMAL_TEXT = /^(0|[1-9]\d{0,17})(\.\d{1,18})?$/;

/**
 * A currency code field: three letters, one payrail supports. Unsupported codes get the exact
 * message given here (schemas may override it).
 */
export const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code')
  .refine(isSupportedCurrency, { message: 'currency is not supported' });

const TOO_MANY_DIGITS = `must have at most ${MAX_EXACT_JSON_DIGITS} significant digits`;

/** A JSON number the parser kept as text because a double would round it is refused, not rounded. */
function refuseInexactNumeral(v: unknown, ctx: z.RefinementCtx): unknown {
  if (v instanceof JsonNumeral) ctx.addIssue({ code: 'custom', message: TOO_MANY_DIGITS, input: v });
  return v;
}

/**
 * A positive amount, sent as a JSON number (`as: 'number'`) or as a decimal string (`as: 'string'`),
 * at most as precise as `currencyOf(input)` allows. Checked where both are known (superRefine).
 */
export function amountField(as: 'number' | 'string' | 'either') {
  const base =
    as === 'number' ? z.number() : as === 'string' ? z.string() : z.union([z.number(), z.string()]);
  const field = as === 'string' ? base : z.preprocess(refuseInexactNumeral, base);
  return field.transform((v, ctx) => {
    const text = typeof v === 'number' ? (Number.isFinite(v) ? new Money(v).toFixed() : 'NaN') : v.trim();
    if (typeof v === 'number' && !carriesExactly(text)) {
      ctx.addIssue({ code: 'custom', message: TOO_MANY_DIGITS });
      return z.NEVER;
    }
    if (!DECIMAL_TEXT.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'must be a positive decimal amount' });
      return z.NEVER;
    }
    const amount = new Money(text);
    if (amount.lte(0)) {
      ctx.addIssue({ code: 'custom', message: 'must be greater than 0' });
      return z.NEVER;
    }
    return amount;
  }).meta({ type: as === 'number' ? 'number' : as === 'string' ? 'string' : ['number', 'string'] });
}

/** Adds the precision rule: an amount may carry at most its currency's minor units. */
export function checkPrecision(
  ctx: z.RefinementCtx,
  amount: Decimal | undefined,
  currency: string | undefined,
  path: string,
): void {
  if (!amount || !currency || !isSupportedCurrency(currency)) return;
  const units = minorUnits(currency);
  if (amount.decimalPlaces() > units) {
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message: exactMessage(
        units === 0
          ? `Invalid value for field ${quotedField(path)}: ${currency} amounts have no decimals`
          : `Invalid value for field ${quotedField(path)}: ${currency} amounts have at most ${units} decimals`,
      ),
    });
  }
}
