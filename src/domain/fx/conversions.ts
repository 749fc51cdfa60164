// FX keeps two services, quotes.ts (PO11) and this one (BT9), rather than one service.ts: a quote
// and its execution are separate operations on separate resources (docs/area-shape.md).
import type { Conversion as ConversionRow, FxQuote } from '../../generated/prisma/client';
import { inTransaction, type Tx } from '../../db/tx';
import type { RequestContext } from '../context';
import { recordEvent } from '../events/outbox';
import { insertWithFreshShortReference } from '../ids/fresh-short-reference';
import { newId } from '../ids/ids';
import { postJournalEntry } from '../ledger/posting';
import { money } from '../money/amount';
import { parseInput } from '../validation/validate';
import { fxErrors } from './errors';
import { claimQuote } from './quotes';
import { createConversionInput, type CreateConversionInput } from './rules';
import { toConversionView, type ConversionView } from './view';

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
export async function createConversion(ctx: RequestContext, rawInput: unknown): Promise<ConversionView> {
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
    const conversion = toConversionView(row);
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
