import type { Prisma } from '../../../generated/prisma/client';
import { ISSUING_PAGE } from '../products/queries';
import { cardErrors } from '../cards/errors';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList } from '../../../platform/pagination/list';
import { cardTransactionErrors } from './errors';
import { cardTransactionFilter } from './rules';
import { toCardTransactionView, type CardTransactionView } from './view';

/** CI23 / GraphQL cardTransaction(id): one of the acting account's card transactions. */
export async function getCardTransaction(ctx: RequestContext, id: string): Promise<CardTransactionView> {
  const row = isUuid(id) ? await ctx.db.prisma.cardTransaction.findFirst({ where: { id, accountId: ctx.acting.id } }) : null;
  if (!row) throw cardTransactionErrors.notFound('id');
  return toCardTransactionView(row);
}

/** CI22 / GraphQL cardTransactions: newest first, by card and transaction time; 10-100 a page. */
export const cardTransactionList = defineList({
  filter: cardTransactionFilter,
  page: ISSUING_PAGE,
  async find(ctx, filter, window) {
    if (filter.cardId !== undefined) {
      const card = isUuid(filter.cardId)
        ? await ctx.db.prisma.card.findFirst({ where: { id: filter.cardId, accountId: ctx.acting.id }, select: { id: true } })
        : null;
      if (!card) throw cardErrors.notFound();
    }
    const time = {
      ...(filter.startTime ? { gte: new Date(filter.startTime) } : {}),
      ...(filter.endTime ? { lte: new Date(filter.endTime) } : {}),
    };
    const where: Prisma.CardTransactionWhereInput = {
      accountId: ctx.acting.id,
      ...(filter.cardId ? { cardId: filter.cardId } : {}),
      ...(filter.startTime || filter.endTime ? { transactionTime: time } : {}),
    };
    const [rows, totalCount] = await Promise.all([
      ctx.db.prisma.cardTransaction.findMany({ where, orderBy: [{ transactionTime: 'desc' }, { id: 'desc' }], ...window }),
      ctx.db.prisma.cardTransaction.count({ where }),
    ]);
    return { items: rows.map(toCardTransactionView), totalCount };
  },
});
