import { ISSUING_PAGE } from '../products/queries';
import { cardErrors } from '../cards/errors';
import type { RequestContext } from '../../../platform/context';
import { defineList } from '../../../platform/pagination/list';
import { cardTransactionErrors } from './errors';
import { cardTransactionFilter } from './rules';
import { findOwnTransaction, listTransactions, ownsCard } from './store';
import { toCardTransactionView, type CardTransactionView } from './view';

/** CI23 / GraphQL cardTransaction(id): one of the acting account's card transactions. */
export async function getCardTransaction(ctx: RequestContext, id: string): Promise<CardTransactionView> {
  const row = await findOwnTransaction(ctx, id);
  if (!row) throw cardTransactionErrors.notFound('id');
  return toCardTransactionView(row);
}

/** CI22 / GraphQL cardTransactions: newest first, by card and transaction time; 10-100 a page. */
export const cardTransactionList = defineList({
  filter: cardTransactionFilter,
  page: ISSUING_PAGE,
  async find(ctx, filter, window) {
    if (filter.cardId !== undefined && !(await ownsCard(ctx, filter.cardId))) throw cardErrors.notFound();
    const { rows, totalCount } = await listTransactions(ctx, filter, window);
    return { items: rows.map(toCardTransactionView), totalCount };
  },
});
