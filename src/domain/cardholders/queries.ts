import type { Cardholder, Prisma } from '../../generated/prisma/client';
import type { Database } from '../../db/client';
import { ISSUING_PAGE } from '../card-products/queries';
import type { RequestContext } from '../context';
import { isUuid } from '../ids/ids';
import { defineList } from '../pagination/list';
import { cardholderErrors } from './errors';
import { idvPathOf } from './idv';
import { cardholderFilter } from './rules';
import { toCardholderView, type CardholderView } from './view';

/** The view of a row, with its live IDV link's path. */
export const presentCardholder = async (db: Database, c: Cardholder): Promise<CardholderView> => toCardholderView(c, await idvPathOf(db, c));

/** The acting account's cardholder row; any other id answers cardholder_not_found. */
export async function findOwnCardholder(ctx: RequestContext, id: string): Promise<Cardholder> {
  const row = isUuid(id) ? await ctx.db.prisma.cardholder.findFirst({ where: { id, accountId: ctx.acting.id } }) : null;
  if (!row) throw cardholderErrors.notFound();
  return row;
}

/** CI16 / GraphQL cardholder(id). */
export async function getCardholder(ctx: RequestContext, id: string): Promise<CardholderView> {
  return presentCardholder(ctx.db, await findOwnCardholder(ctx, id));
}

/** CI15 / GraphQL cardholders: the acting account's cardholders, newest first; 10-100 a page (spec 4.12). */
export const cardholderList = defineList({
  filter: cardholderFilter,
  page: ISSUING_PAGE,
  async find(ctx, filter, window) {
    const where: Prisma.CardholderWhereInput = {
      accountId: ctx.acting.id,
      ...(filter.cardholder_status ? { status: filter.cardholder_status } : {}),
    };
    const [rows, totalCount] = await Promise.all([
      ctx.db.prisma.cardholder.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...window }),
      ctx.db.prisma.cardholder.count({ where }),
    ]);
    return { items: await Promise.all(rows.map((r) => presentCardholder(ctx.db, r))), totalCount };
  },
});
