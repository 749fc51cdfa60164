import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { cardErrors } from '../cards/errors';
import { isUuid } from '../../../platform/ids/ids';
import { cardOrderErrors } from './errors';
import { toCardOrderView, toCreationOrderView, type CardOrderView } from './view';
import { viewsByIds } from '../../../platform/nodes/by-ids';

/** The acting account's card order with this id (a recharge, withdraw or other order, or a card's creation order), or null. */
async function findOwnOrder(ctx: RequestContext, id: string): Promise<CardOrderView | null> {
  if (!isUuid(id)) return null;
  const [order, card] = await Promise.all([
    ctx.db.prisma.cardOrder.findFirst({ where: { id, accountId: ctx.acting.id } }),
    ctx.db.prisma.card.findFirst({ where: { cardOrderId: id, accountId: ctx.acting.id } }),
  ]);
  if (order) return toCardOrderView(order);
  return card ? toCreationOrderView(card) : null;
}

/**
 * CI12 / GraphQL cardOrder(id): a recharge or withdraw order, or a card's creation order (its
 * card_order_id), of the acting account. Anything else is `Card order is not exists`.
 */
export async function getCardOrder(ctx: RequestContext, id: string): Promise<CardOrderView> {
  const order = await findOwnOrder(ctx, id);
  if (!order) throw cardOrderErrors.orderNotExists();
  return order;
}

/**
 * CI12 as the official clients call it (`GET /v1/issuing/cards/{id}/order`). The Node client's
 * `retrieveOrder(cardId)` passes a card id: the card's latest order (its last recharge, withdraw or
 * other order, else its creation order). The Python client's README and tests pass an order id (a
 * recharge's `card_order_id`): that order. A card id is looked up first; an id that is neither
 * answers card_not_found, as every call that takes a card id does.
 */
export async function getOrderByCardOrOrderId(ctx: RequestContext, id: string): Promise<CardOrderView> {
  const card = isUuid(id) ? await ctx.db.prisma.card.findFirst({ where: { id, accountId: ctx.acting.id } }) : null;
  if (!card) {
    const order = await findOwnOrder(ctx, id);
    if (!order) throw cardErrors.notFound();
    return order;
  }
  const order = await ctx.db.prisma.cardOrder.findFirst({ where: { cardId: card.id, accountId: ctx.acting.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return order ? toCardOrderView(order) : toCreationOrderView(card);
}

/**
 * GraphQL's loaders (node, Card.cardOrder): the acting account's card orders with these ids, a
 * recharge or withdraw order's row or a card's creation order (its card_order_id), as cardOrder(id) reads them.
 */
export async function cardOrdersByIds(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, CardOrderView>> {
  const found = await viewsByIds(ids, (valid) => ctx.db.prisma.cardOrder.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } }), (rows) => rows.map(toCardOrderView));
  const rest = ids.filter((id) => !found.has(id));
  const creations = await viewsByIds(
    rest,
    async (valid) => (await ctx.db.prisma.card.findMany({ where: { cardOrderId: { in: valid }, accountId: ctx.acting.id } })).map((card) => ({ id: card.cardOrderId, card })),
    (rows) => rows.map((r) => toCreationOrderView(r.card)),
  );
  return new Map([...found, ...creations]);
}

/**
 * GraphQL cardOrders: the acting account's card orders (recharges, withdraws, limit elevations and
 * PIN orders), newest first, optionally of one card. A card's creation order is not a row of its
 * own (it is the card's, read from the card: cardOrder(id) with the card's cardOrderId answers it),
 * so it is not listed; the card itself stands for it.
 */
export const cardOrderList = defineList({
  filter: z.object({ cardId: z.string().optional() }),
  order: newestFirst('cardOrders'),
  find(ctx, filter, page) {
    // A card id that is not a UUID matches nothing (as another tenant's card does) rather than failing the list.
    const cardId = filter.cardId === undefined ? {} : { cardId: isUuid(filter.cardId) ? filter.cardId : '00000000-0000-0000-0000-000000000000' };
    const where = { accountId: ctx.acting.id, ...cardId };
    return page.slice(ctx.db.prisma.cardOrder.findMany(page.prisma(where)), ctx.db.prisma.cardOrder.count({ where }), toCardOrderView);
  },
});
