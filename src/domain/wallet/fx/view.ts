import type { Conversion, FxQuote } from '../../../generated/prisma/client';
import { money, Money, formatStoredAmount } from '../../../platform/money/amount';
import { marketPair, RATE_DIGITS } from './rates';
import { dateText, type ConversionStatus, type DayOfWeek, type FixedSide } from './rules';

/**
 * What both doors present of the FX area (PO11, BT9-BT13). Amounts are decimal strings in their
 * currency's precision, rates decimal strings with the 10 significant digits payrail applies; the
 * REST presenter alone turns the ones ref types as numbers into JSON numbers.
 */

/** A quote (PO11): the stored price and the figures derived from it, computed here once. */
export interface QuoteView {
  id: string;
  sellCurrency: string;
  sellAmount: string;
  buyCurrency: string;
  buyAmount: string;
  /** Units of buy per unit of sell, spread applied: buy_amount ≈ sell_amount × directRate. */
  directRate: string;
  /** Units of sell per unit of buy. */
  inverseRate: string;
  /** The pair in market convention (EUR/USD, USD/JPY) and its price, QUOTE per BASE. */
  currencyPair: string;
  quotePrice: string;
  fixedSide: FixedSide;
  /** YYYY-MM-DD */
  conversionDate: string;
  transactionType: string | null;
  validUntil: Date;
  createdAt: Date;
}

const pairOf = (sell: string, buy: string): { base: string; quote: string; text: string } => {
  const { base, quote } = marketPair(sell, buy);
  return { base, quote, text: `${base}/${quote}` };
};

export function toQuoteView(row: FxQuote): QuoteView {
  const directRate = money(row.rate);
  const inverseRate = new Money(1).div(directRate).toSignificantDigits(RATE_DIGITS);
  const pair = pairOf(row.sellCurrency, row.buyCurrency);
  return {
    id: row.id,
    sellCurrency: row.sellCurrency,
    sellAmount: formatStoredAmount(row.sellAmount, row.sellCurrency),
    buyCurrency: row.buyCurrency,
    buyAmount: formatStoredAmount(row.buyAmount, row.buyCurrency),
    directRate: directRate.toFixed(),
    inverseRate: inverseRate.toFixed(),
    currencyPair: pair.text,
    quotePrice: (pair.base === row.sellCurrency ? directRate : inverseRate).toFixed(),
    fixedSide: row.fixedSide === 'BUY' ? 'BUY' : 'SELL',
    conversionDate: dateText(row.conversionDate),
    transactionType: row.transactionType,
    validUntil: row.validUntil,
    createdAt: row.createdAt,
  };
}

/** An executed quote (BT9, BT11). */
export interface ConversionView {
  id: string;
  shortReferenceId: string;
  quoteId: string;
  sellCurrency: string;
  sellAmount: string;
  buyCurrency: string;
  buyAmount: string;
  /** Units of buy per unit of sell, as quoted. */
  rate: string;
  currencyPair: string;
  /** YYYY-MM-DD */
  conversionDate: string;
  status: ConversionStatus;
  reference: string | null;
  createdAt: Date;
}

/** The row's status holds only the values rules.ts lets in, so it is typed here once. */
export const toConversionView = (row: Conversion): ConversionView => ({
  id: row.id,
  shortReferenceId: row.shortReferenceId,
  quoteId: row.quoteId,
  sellCurrency: row.sellCurrency,
  sellAmount: formatStoredAmount(row.sellAmount, row.sellCurrency),
  buyCurrency: row.buyCurrency,
  buyAmount: formatStoredAmount(row.buyAmount, row.buyCurrency),
  rate: money(row.rate).toFixed(),
  currencyPair: pairOf(row.sellCurrency, row.buyCurrency).text,
  conversionDate: dateText(row.conversionDate),
  status: row.status as ConversionStatus,
  reference: row.reference,
  createdAt: row.createdAt,
});

/** One pair of BT13, from the client's side, QUOTE per BASE. */
export interface PairRateView {
  currencyPair: string;
  /** What the client pays buying one BASE. */
  buyPrice: string;
  /** What the client gets selling one BASE. */
  sellPrice: string;
}

/** BT13. */
export interface ExchangeRatesView {
  rates: PairRateView[];
  unavailableCurrencyPairs: string[];
  /** When the newest rate among those answered was set (null when none is answered). */
  lastUpdated: Date | null;
}

/** BT12: one date a conversion may take place. */
export interface ConversionDateView {
  /** YYYY-MM-DD */
  date: string;
  dayOfWeek: DayOfWeek;
}

/** A mid rate of the table, as the operator command (admin set-fx-rate) reports it. */
export interface FxRateView {
  currency: string;
  /** Units of the currency per 1 USD. */
  perUsd: string;
  updatedAt: Date;
}
