import { z } from 'zod';
import type { Config } from '../../../config';
import { amountField, checkPrecision, currencyCode, Money } from '../../../platform/money/amount';
import { isSupportedCurrency } from '../../../platform/money/currencies';
import { exactMessage } from '../../../platform/validation/validate';
import { quotedField } from '../../../platform/errors/field-names';

/** What the FX services read from configuration (doors pass it from AppServices.config). */
export interface FxSettings {
  spreadBps: number;
  quoteTtlSeconds: number;
}
export const fxSettingsOf = (config: Pick<Config, 'fxSpreadBps' | 'fxQuoteTtlSeconds'>): FxSettings => ({
  spreadBps: config.fxSpreadBps,
  quoteTtlSeconds: config.fxQuoteTtlSeconds,
});

/**
 * Conversions execute at once (payrail's desk settles both legs in one transaction), so every
 * calendar day is a conversion date: today (UTC, on the acting account's clock) and the following
 * CONVERSION_DATE_WINDOW_DAYS days.
 */
export const CONVERSION_DATE_WINDOW_DAYS = 30;

/** The side of a quote whose amount the client fixed; the other is computed from the rate. */
export const FIXED_SIDES = ['SELL', 'BUY'] as const;
export type FixedSide = (typeof FIXED_SIDES)[number];

/** Conversions execute at once: both legs post in the transaction that creates them. */
export const CONVERSION_STATUSES = ['COMPLETED'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** BT12's day_of_week, indexed by Date#getUTCDay. */
export const DAYS_OF_WEEK = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD, as a Date at UTC midnight. */
export const calendarDate = z.string().transform((v, ctx) => {
  const m = DATE_TEXT.exec(v);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
  if (!d || d.toISOString().slice(0, 10) !== v) {
    ctx.addIssue({ code: 'custom', message: 'must be a date YYYY-MM-DD' });
    return z.NEVER;
  }
  return d;
});

export const utcDay = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
export const dateText = (d: Date): string => d.toISOString().slice(0, 10);

/** The conversion dates open at `now`: today and the next CONVERSION_DATE_WINDOW_DAYS days. */
export function conversionDateWindow(now: Date): { first: Date; last: Date } {
  const first = utcDay(now);
  return { first, last: new Date(first.getTime() + CONVERSION_DATE_WINDOW_DAYS * 86_400_000) };
}

/** The window rule needs the clock, so it is checked by the service, after the schema. */
export function conversionDateIssue(date: Date, now: Date): string | undefined {
  const { first, last } = conversionDateWindow(now);
  if (date < first) return `Invalid value for field ${quotedField('conversionDate')}: must not be in the past`;
  if (date > last) {
    return `Invalid value for field ${quotedField('conversionDate')}: must be at most ${CONVERSION_DATE_WINDOW_DAYS} days ahead`;
  }
  return undefined;
}

const differentCurrencies = (v: { sellCurrency: string; buyCurrency: string }, ctx: z.RefinementCtx) => {
  if (v.sellCurrency === v.buyCurrency) {
    ctx.addIssue({
      code: 'custom',
      path: ['buyCurrency'],
      message: exactMessage(`Invalid value for field ${quotedField('buyCurrency')}: must differ from sell_currency`),
    });
  }
};

/**
 * PO11. Exactly one of sellAmount / buyAmount fixes its side (decimal strings, as ref types
 * them); the other side is computed from the rate.
 */
export const createQuoteCommand = z
  .object({
    sellCurrency: currencyCode,
    buyCurrency: currencyCode,
    conversionDate: calendarDate,
    sellAmount: amountField('string').optional(),
    buyAmount: amountField('string').optional(),
    transactionType: z.string().trim().min(1).max(50).optional(),
  })
  .superRefine((v, ctx) => {
    differentCurrencies(v, ctx);
    if ((v.sellAmount === undefined) === (v.buyAmount === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.sellAmount === undefined ? 'sellAmount' : 'buyAmount'],
        message: exactMessage('Give exactly one of sell_amount or buy_amount'),
      });
    }
    checkPrecision(ctx, v.sellAmount, v.sellCurrency, 'sellAmount');
    checkPrecision(ctx, v.buyAmount, v.buyCurrency, 'buyAmount');
  });
export type CreateQuoteCommand = z.output<typeof createQuoteCommand>;

/**
 * BT9. The body repeats what the quote fixed; every given value must equal the quote's. Amounts are
 * numbers in ref's types; decimal strings are taken too, since they carry money exactly.
 */
export const createConversionCommand = z
  .object({
    quoteId: z.string().trim().min(1),
    sellCurrency: currencyCode,
    buyCurrency: currencyCode,
    conversionDate: calendarDate,
    sellAmount: amountField('either').optional(),
    buyAmount: amountField('either').optional(),
    /** payrail keeps a client reference on the conversion when one is given (BT11 `reference`). */
    reference: z.string().trim().min(1).max(100).optional(),
  })
  .superRefine((v, ctx) => {
    differentCurrencies(v, ctx);
    checkPrecision(ctx, v.sellAmount, v.sellCurrency, 'sellAmount');
    checkPrecision(ctx, v.buyAmount, v.buyCurrency, 'buyAmount');
  });
export type CreateConversionCommand = z.output<typeof createConversionCommand>;

/** BT12. */
export const conversionDatesQuery = z
  .object({ currencyFrom: currencyCode, currencyTo: currencyCode })
  .superRefine((v, ctx) => {
    if (v.currencyFrom === v.currencyTo) {
      ctx.addIssue({
        code: 'custom',
        path: ['currencyTo'],
        message: exactMessage(`Invalid value for field ${quotedField('currencyTo')}: must differ from currency_from`),
      });
    }
  });

/** BT13 takes at most this many pairs in one call. */
export const MAX_CURRENCY_PAIRS = 50;

/**
 * BT13: `currency_pairs` is one comma-joined value ("SGD/USD,USD/SGD"); GraphQL sends a list. Pairs
 * that are malformed or name a currency without a rate are answered in unavailable_currency_pairs,
 * not refused; only the count is a validation rule. Absent: every currency against USD.
 */
export const exchangeRatesQuery = z.object({
  currencyPairs: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => {
      if (v === undefined) return undefined;
      const parts = (Array.isArray(v) ? v : v.split(',')).map((p) => p.trim()).filter((p) => p !== '');
      return [...new Set(parts)];
    })
    .refine((v) => v === undefined || v.length <= MAX_CURRENCY_PAIRS, `must name at most ${MAX_CURRENCY_PAIRS} pairs`),
});

export const CURRENCY_PAIR = /^([A-Z]{3})\/([A-Z]{3})$/;

/** The operator command admin set-fx-rate: one currency's mid rate, units per 1 USD. */
export const setFxRateCommand = z.object({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code')
    .refine(isSupportedCurrency, 'currency is not supported')
    .refine((c) => c !== 'USD', { message: exactMessage('USD is the reference currency: its rate is always 1') }),
  perUsd: z.string().transform((v, ctx) => {
    if (!/^\d{1,18}(\.\d{1,18})?$/.test(v)) {
      ctx.addIssue({ code: 'custom', message: 'must be a positive decimal number' });
      return z.NEVER;
    }
    if (new Money(v).lte(0)) {
      ctx.addIssue({ code: 'custom', message: 'must be greater than 0' });
      return z.NEVER;
    }
    return v;
  }),
});
