import type { RequestContext } from '../context';
import { findOwnCard } from '../cards/queries';
import { isUuid } from '../ids/ids';
import { cardOrderErrors } from './errors';
import { toCardOrderView, toCreationOrderView, type CardOrderView } from './view';

/**
 * CI12 / GraphQL cardOrder(id): a recharge or withdraw order, or a card's creation order (its
 * card_order_id), of the acting account. Anything else is `Card order is not exists`.
 */
export async function getCardOrder(ctx: RequestContext, id: string): Promise<CardOrderView> {
  if (!isUuid(id)) throw cardOrderErrors.orderNotExists();
  const [order, card] = await Promise.all([
    ctx.db.prisma.cardOrder.findFirst({ where: { id, accountId: ctx.acting.id } }),
    ctx.db.prisma.card.findFirst({ where: { cardOrderId: id, accountId: ctx.acting.id } }),
  ]);
  if (order) return toCardOrderView(order);
  if (card) return toCreationOrderView(card);
  throw cardOrderErrors.orderNotExists();
}

/**
 * CI12 as the official client's `retrieveOrder(cardId)` reads it (`GET /v1/issuing/cards/{id}/order`):
 * the card's latest order — its last recharge or withdraw, else its creation order. An unknown card
 * answers card_not_found, as every call that takes a card id does.
 */
export async function getLatestOrderOfCard(ctx: RequestContext, cardId: string): Promise<CardOrderView> {
  const card = await findOwnCard(ctx, cardId);
  const order = await ctx.db.prisma.cardOrder.findFirst({ where: { cardId: card.id, accountId: ctx.acting.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return order ? toCardOrderView(order) : toCreationOrderView(card);
}
