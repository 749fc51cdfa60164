import { z } from 'zod';
import { CONVERSION_STATUSES, DAYS_OF_WEEK } from '../../../domain/wallet/fx/rules';
import { calendarDate, currency, dateTime, decimalString, jsonNumber, oneOf, uuid } from '../../shared/wire';

/**
 * Ref types the quote's and the conversion's amounts and rates as JSON numbers (catalogue PO11, BT9);
 * the exchange rates' prices are decimal strings (BT13).
 */
const wireNumber = jsonNumber;
const currencyPair = z.string().describe('BASE/QUOTE, e.g. USD/SGD');

/** Quote (PO11); `validity` (format open in the catalogue) is the RFC 3339 instant the quote expires. */
export const restQuote = z.object({
  quote_id: uuid,
  sell_currency: currency,
  sell_amount: wireNumber,
  buy_currency: currency,
  buy_amount: wireNumber,
  quote_price: wireNumber.describe('price of currency_pair: QUOTE units per BASE'),
  currency_pair: currencyPair.describe('the pair in market convention'),
  direct_rate: wireNumber.describe('buy units per sell unit'),
  inverse_rate: wireNumber.describe('sell units per buy unit'),
  validity: dateTime.describe('when the quote expires'),
  conversion_date: calendarDate,
  transaction_type: z.string().nullable(),
});

/** Conversion (BT9, BT11), plus quote_id, conversion_date and client_rate (extra keys are allowed). */
export const restConversion = z.object({
  conversion_id: uuid,
  short_reference_id: z.string(),
  buy_amount: wireNumber,
  buy_currency: currency,
  sell_amount: wireNumber,
  sell_currency: currency,
  created_date: dateTime,
  currency_pair: currencyPair.describe('the pair in market convention'),
  reference: z.string().describe('the reference sent with the conversion; "" when none was'),
  status: oneOf(CONVERSION_STATUSES),
  quote_id: uuid,
  conversion_date: calendarDate,
  client_rate: wireNumber.describe('buy units per sell unit, as quoted'),
});

/** ConversionDate (BT12). */
export const restConversionDate = z.object({
  date: calendarDate,
  day_of_week: oneOf(DAYS_OF_WEEK),
});

/** RatesResponse (BT13): prices are strings; last_updated is null when no pair could be answered. */
export const restExchangeRates = z.object({
  data: z.object({
    rates: z.array(
      z.object({
        currency_pair: currencyPair.describe('as asked'),
        buy_price: decimalString.describe('QUOTE units the client pays for one BASE'),
        sell_price: decimalString.describe('QUOTE units the client gets for one BASE'),
      }),
    ),
    unavailable_currency_pairs: z.array(z.string()),
    last_updated: dateTime.nullable(),
  }),
});
