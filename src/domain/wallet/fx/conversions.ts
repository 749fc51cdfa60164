// FX keeps two services, quotes.ts (PO11) and this one (BT9), rather than one service.ts: a quote
// and its execution are separate operations on separate resources (docs/area-shape.md).
import type { Conversion as ConversionRow, FxQuote } from '../../../generated/prisma/client';
import type { RequestContext } from '../../../platform/context';
import { addConversionEvent } from './events';
import { newId, shortReference } from '../../../platform/ids/ids';
import { addJournalEntry } from '../../../platform/ledger/posting';
import { money } from '../../../platform/money/amount';
import { parseInput } from '../../../platform/validation/validate';
import { fxErrors } from './errors';
import { claimQuote } from './quotes';
import { createConversionCommand, type CreateConversionCommand } from './rules';
import { toConversionView, type ConversionView } from './view';
import { assertMayMoveMoney } from '../../onboarding/accounts/verification';

/** BT9 repeats what the quote fixed; any value it gives must be the quote's. */
function checkAgainstQuote(input: CreateConversionCommand, quote: FxQuote): void {
  if (input.sellCurrency !== quote.sellCurrency) throw fxErrors.quoteMismatch('sellCurrency');
  if (input.buyCurrency !== quote.buyCurrency) throw fxErrors.quoteMismatch('buyCurrency');
  if (input.conversionDate.getTime() !== quote.conversionDate.getTime()) throw fxErrors.quoteMismatch('conversionDate');
  if (input.sellAmount && !input.sellAmount.eq(money(quote.sellAmount))) throw fxErrors.quoteMismatch('sellAmount');
  if (input.buyAmount && !input.buyAmount.eq(money(quote.buyAmount))) throw fxErrors.quoteMismatch('buyAmount');
}

/**
 * BT9: executes a quote. One write set claims the quote (guarded, one use), posts both legs (the
 * sell wallet's debit guarded against going below zero) and records the conversion and its event;
 * a refusal at any step leaves nothing behind and the quote unused.
 */
export async function createConversion(ctx: RequestContext, rawInput: unknown): Promise<ConversionView> {
  assertMayMoveMoney(ctx.acting);
  const input = parseInput(createConversionCommand, rawInput);
  return ctx.commit(async ({ writes }) => {
    const now = ctx.clock.now();
    const accountId = ctx.acting.id;
    const id = newId();
    const quote = await claimQuote(ctx, writes, { accountId, quoteId: input.quoteId, now, use: { type: 'CONVERSION', id } });
    checkAgainstQuote(input, quote);
    const sell = money(quote.sellAmount);
    const buy = money(quote.buyAmount);
    const row: ConversionRow = {
      id,
      accountId,
      shortReferenceId: shortReference('CV'),
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
    };
    writes.insertWithFreshReference('conversions', row);
    const conversion = toConversionView(row);
    addConversionEvent(writes, accountId, conversion, now);
    // Last: the guarded debit takes the wallet's row lock, held until the batch commits.
    addJournalEntry(writes, {
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
    return conversion;
  });
}
