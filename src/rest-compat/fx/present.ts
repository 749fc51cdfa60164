import type Decimal from 'decimal.js';
import type { Conversion } from '../../domain/fx/conversions';
import type { ConversionDate, ExchangeRates } from '../../domain/fx/queries';
import type { Quote } from '../../domain/fx/quotes';
import { amountAsNumber } from '../../domain/money/amount';

/** Ref types rates as JSON numbers; they carry the 10 significant digits payrail applies. */
const rateNumber = (rate: Decimal): number => Number(rate.toFixed());

/** PO11 Quote; `validity` (format open in the catalogue) is the RFC 3339 instant the quote expires. */
export const toRestQuote = (q: Quote) => ({
  quote_id: q.id,
  sell_currency: q.sellCurrency,
  sell_amount: amountAsNumber(q.sellAmount, q.sellCurrency),
  buy_currency: q.buyCurrency,
  buy_amount: amountAsNumber(q.buyAmount, q.buyCurrency),
  quote_price: rateNumber(q.quotePrice),
  currency_pair: q.currencyPair,
  direct_rate: rateNumber(q.directRate),
  inverse_rate: rateNumber(q.inverseRate),
  validity: q.validUntil.toISOString(),
  conversion_date: q.conversionDate,
  transaction_type: q.transactionType,
});

/** BT9/BT11 Conversion, plus quote_id, conversion_date and client_rate (extra keys are allowed). */
export const toRestConversion = (c: Conversion) => ({
  conversion_id: c.id,
  short_reference_id: c.shortReferenceId,
  buy_amount: amountAsNumber(c.buyAmount, c.buyCurrency),
  buy_currency: c.buyCurrency,
  sell_amount: amountAsNumber(c.sellAmount, c.sellCurrency),
  sell_currency: c.sellCurrency,
  created_date: c.createdAt.toISOString(),
  currency_pair: c.currencyPair,
  reference: c.reference,
  status: c.status,
  quote_id: c.quoteId,
  conversion_date: c.conversionDate,
  client_rate: rateNumber(c.rate),
});

/** BT13: prices are strings; last_updated RFC 3339 (null when no pair could be answered). */
export const toRestExchangeRates = (r: ExchangeRates) => ({
  data: {
    rates: r.rates.map((p) => ({ currency_pair: p.currencyPair, buy_price: p.buyPrice.toFixed(), sell_price: p.sellPrice.toFixed() })),
    unavailable_currency_pairs: r.unavailableCurrencyPairs,
    last_updated: r.lastUpdated?.toISOString() ?? null,
  },
});

export const toRestConversionDate = (d: ConversionDate) => ({ date: d.date, day_of_week: d.dayOfWeek });
