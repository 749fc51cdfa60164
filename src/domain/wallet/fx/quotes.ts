import Decimal from 'decimal.js';
import type { RequestContext } from '../../../platform/context';
import { lockRow } from '../../../platform/db/locks';
import { readRows, type ReadScope } from '../../../platform/db/reads';
import { inTransaction } from '../../../platform/db/tx';
import { Prisma, type FxQuote } from '../../../generated/prisma/client';
import { isUuid, newId } from '../../../platform/ids/ids';
import { STALE } from '../../../platform/writes/write-set';
import { minorUnits } from '../../../platform/money/currencies';
import { parseInput, validationError } from '../../../platform/validation/validate';
import { fxErrors } from './errors';
import type { ClaimQuote } from './quotes-contract';
import { clientRate, loadRates } from './rates';
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
  const row = await inTransaction(ctx, (tx) => tx.fxQuote.create({
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

// The quote's columns under their Prisma names; numerics and the date as text, the same from the
// pool and from a caller's transaction (src/platform/db/reads.ts), made Decimal and Date below.
const QUOTE_COLUMNS = `id, account_id AS "accountId", sell_currency AS "sellCurrency", sell_amount::text AS "sellAmount",
  buy_currency AS "buyCurrency", buy_amount::text AS "buyAmount", rate::text AS rate, fixed_side AS "fixedSide",
  conversion_date::text AS "conversionDate", transaction_type AS "transactionType", valid_until AS "validUntil",
  used_at AS "usedAt", used_by_type AS "usedByType", used_by_id AS "usedById", created_at AS "createdAt"`;
type QuoteRow = Omit<FxQuote, 'sellAmount' | 'buyAmount' | 'rate' | 'conversionDate'> &
  Record<'sellAmount' | 'buyAmount' | 'rate' | 'conversionDate', string>;

/** The account's quote as Prisma answers it (a `date` is UTC midnight), or undefined. */
async function readQuote(scope: ReadScope, accountId: string, quoteId: string): Promise<FxQuote | undefined> {
  const [row] = await readRows<QuoteRow>(scope, {
    name: 'fx_quote_of_account',
    text: `SELECT ${QUOTE_COLUMNS} FROM fx_quotes WHERE id = $1::uuid AND account_id = $2::uuid`,
    values: [quoteId, accountId],
  });
  if (!row) return undefined;
  return {
    ...row,
    sellAmount: new Prisma.Decimal(row.sellAmount),
    buyAmount: new Prisma.Decimal(row.buyAmount),
    rate: new Prisma.Decimal(row.rate),
    conversionDate: new Date(`${row.conversionDate}T00:00:00.000Z`),
  };
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
  writes.require(
    {
      sql: `UPDATE fx_quotes SET used_at = ($1::jsonb->>'at')::timestamptz, used_by_type = $1::jsonb->>'type', used_by_id = ($1::jsonb->>'use_id')::uuid
            WHERE id = ($1::jsonb->>'id')::uuid AND used_at IS NULL RETURNING 'true'::jsonb`,
      args: { id: quote.id, at: now.toISOString(), type: use.type, use_id: use.id },
    },
    STALE,
  );
  return { ...quote, usedAt: now, usedByType: use.type, usedById: use.id };
};
