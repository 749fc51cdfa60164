import type { FastifyInstance } from 'fastify';
import { getCardOrder, getOrderByCardOrOrderId } from '../../domain/card-orders/queries';
import { cardOrderInput } from '../../domain/card-orders/rules';
import { rechargeCard, withdrawCard } from '../../domain/card-orders/service';
import type { AppServices } from '../../services';
import { registerRoute } from '../route';
import { toRestCardOrder } from './present';
import { restCardOrder } from './schemas';

/** CI8, CI9 and CI12 (path chosen by payrail: docs/decisions.md "Card orders"), card-issuance family. */
export function registerCardOrderRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'issuance', tag: 'issuing' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/:id/recharge',
    summary: 'Recharge a SINGLE card from the issuing balance',
    body: cardOrderInput,
    response: restCardOrder,
    handler: async (ctx, { params, body }) => ({ body: toRestCardOrder(await rechargeCard(ctx, params.id ?? '', body)) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/:id/withdraw',
    summary: "Withdraw from a SINGLE card's balance to the issuing balance",
    body: cardOrderInput,
    response: restCardOrder,
    handler: async (ctx, { params, body }) => ({ body: toRestCardOrder(await withdrawCard(ctx, params.id ?? '', body)) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/issuing/cards/:id/order',
    summary: "Retrieve a card's latest order (by card id), or one card order (by its card_order_id), as the official clients' retrieveOrder calls it",
    response: restCardOrder,
    handler: async (ctx, { params }) => ({ body: toRestCardOrder(await getOrderByCardOrOrderId(ctx, params.id ?? '')) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/issuing/cards/orders/:card_order_id',
    summary: "Retrieve a card order: a card's creation order, a recharge or a withdraw",
    response: restCardOrder,
    handler: async (ctx, { params }) => ({ body: toRestCardOrder(await getCardOrder(ctx, params.card_order_id ?? '')) }),
  });
}
