import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { SUPPORTED_CURRENCIES } from '../../../platform/money/currencies';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { parseInput } from '../../../platform/validation/validate';
import { fxErrors } from './errors';
import { loadRates, pairPrices } from './rates';
import {
  conversionDatesQuery,
  conversionDateWindow,
  CURRENCY_PAIR,
  dateText,
  DAYS_OF_WEEK,
  exchangeRatesQuery,
  type FxSettings,
} from './rules';
import { toConversionView, type ConversionDateView, type ConversionView, type ExchangeRatesView, type PairRateView } from './view';
import { eachRow, viewsByIds } from '../../../platform/nodes/by-ids';

/** BT11: the acting account's conversion; anything else answers as unknown. */
export async function getConversion(ctx: RequestContext, conversionId: string): Promise<ConversionView> {
  if (!isUuid(conversionId)) throw fxErrors.conversionNotFound();
  const row = await ctx.db.prisma.conversion.findFirst({ where: { id: conversionId, accountId: ctx.acting.id } });
  if (!row) throw fxErrors.conversionNotFound();
  return toConversionView(row);
}

/** BT10 / GraphQL `conversions`: the acting account's conversions, newest first. BT10 has no filters. */
export const conversionList = defineList({
  filter: z.object({}),
  order: newestFirst('conversions'),
  find(ctx, _filter, page) {
    const where = { accountId: ctx.acting.id };
    return page.slice(
      ctx.db.prisma.conversion.findMany(page.prisma(where)),
      ctx.db.prisma.conversion.count({ where }),
      toConversionView,
    );
  },
});

/**
 * BT13. Pairs are answered in the order asked; a pair that is malformed, names the same currency
 * twice, or names a currency without a rate is listed in unavailable_currency_pairs as given.
 */
export async function getExchangeRates(ctx: RequestContext, settings: FxSettings, rawQuery: unknown): Promise<ExchangeRatesView> {
  const query = parseInput(exchangeRatesQuery, rawQuery);
  const table = await loadRates(ctx.db.prisma, ctx.processClock.now());
  const pairs = query.currencyPairs ?? SUPPORTED_CURRENCIES.filter((c) => c !== 'USD').map((c) => `${c}/USD`);
  const rates: PairRateView[] = [];
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
    rates.push({ currencyPair: pair, buyPrice: buyPrice.toFixed(), sellPrice: sellPrice.toFixed() });
    for (const c of [base, quote]) {
      const at = table.updatedAt.get(c)!;
      if (!lastUpdated || at > lastUpdated) lastUpdated = at;
    }
  }
  return { rates, unavailableCurrencyPairs: unavailable, lastUpdated };
}

/** BT12: the dates a quote for this pair may name as conversionDate, today first. */
export async function conversionDates(ctx: RequestContext, rawQuery: unknown): Promise<ConversionDateView[]> {
  parseInput(conversionDatesQuery, rawQuery);
  const { first, last } = conversionDateWindow(ctx.clock.now());
  const out: ConversionDateView[] = [];
  for (let t = first.getTime(); t <= last.getTime(); t += 86_400_000) {
    const d = new Date(t);
    out.push({ date: dateText(d), dayOfWeek: DAYS_OF_WEEK[d.getUTCDay()]! });
  }
  return out;
}

/** GraphQL's loaders (node and object fields): the acting account's conversions with these ids. */
export const conversionsByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, ConversionView>> =>
  viewsByIds(ids, (valid) => ctx.db.prisma.conversion.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } }), eachRow(toConversionView));
