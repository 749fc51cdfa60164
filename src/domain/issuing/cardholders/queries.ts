import type { Cardholder, Prisma } from '../../../generated/prisma/client';
import type { Database } from '../../../platform/db/client';
import { ISSUING_PAGE } from '../products/queries';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { cardholderErrors } from './errors';
import { cardholdersWithCardCounts } from './store';
import { idvPathOf } from './idv';
import { cardholderFilter } from './rules';
import { toCardholderView, type CardholderView } from './view';

/** The view of a row, with its live IDV link's path and its cards in any status (spec 2.8 number_of_cards). */
export const presentCardholder = async (db: Database, c: Cardholder, numberOfCards?: number): Promise<CardholderView> =>
  toCardholderView(c, await idvPathOf(db, c), numberOfCards ?? (await db.prisma.card.count({ where: { cardholderId: c.id } })));

/** Cards per holder, in any status, for a page of holders: one statement. */
async function cardCounts(db: Database, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.prisma.card.groupBy({ by: ['cardholderId'], where: { cardholderId: { in: ids } }, _count: { _all: true } });
  return new Map(rows.map((r) => [r.cardholderId, r._count._all]));
}

/**
 * The GraphQL loaders' finder (Card.cardholder): the acting account's holders among `ids`, with their
 * card counts, in ONE statement, so a page of cards with their holders stays at a constant cost.
 * Another account's id, or a malformed one, is simply absent (loads as null).
 */
export async function cardholdersByIds(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, CardholderView>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Map();
  const rows = await cardholdersWithCardCounts(ctx.db, ctx.acting.id, valid);
  const views = await Promise.all(rows.map(({ numberOfCards, ...row }) => presentCardholder(ctx.db, row, numberOfCards)));
  return new Map(views.map((v) => [v.id, v]));
}

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
  order: newestFirst('cardholders'),
  page: ISSUING_PAGE,
  async find(ctx, filter, page) {
    const where: Prisma.CardholderWhereInput = {
      accountId: ctx.acting.id,
      ...(filter.status ? { status: filter.status } : {}),
    };
    const [rows, totalCount] = await Promise.all([
      ctx.db.prisma.cardholder.findMany(page.prisma(where)),
      ctx.db.prisma.cardholder.count({ where }),
    ]);
    return page.withViews(rows, totalCount, async (shown) => {
      const counts = await cardCounts(ctx.db, shown.map((r) => r.id));
      return Promise.all(shown.map((r) => presentCardholder(ctx.db, r, counts.get(r.id) ?? 0)));
    });
  },
});
