import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { postedLinesOf } from '../../../platform/ledger/lines';
import { defineList, type Slice } from '../../../platform/pagination/list';
import { listOrder, newestFirst } from '../../../platform/pagination/keyset';
import { parseInput } from '../../../platform/validation/validate';
import { balanceCurrencyQuery, balanceTransactionFilter } from './rules';
import { toBalanceTransactionView, toBalanceView, type BalanceTransactionView, type BalanceView } from './view';

/** Every currency the acting account holds or has held, by currency code. */
async function allBalances(ctx: RequestContext, currency?: string): Promise<BalanceView[]> {
  const rows = await ctx.db.prisma.ledgerAccount.findMany({
    where: { accountId: ctx.acting.id, purpose: { in: ['WALLET', 'PAYOUT_IN_FLIGHT'] }, ...(currency ? { currency } : {}) },
    select: { id: true, currency: true, purpose: true, balance: true, createdAt: true, updatedAt: true },
  });
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  const find = (c: string, purpose: string) => rows.find((r) => r.currency === c && r.purpose === purpose);
  return currencies.map((c) => toBalanceView(c, find(c, 'WALLET'), find(c, 'PAYOUT_IN_FLIGHT')));
}

/** BT1 / GraphQL balances: one per currency, by currency code (at most one per supported currency). No filters. */
export const balanceList = defineList({
  filter: z.object({}),
  order: listOrder('balances', 'asc', ['currency', 'text']),
  async find(ctx, _filter, page): Promise<Slice<BalanceView>> {
    const all = await allBalances(ctx);
    return page.ofAll(all);
  },
});

/**
 * BT2 / GraphQL balance(currency): the balance in one currency. A supported currency the account
 * never used is a zero balance (there is nothing wrong with asking); an unsupported or malformed
 * code is a validation error.
 */
export async function getBalance(ctx: RequestContext, rawCurrency: unknown): Promise<BalanceView> {
  const { currency } = parseInput(balanceCurrencyQuery, { currency: rawCurrency });
  const [found] = await allBalances(ctx, currency);
  return found ?? toBalanceView(currency, undefined, undefined);
}

/** BT3 / GraphQL balanceTransactions: the acting account's wallet movements, newest first. */
export const balanceTransactionList = defineList({
  filter: balanceTransactionFilter,
  order: newestFirst('balanceTransactions'),
  find: (ctx, filter, page): Promise<Slice<BalanceTransactionView>> =>
    // The shared line reader takes the filter in its own names (platform/ledger/lines.ts).
    postedLinesOf(
      ctx,
      'WALLET',
      {
        currency: filter.currency,
        transaction_type: filter.transactionType,
        transaction_status: filter.status,
        start_time: filter.startTime,
        end_time: filter.endTime,
      },
      page,
      toBalanceTransactionView,
    ),
});
