import type { Card, Prisma } from '../../generated/prisma/client';
import { ISSUING_PAGE } from '../card-products/queries';
import type { RequestContext } from '../context';
import { isUuid } from '../ids/ids';
import { defineList } from '../pagination/list';
import { cardErrors } from './errors';
import { cardFilter } from './rules';
import { toCardView, type CardView } from './view';

/** The acting account's card row; any other id answers card_not_found. */
export async function findOwnCard(ctx: RequestContext, id: string): Promise<Card> {
  const row = isUuid(id) ? await ctx.db.prisma.card.findFirst({ where: { id, accountId: ctx.acting.id } }) : null;
  if (!row) throw cardErrors.notFound();
  return row;
}

/** CI3 / GraphQL card(id). */
export async function getCard(ctx: RequestContext, id: string): Promise<CardView> {
  return toCardView(await findOwnCard(ctx, id));
}

/** CI2 / GraphQL cards: the acting account's cards, newest first, by cardholder and status; 10-100 a page. */
export const cardList = defineList({
  filter: cardFilter,
  page: ISSUING_PAGE,
  async find(ctx, filter, window) {
    if (filter.cardholder_id !== undefined) {
      const holder = isUuid(filter.cardholder_id)
        ? await ctx.db.prisma.cardholder.findFirst({ where: { id: filter.cardholder_id, accountId: ctx.acting.id }, select: { id: true } })
        : null;
      if (!holder) throw cardErrors.cardholderNotFoundForList();
    }
    const where: Prisma.CardWhereInput = {
      accountId: ctx.acting.id,
      ...(filter.card_status ? { status: filter.card_status } : {}),
      ...(filter.cardholder_id ? { cardholderId: filter.cardholder_id } : {}),
    };
    const [rows, totalCount] = await Promise.all([
      ctx.db.prisma.card.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...window }),
      ctx.db.prisma.card.count({ where }),
    ]);
    return { items: rows.map(toCardView), totalCount };
  },
});

/**
 * The GraphQL loaders' finder (Cardholder.cards): the acting account's cards of each holder, newest
 * first, in one statement. A holder the caller may not see has no cards here.
 */
export async function cardsByCardholderIds(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, CardView[]>> {
  const valid = [...new Set(ids.filter(isUuid))];
  const rows =
    valid.length === 0
      ? []
      : await ctx.db.prisma.card.findMany({ where: { accountId: ctx.acting.id, cardholderId: { in: valid } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  const out = new Map<string, CardView[]>();
  for (const r of rows) out.set(r.cardholderId, [...(out.get(r.cardholderId) ?? []), toCardView(r)]);
  return out;
}
