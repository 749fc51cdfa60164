import Decimal from 'decimal.js';
import type { RequestContext } from '../../../platform/context';
import { lockRow } from '../../../platform/db/locks';
import { isUuid, newId } from '../../../platform/ids/ids';
import { minorUnits } from '../../../platform/money/currencies';
import { parseInput, validationError } from '../../../platform/validation/validate';
import { fxErrors } from './errors';
import type { ClaimQuote } from './quotes-contract';
import { clientRate, loadRates } from './rates';
import { readQuote, requireQuoteUnused } from './store';
import { conversionDateIssue, createQuoteCommand, type FxSettings } from './rules';
import { toQuoteView, type QuoteView } from './view';

/**
 * PO11: prices a conversion and holds the price for the configured validity window. The fixed side
 * is exact; the computed side is rounded to its currency's minor units in payrail's favour (a
 * computed buy amount down, a computed sell amount up), so no conversion pays out more than the
 * quoted rate allows.
 */
export async function createQuote(ctx: RequestContext, settings: FxSettings, rawInput: unknown): Promise<QuoteView> {
  const input = parseInput(createQuoteCommand, rawInput);
  const now = ctx.clock.now();
  const dateIssue = conversionDateIssue(input.conversionDate, now);
  if (dateIssue) throw validationError({ field: 'conversionDate', rule: 'invalid_value', message: dateIssue });
  const rate = clientRate(await loadRates(ctx.tx ?? ctx.db.prisma, now), input.sellCurrency, input.buyCurrency, settings.spreadBps);
  const fixedSide = input.sellAmount !== undefined ? 'SELL' : 'BUY';
  const sellAmount =
    input.sellAmount ?? input.buyAmount!.div(rate).toDecimalPlaces(minorUnits(input.sellCurrency), Decimal.ROUND_UP);
  const buyAmount =
    input.buyAmount ?? input.sellAmount!.times(rate).toDecimalPlaces(minorUnits(input.buyCurrency), Decimal.ROUND_DOWN);
  if (buyAmount.lte(0)) throw fxErrors.amountTooSmall('sellAmount');
  const row = await ctx.commit('locking', ({ tx }) => tx.fxQuote.create({
    data: {
      id: newId(),
      accountId: ctx.acting.id,
      sellCurrency: input.sellCurrency,
      sellAmount: sellAmount.toFixed(),
      buyCurrency: input.buyCurrency,
      buyAmount: buyAmount.toFixed(),
      rate: rate.toFixed(),
      fixedSide,
      conversionDate: input.conversionDate,
      transactionType: input.transactionType ?? null,
      validUntil: new Date(now.getTime() + settings.quoteTtlSeconds * 1000),
      createdAt: now,
    },
  }));
  return toQuoteView(row);
}

/**
 * Marks a quote used, once, in the write set of its user (a conversion or a payout). The quote is
 * read and checked first (unknown or another account's, used, expired at `now`); the claim itself is
 * a guarded UPDATE (`used_at IS NULL`), so of two concurrent claimants one wins and the other finds
 * its read stale and is prepared again — to find the quote used. Inside a transaction (`scope.tx`)
 * the quote is read FOR UPDATE, so a second claimant waits and then reads it used.
 */
export const claimQuote: ClaimQuote = async (scope, writes, { accountId, quoteId, now, use }) => {
  if (!isUuid(quoteId)) throw fxErrors.quoteNotFound();
  const quote = scope.tx ? await lockRow(scope.tx, 'fx_quotes', { id: quoteId, accountId }) : await readQuote(scope, accountId, quoteId);
  if (!quote) throw fxErrors.quoteNotFound();
  if (quote.usedAt) throw fxErrors.quoteUsed();
  if (quote.validUntil.getTime() < now.getTime()) throw fxErrors.quoteExpired();
  requireQuoteUnused(writes, quote.id, now, use);
  return { ...quote, usedAt: now, usedByType: use.type, usedById: use.id };
};
