import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { postedLinesOf } from '../../../platform/ledger/lines';
import { defineList, type Slice } from '../../../platform/pagination/list';
import { listOrder, newestFirst } from '../../../platform/pagination/keyset';
import { ISSUING_PAGE } from '../products/queries';
import { parseInput } from '../../../platform/validation/validate';
import { issuingBalanceErrors } from './errors';
import { ISSUING_CURRENCIES, isIssuingCurrency, issuingBalanceQuery, issuingTransactionFilter } from './rules';
import { toIssuingBalanceTransactionView, toIssuingBalanceView, type IssuingBalanceView, type IssuingBalanceTransactionView } from './view';

const PURPOSES = ['ISSUING_AVAILABLE', 'ISSUING_AUTH_HOLD'];

/** Every issuing currency's balance of the acting account, by currency code, in one query. */
async function issuingBalances(ctx: RequestContext, currency?: string): Promise<IssuingBalanceView[]> {
  const rows = await ctx.db.prisma.ledgerAccount.findMany({
    where: { accountId: ctx.acting.id, purpose: { in: PURPOSES }, ...(currency ? { currency } : {}) },
    select: { currency: true, purpose: true, balance: true, createdAt: true, updatedAt: true },
  });
  return (currency ? [currency] : [...ISSUING_CURRENCIES]).sort().map((c) => toIssuingBalanceView(ctx.acting.id, c, rows));
}

/** CI19 / GraphQL issuingBalances: one per issuing currency (SGD, USD), zero until funded. */
export const issuingBalanceList = defineList({
  filter: z.object({}),
  order: listOrder('issuingBalances', 'asc', ['currency', 'text']),
  page: ISSUING_PAGE,
  async find(ctx, _filter, page): Promise<Slice<IssuingBalanceView>> {
    const all = await issuingBalances(ctx);
    return page.ofAll(all);
  },
});

/** CI20 / GraphQL issuingBalance(currency): any case; a currency with no issuing balance is `Account balance not exists`. */
export async function getIssuingBalance(ctx: RequestContext, raw: unknown): Promise<IssuingBalanceView> {
  const { currency } = parseInput(issuingBalanceQuery, raw);
  if (!isIssuingCurrency(currency)) throw issuingBalanceErrors.balanceNotExists();
  return (await issuingBalances(ctx, currency))[0]!;
}

/**
 * CI21 / GraphQL issuingBalanceTransactions: every movement of the acting account's issuing
 * balances (its ISSUING_AVAILABLE lines), newest first. transactionId matches the line or its entry.
 */
export const issuingBalanceTransactionList = defineList({
  filter: issuingTransactionFilter,
  order: newestFirst('issuingBalanceTransactions'),
  page: ISSUING_PAGE,
  find: (ctx, f, page): Promise<Slice<IssuingBalanceTransactionView>> =>
    postedLinesOf(
      ctx,
      'ISSUING_AVAILABLE',
      // The ledger's line finder is shared with the wallet's list and reads its filter in the wire's names.
      {
        currency: f.currency,
        transaction_type: f.transactionType,
        transaction_status: f.transactionStatus,
        transaction_id: f.transactionId,
        start_time: f.startTime,
        end_time: f.endTime,
      },
      page,
      toIssuingBalanceTransactionView,
    ),
});
