import type { z } from 'zod';
import type { ConversionDateView, ConversionView, ExchangeRatesView, QuoteView } from '../../../domain/wallet/fx/view';
import { amountAsNumber, money } from '../../../platform/money/amount';
import { iso, isoOrNull } from '../../shared/wire';
import type { restConversion, restConversionDate, restExchangeRates, restQuote } from './schemas';

// Ref types these amounts and rates as JSON numbers: the view's decimal strings become wire numbers
// here, and nowhere else. Rates carry the 10 significant digits payrail applies.
const amountNumber = (amount: string, currency: string) => amountAsNumber(money(amount), currency);
const rateNumber = (rate: string): number => Number(rate);

export const toRestQuote = (q: QuoteView): z.input<typeof restQuote> => ({
  quote_id: q.id,
  sell_currency: q.sellCurrency,
  sell_amount: amountNumber(q.sellAmount, q.sellCurrency),
  buy_currency: q.buyCurrency,
  buy_amount: amountNumber(q.buyAmount, q.buyCurrency),
  quote_price: rateNumber(q.quotePrice),
  currency_pair: q.currencyPair,
  direct_rate: rateNumber(q.directRate),
  inverse_rate: rateNumber(q.inverseRate),
  validity: iso(q.validUntil),
  conversion_date: q.conversionDate,
  transaction_type: q.transactionType,
});

export const toRestConversion = (c: ConversionView): z.input<typeof restConversion> => ({
  conversion_id: c.id,
  short_reference_id: c.shortReferenceId,
  buy_amount: amountNumber(c.buyAmount, c.buyCurrency),
  buy_currency: c.buyCurrency,
  sell_amount: amountNumber(c.sellAmount, c.sellCurrency),
  sell_currency: c.sellCurrency,
  created_date: iso(c.createdAt),
  currency_pair: c.currencyPair,
  // The clients type Conversion.reference as a required string: a conversion made without one has "".
  reference: c.reference ?? '',
  status: c.status,
  quote_id: c.quoteId,
  conversion_date: c.conversionDate,
  client_rate: rateNumber(c.rate),
});

export const toRestExchangeRates = (r: ExchangeRatesView): z.input<typeof restExchangeRates> => ({
  data: {
    rates: r.rates.map((p) => ({ currency_pair: p.currencyPair, buy_price: p.buyPrice, sell_price: p.sellPrice })),
    unavailable_currency_pairs: r.unavailableCurrencyPairs,
    last_updated: isoOrNull(r.lastUpdated),
  },
});

export const toRestConversionDate = (d: ConversionDateView): z.input<typeof restConversionDate> => ({
  date: d.date,
  day_of_week: d.dayOfWeek,
});
