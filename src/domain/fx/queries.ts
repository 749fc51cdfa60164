import type Decimal from 'decimal.js';
import type { RequestContext } from '../context';
import { SUPPORTED_CURRENCIES } from '../money/currencies';
import { parseInput } from '../validation/validate';
import { loadRates, pairPrices } from './rates';
import { conversionDatesQuery, conversionDateWindow, CURRENCY_PAIR, dateText, exchangeRatesQuery, type FxSettings } from './rules';

export interface PairRate {
  currencyPair: string;
  /** QUOTE per BASE the client pays buying one BASE. */
  buyPrice: Decimal;
  /** QUOTE per BASE the client gets selling one BASE. */
  sellPrice: Decimal;
}

export interface ExchangeRates {
  rates: PairRate[];
  unavailableCurrencyPairs: string[];
  /** When the newest rate among those answered was set (null when none is answered). */
  lastUpdated: Date | null;
}

/**
 * BT13. Pairs are answered in the order asked; a pair that is malformed, names the same currency
 * twice, or names a currency without a rate is listed in unavailable_currency_pairs as given.
 */
export async function getExchangeRates(ctx: RequestContext, settings: FxSettings, rawQuery: unknown): Promise<ExchangeRates> {
  const query = parseInput(exchangeRatesQuery, rawQuery);
  const table = await loadRates(ctx.db.prisma, ctx.processClock.now());
  const pairs = query.currency_pairs ?? SUPPORTED_CURRENCIES.filter((c) => c !== 'USD').map((c) => `${c}/USD`);
  const rates: PairRate[] = [];
  const unavailable: string[] = [];
  let lastUpdated: Date | null = null;
  for (const pair of pairs) {
    const m = CURRENCY_PAIR.exec(pair);
    const [base, quote] = m ? [m[1]!, m[2]!] : ['', ''];
    if (!m || base === quote || !table.perUsd.has(base) || !table.perUsd.has(quote)) {
      unavailable.push(pair);
      continue;
    }
    const { buyPrice, sellPrice } = pairPrices(table, base, quote, settings.spreadBps);
    rates.push({ currencyPair: pair, buyPrice, sellPrice });
    for (const c of [base, quote]) {
      const at = table.updatedAt.get(c)!;
      if (!lastUpdated || at > lastUpdated) lastUpdated = at;
    }
  }
  return { rates, unavailableCurrencyPairs: unavailable, lastUpdated };
}

export interface ConversionDate {
  date: string;
  dayOfWeek: string;
}

const DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

/** BT12: the dates a quote for this pair may name as conversion_date, today first. */
export function conversionDates(ctx: RequestContext, rawQuery: unknown): ConversionDate[] {
  parseInput(conversionDatesQuery, rawQuery);
  const { first, last } = conversionDateWindow(ctx.clock.now());
  const out: ConversionDate[] = [];
  for (let t = first.getTime(); t <= last.getTime(); t += 86_400_000) {
    const d = new Date(t);
    out.push({ date: dateText(d), dayOfWeek: DAYS[d.getUTCDay()]! });
  }
  return out;
}
