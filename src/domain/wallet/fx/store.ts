import { readRows, type ReadScope } from '../../../platform/db/reads';
import { Prisma, type FxQuote } from '../../../generated/prisma/client';
import { STALE, type WriteSet } from '../../../platform/writes/write-set';

// The quote's columns under their Prisma names; numerics and the date as text, the same from the
// pool and from a caller's transaction (src/platform/db/reads.ts), made Decimal and Date below.
const QUOTE_COLUMNS = `id, account_id AS "accountId", sell_currency AS "sellCurrency", sell_amount::text AS "sellAmount",
  buy_currency AS "buyCurrency", buy_amount::text AS "buyAmount", rate::text AS rate, fixed_side AS "fixedSide",
  conversion_date::text AS "conversionDate", transaction_type AS "transactionType", valid_until AS "validUntil",
  used_at AS "usedAt", used_by_type AS "usedByType", used_by_id AS "usedById", created_at AS "createdAt"`;
type QuoteRow = Omit<FxQuote, 'sellAmount' | 'buyAmount' | 'rate' | 'conversionDate'> &
  Record<'sellAmount' | 'buyAmount' | 'rate' | 'conversionDate', string>;

/** The account's quote as Prisma answers it (a `date` is UTC midnight), or undefined. */
export async function readQuote(scope: ReadScope, accountId: string, quoteId: string): Promise<FxQuote | undefined> {
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
 * The claim of a quote by its user, guarded in the user's write set: it matches no row when another
 * claimant marked the quote used first, and the set is refused as STALE.
 */
export function requireQuoteUnused(writes: WriteSet, quoteId: string, now: Date, use: { type: string; id: string }): void {
  writes.require(
    {
      sql: `UPDATE fx_quotes SET used_at = ($1::jsonb->>'at')::timestamptz, used_by_type = $1::jsonb->>'type', used_by_id = ($1::jsonb->>'use_id')::uuid
            WHERE id = ($1::jsonb->>'id')::uuid AND used_at IS NULL RETURNING 'true'::jsonb`,
      args: { id: quoteId, at: now.toISOString(), type: use.type, use_id: use.id },
    },
    STALE,
  );
}
