import Decimal from 'decimal.js';
import type { Conversion as ConversionRow } from '../../generated/prisma/client';
import { inTransaction, type Tx } from '../../db/tx';
import type { RequestContext } from '../context';
import { recordEvent } from '../events/outbox';
import { insertWithFreshShortReference } from '../ids/fresh-short-reference';
import { isUuid, newId } from '../ids/ids';
import { postJournalEntry } from '../ledger/posting';
import { money } from '../money/amount';
import { listPageQuery, pageWindow, toPage, type Page } from '../pagination/page';
import { parseInput } from '../validation/validate';
import { fxErrors } from './errors';
import { claimQuote } from './quotes';
import { marketPair } from './rates';
import { createConversionInput, dateText, type CreateConversionInput } from './rules';
import type { FxQuote } from '../../generated/prisma/client';

/** A conversion as callers see it. */
export interface Conversion {
  id: string;
  shortReferenceId: string;
  quoteId: string;
  sellCurrency: string;
  sellAmount: Decimal;
  buyCurrency: string;
  buyAmount: Decimal;
  /** Units of buy per unit of sell, as quoted. */
  rate: Decimal;
  currencyPair: string;
  conversionDate: string;
  status: string;
  reference: string | null;
  createdAt: Date;
}

export function describeConversion(row: ConversionRow): Conversion {
  const { base, quote } = marketPair(row.sellCurrency, row.buyCurrency);
  return {
    id: row.id,
    shortReferenceId: row.shortReferenceId,
    quoteId: row.quoteId,
    sellCurrency: row.sellCurrency,
    sellAmount: money(row.sellAmount),
    buyCurrency: row.buyCurrency,
    buyAmount: money(row.buyAmount),
    rate: money(row.rate),
    currencyPair: `${base}/${quote}`,
    conversionDate: dateText(row.conversionDate),
    status: row.status,
    reference: row.reference,
    createdAt: row.createdAt,
  };
}

/** BT9 repeats what the quote fixed; any value it gives must be the quote's. */
function checkAgainstQuote(input: CreateConversionInput, quote: FxQuote): void {
  if (input.sell_currency !== quote.sellCurrency) throw fxErrors.quoteMismatch('sell_currency');
  if (input.buy_currency !== quote.buyCurrency) throw fxErrors.quoteMismatch('buy_currency');
  if (input.conversion_date.getTime() !== quote.conversionDate.getTime()) throw fxErrors.quoteMismatch('conversion_date');
  if (input.sell_amount && !input.sell_amount.eq(money(quote.sellAmount))) throw fxErrors.quoteMismatch('sell_amount');
  if (input.buy_amount && !input.buy_amount.eq(money(quote.buyAmount))) throw fxErrors.quoteMismatch('buy_amount');
}

/** Inserts the conversion with a short reference free in the account (collisions retried). */
async function insertConversion(tx: Tx, data: Omit<ConversionRow, 'shortReferenceId'>): Promise<ConversionRow> {
  return insertWithFreshShortReference('CV', (shortReferenceId) =>
    tx.conversion.createManyAndReturn({
      skipDuplicates: true,
      data: [
        {
          ...data,
          shortReferenceId,
          sellAmount: data.sellAmount.toString(),
          buyAmount: data.buyAmount.toString(),
          rate: data.rate.toString(),
        },
      ],
    }),
  );
}

/**
 * BT9: executes a quote. One transaction claims the quote (row lock, one use), posts both legs
 * (the sell wallet's debit guarded against going below zero) and records the conversion and its
 * event; a refusal at any step leaves nothing behind and the quote unused.
 */
export async function createConversion(ctx: RequestContext, rawInput: unknown): Promise<Conversion> {
  const input = parseInput(createConversionInput, rawInput);
  return inTransaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const accountId = ctx.acting.id;
    const id = newId();
    const quote = await claimQuote(tx, { accountId, quoteId: input.quote_id, now, use: { type: 'CONVERSION', id } });
    checkAgainstQuote(input, quote);
    const sell = money(quote.sellAmount);
    const buy = money(quote.buyAmount);
    await postJournalEntry(tx, {
      accountId,
      kind: 'CONVERSION',
      referenceType: 'CONVERSION',
      referenceId: id,
      at: now,
      lines: [
        { accountId, currency: quote.sellCurrency, purpose: 'WALLET', amount: sell.neg(), guardNonNegative: true },
        { accountId, currency: quote.sellCurrency, purpose: 'FX_CLEARING', amount: sell },
        { accountId, currency: quote.buyCurrency, purpose: 'FX_CLEARING', amount: buy.neg() },
        { accountId, currency: quote.buyCurrency, purpose: 'WALLET', amount: buy },
      ],
    });
    const row = await insertConversion(tx, {
      id,
      accountId,
      quoteId: quote.id,
      sellCurrency: quote.sellCurrency,
      sellAmount: quote.sellAmount,
      buyCurrency: quote.buyCurrency,
      buyAmount: quote.buyAmount,
      rate: quote.rate,
      conversionDate: quote.conversionDate,
      status: 'COMPLETED',
      reference: input.reference ?? null,
      createdAt: now,
    });
    const conversion = describeConversion(row);
    await recordEvent(tx, {
      accountId,
      eventName: 'conversion.create.succeeded',
      sourceId: id,
      data: {
        conversion_id: id,
        short_reference_id: row.shortReferenceId,
        quote_id: quote.id,
        sell_currency: conversion.sellCurrency,
        sell_amount: sell.toFixed(),
        buy_currency: conversion.buyCurrency,
        buy_amount: buy.toFixed(),
        status: row.status,
      },
      at: now,
    });
    return conversion;
  });
}

/** BT11: the acting account's conversion; anything else answers as unknown. */
export async function getConversion(ctx: RequestContext, conversionId: string): Promise<Conversion> {
  if (!isUuid(conversionId)) throw fxErrors.conversionNotFound();
  const row = await ctx.db.prisma.conversion.findFirst({ where: { id: conversionId, accountId: ctx.acting.id } });
  if (!row) throw fxErrors.conversionNotFound();
  return describeConversion(row);
}

/** Newest first; both doors page over this one ordering. */
export async function listConversions(
  ctx: RequestContext,
  window: { skip: number; take: number },
): Promise<{ items: Conversion[]; total: number }> {
  const where = { accountId: ctx.acting.id };
  const [rows, total] = await Promise.all([
    ctx.db.prisma.conversion.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...window }),
    ctx.db.prisma.conversion.count({ where }),
  ]);
  return { items: rows.map(describeConversion), total };
}

/** BT10: page_number / page_size. */
export async function listConversionPage(ctx: RequestContext, rawQuery: unknown): Promise<Page<Conversion>> {
  const query = parseInput(listPageQuery, rawQuery);
  const { items, total } = await listConversions(ctx, pageWindow(query));
  return toPage(items, total, query.page_size);
}
