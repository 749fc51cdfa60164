import { ISSUING_PAGE } from '../products/queries';
import { cardErrors } from '../cards/errors';
import type { RequestContext } from '../../../platform/context';
import { defineList } from '../../../platform/pagination/list';
import { listOrder } from '../../../platform/pagination/keyset';
import { cardTransactionErrors } from './errors';
import { cardTransactionFilter } from './rules';
import { findOwnTransaction, listTransactions, ownsCard } from './store';
import { toCardTransactionView, type CardTransactionView } from './view';
import { eachRow, viewsByIds } from '../../../platform/nodes/by-ids';
import { findOwnTransactions } from './store';

/** CI23 / GraphQL cardTransaction(id): one of the acting account's card transactions. */
export async function getCardTransaction(ctx: RequestContext, id: string): Promise<CardTransactionView> {
  const row = await findOwnTransaction(ctx, id);
  if (!row) throw cardTransactionErrors.notFound('id');
  return toCardTransactionView(row);
}

/** CI22 / GraphQL cardTransactions: newest first, by card and transaction time; 10-100 a page. */
export const cardTransactionList = defineList({
  filter: cardTransactionFilter,
  order: listOrder('cardTransactions', 'desc', ['transactionTime', 'timestamp'], ['id', 'uuid']),
  page: ISSUING_PAGE,
  async find(ctx, filter, page) {
    if (filter.cardId !== undefined && !(await ownsCard(ctx, filter.cardId))) throw cardErrors.notFound();
    const { rows, totalCount } = await listTransactions(ctx, filter, page);
    return page.fromRows(rows, totalCount, toCardTransactionView);
  },
});

/** GraphQL's loaders (node, CardTransaction.originalTransaction): the acting account's card transactions with these ids. */
export const cardTransactionsByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, CardTransactionView>> =>
  viewsByIds(ids, (valid) => findOwnTransactions(ctx, valid), eachRow(toCardTransactionView));
