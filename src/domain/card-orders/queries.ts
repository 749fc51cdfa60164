import type { RequestContext } from '../context';
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
