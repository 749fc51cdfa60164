import Decimal from 'decimal.js';
import type { RequestContext } from '../context';
import { isUuid, newId } from '../ids/ids';
import { minorUnits } from '../money/currencies';
import { parseInput, validationError } from '../validation/validate';
import { fxErrors } from './errors';
import type { ClaimQuote } from './quotes-contract';
import { clientRate, loadRates } from './rates';
import { conversionDateIssue, createQuoteInput, type FxSettings } from './rules';
import { toQuoteView, type QuoteView } from './view';

/**
 * PO11: prices a conversion and holds the price for the configured validity window. The fixed side
 * is exact; the computed side is rounded to its currency's minor units in payrail's favour (a
 * computed buy amount down, a computed sell amount up), so no conversion pays out more than the
 * quoted rate allows.
 */
export async function createQuote(ctx: RequestContext, settings: FxSettings, rawInput: unknown): Promise<QuoteView> {
  const input = parseInput(createQuoteInput, rawInput);
  const now = ctx.clock.now();
  const dateIssue = conversionDateIssue(input.conversion_date, now);
  if (dateIssue) throw validationError({ field: 'conversion_date', rule: 'invalid_value', message: dateIssue });
  const prisma = ctx.tx ?? ctx.db.prisma;
  const rate = clientRate(await loadRates(prisma, now), input.sell_currency, input.buy_currency, settings.spreadBps);
  const fixedSide = input.sell_amount !== undefined ? 'SELL' : 'BUY';
  const sellAmount =
    input.sell_amount ?? input.buy_amount!.div(rate).toDecimalPlaces(minorUnits(input.sell_currency), Decimal.ROUND_UP);
  const buyAmount =
    input.buy_amount ?? input.sell_amount!.times(rate).toDecimalPlaces(minorUnits(input.buy_currency), Decimal.ROUND_DOWN);
  if (buyAmount.lte(0)) throw fxErrors.amountTooSmall('sell_amount');
  const row = await prisma.fxQuote.create({
    data: {
      id: newId(),
      accountId: ctx.acting.id,
      sellCurrency: input.sell_currency,
      sellAmount: sellAmount.toFixed(),
      buyCurrency: input.buy_currency,
      buyAmount: buyAmount.toFixed(),
      rate: rate.toFixed(),
      fixedSide,
      conversionDate: input.conversion_date,
      transactionType: input.transaction_type ?? null,
      validUntil: new Date(now.getTime() + settings.quoteTtlSeconds * 1000),
      createdAt: now,
    },
  });
  return toQuoteView(row);
}

/**
 * Marks a quote used, once. The row lock (FOR UPDATE) serialises concurrent claimants: the loser
 * waits for the winner's transaction and then reads `used_at` set (or, if the winner rolled back,
 * claims it itself). Scoped by account, so another tenant's quote reads as unknown. A quote is
 * valid up to and including its valid_until instant.
 */
export const claimQuote: ClaimQuote = async (tx, { accountId, quoteId, now, use }) => {
  if (!isUuid(quoteId)) throw fxErrors.quoteNotFound();
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM fx_quotes WHERE id = ${quoteId}::uuid AND account_id = ${accountId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw fxErrors.quoteNotFound();
  const quote = await tx.fxQuote.findUniqueOrThrow({ where: { id: quoteId } });
  if (quote.usedAt) throw fxErrors.quoteUsed();
  if (quote.validUntil.getTime() < now.getTime()) throw fxErrors.quoteExpired();
  return tx.fxQuote.update({
    where: { id: quoteId },
    data: { usedAt: now, usedByType: use.type, usedById: use.id },
  });
};
