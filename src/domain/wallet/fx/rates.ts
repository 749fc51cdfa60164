import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/tx';
import type { ServiceDeps } from '../../../platform/context';
import { money, Money } from '../../../platform/money/amount';
import { SUPPORTED_CURRENCIES } from '../../../platform/money/currencies';
import { parseInput } from '../../../platform/validation/validate';
import { fxErrors } from './errors';
import { setFxRateCommand } from './rules';
import type { FxRateView } from './view';

/**
 * Plausible mid rates (units of the currency per 1 USD, late 2025) that a fresh database starts
 * with. An operator moves them with `npm run admin -- set-fx-rate`.
 */
export const DEFAULT_PER_USD: Readonly<Record<string, string>> = {
  AED: '3.6725', AUD: '1.53', BHD: '0.376', CAD: '1.39', CHF: '0.80', CNH: '7.11', CNY: '7.10',
  CZK: '20.9', DKK: '6.45', EUR: '0.865', GBP: '0.76', HKD: '7.78', IDR: '16650', INR: '88.6',
  JPY: '155', KRW: '1460', KWD: '0.307', MXN: '18.4', MYR: '4.14', NOK: '10.1', NZD: '1.77',
  PHP: '58.9', PLN: '3.67', SEK: '9.5', SGD: '1.30', THB: '32.4', USD: '1', VND: '26300', ZAR: '17.3',
};

/** Rates carry 10 significant digits: what is stored on a quote is what is shown and applied. */
export const RATE_DIGITS = 10;

export interface RateTable {
  perUsd: Map<string, Decimal>;
  updatedAt: Map<string, Date>;
}

/** The pool client or an open transaction: both read and seed the table. */
type RateReader = Pick<Tx, 'fxRate'>;

async function seedDefaults(prisma: RateReader, now: Date): Promise<number> {
  const data = SUPPORTED_CURRENCIES.filter((c) => DEFAULT_PER_USD[c] !== undefined).map((currency) => ({
    currency,
    perUsd: DEFAULT_PER_USD[currency]!,
    updatedAt: now,
  }));
  const { count } = await prisma.fxRate.createMany({ data, skipDuplicates: true });
  return count;
}

/**
 * Start-up seeding (boot): adds the default rate of every supported currency that has no row, and
 * never overwrites an operator's rate. A database whose migrations are still pending has no table
 * yet; the rates are then seeded lazily on first use.
 */
export async function ensureFxRates(deps: ServiceDeps): Promise<number> {
  try {
    return await seedDefaults(deps.db.prisma, deps.clock.now());
  } catch (e) {
    if ((e as { code?: string }).code === 'P2021') return 0;
    throw e;
  }
}

/** The whole table (29 rows); a fresh database that skipped boot seeding is seeded here. */
export async function loadRates(prisma: RateReader, now: Date): Promise<RateTable> {
  let rows = await prisma.fxRate.findMany();
  if (rows.length === 0) {
    await seedDefaults(prisma, now);
    rows = await prisma.fxRate.findMany();
  }
  return {
    perUsd: new Map(rows.map((r) => [r.currency, money(r.perUsd)])),
    updatedAt: new Map(rows.map((r) => [r.currency, r.updatedAt])),
  };
}

/**
 * One currency's mid rate (units per USD) in one statement — none for USD, the reference — or
 * undefined when the table has no rate for it. A table never seeded (a database that skipped boot
 * seeding) is seeded first, as loadRates does.
 */
export async function midRatePerUsd(prisma: RateReader, currency: string, now: Date): Promise<Decimal | undefined> {
  if (currency === 'USD') return new Money(1);
  const row = await prisma.fxRate.findUnique({ where: { currency } });
  if (row) return money(row.perUsd);
  return (await loadRates(prisma, now)).perUsd.get(currency);
}

const spreadOf = (spreadBps: number): Decimal => new Money(spreadBps).div(10_000);

function midRate(table: RateTable, sell: string, buy: string): Decimal {
  const sellPerUsd = table.perUsd.get(sell);
  if (!sellPerUsd) throw fxErrors.rateUnavailable(sell);
  const buyPerUsd = table.perUsd.get(buy);
  if (!buyPerUsd) throw fxErrors.rateUnavailable(buy);
  return buyPerUsd.div(sellPerUsd);
}

/**
 * The rate a client gets converting `sell` into `buy`: units of buy per unit of sell, the mid rate
 * less the spread. Every price payrail shows derives from this one function, so a quote and the
 * rates of BT13 always agree.
 */
export function clientRate(table: RateTable, sell: string, buy: string, spreadBps: number): Decimal {
  return midRate(table, sell, buy)
    .times(new Money(1).minus(spreadOf(spreadBps)))
    .toSignificantDigits(RATE_DIGITS, Decimal.ROUND_DOWN);
}

/**
 * Prices of a pair BASE/QUOTE in QUOTE per BASE, from the client's side: sell_price is what the
 * client gets selling one BASE (mid × (1 − spread)); buy_price what it pays buying one BASE
 * (mid ÷ (1 − spread), the inverse of the client rate the other way).
 */
export function pairPrices(table: RateTable, base: string, quote: string, spreadBps: number) {
  const mid = midRate(table, base, quote);
  const keep = new Money(1).minus(spreadOf(spreadBps));
  return {
    sellPrice: mid.times(keep).toSignificantDigits(RATE_DIGITS, Decimal.ROUND_DOWN),
    buyPrice: mid.div(keep).toSignificantDigits(RATE_DIGITS, Decimal.ROUND_UP),
  };
}

/**
 * The market's way of writing a pair (EUR/USD, USD/JPY): the currency earlier in this list is the
 * base; two currencies not in it are written alphabetically, after USD.
 */
const BASE_PRIORITY = ['EUR', 'GBP', 'AUD', 'NZD', 'USD', 'CAD', 'CHF'];
export function marketPair(a: string, b: string): { base: string; quote: string } {
  const rank = (c: string) => {
    const i = BASE_PRIORITY.indexOf(c);
    return i === -1 ? BASE_PRIORITY.length : i;
  };
  const [ra, rb] = [rank(a), rank(b)];
  if (ra !== rb) return ra < rb ? { base: a, quote: b } : { base: b, quote: a };
  return a < b ? { base: a, quote: b } : { base: b, quote: a };
}

/**
 * Operator command (admin set-fx-rate), input `currency` and `perUsd`: sets one
 * currency's mid rate; later quotes and rates use it.
 */
export async function setFxRate(deps: ServiceDeps, raw: z.input<typeof setFxRateCommand>): Promise<FxRateView> {
  const input = parseInput(setFxRateCommand, raw);
  const now = deps.clock.now();
  await loadRates(deps.db.prisma, now);
  const row = await deps.db.prisma.fxRate.upsert({
    where: { currency: input.currency },
    create: { currency: input.currency, perUsd: input.perUsd, updatedAt: now },
    update: { perUsd: input.perUsd, updatedAt: now },
  });
  return { currency: row.currency, perUsd: money(row.perUsd).toFixed(), updatedAt: row.updatedAt };
}
