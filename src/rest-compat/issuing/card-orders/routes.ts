import type { FastifyInstance } from 'fastify';
import { getCardOrder, getOrderByCardOrOrderId } from '../../../domain/issuing/card-orders/queries';
import { cardOrderWire, elevateLimitWire, manageCardPinWire } from './wire';
import { elevateCardLimit } from '../../../domain/issuing/card-orders/limit-elevation';
import { manageCardPin } from '../../../domain/issuing/card-orders/manage-pin';
import { rechargeCard, withdrawCard } from '../../../domain/issuing/card-orders/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { toRestCardOrder, toRestElevateLimitResult, toRestManagePinResult } from './present';
import { restCardOrder, restElevateLimitResult, restManagePinResult } from './schemas';

/**
 * CI8, CI9 and CI12 (path chosen by payrail: docs/decisions/issuing/card-orders.md "Card orders"), and the official
 * clients' elevateLimit and managePin, which answer with an order; card-issuance family.
 */
export function registerCardOrderRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'issuance', tag: 'issuing' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/:id/recharge',
    summary: 'Recharge a SINGLE card from the issuing balance',
    body: cardOrderWire.schema,
    names: cardOrderWire.names,
    response: restCardOrder,
    handler: async (ctx, { params, body }) => ({ body: toRestCardOrder(await rechargeCard(ctx, params.id ?? '', cardOrderWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/:id/withdraw',
    summary: "Withdraw from a SINGLE card's balance to the issuing balance",
    body: cardOrderWire.schema,
    names: cardOrderWire.names,
    response: restCardOrder,
    handler: async (ctx, { params, body }) => ({ body: toRestCardOrder(await withdrawCard(ctx, params.id ?? '', cardOrderWire.toCommand(body))) }),
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
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/:id/elevate_limit',
    summary: "Raise a SHARE card's limit for some days; the order is PENDING until the simulated issuer applies it",
    body: elevateLimitWire.schema,
    names: elevateLimitWire.names,
    response: restElevateLimitResult,
    handler: async (ctx, { params, body }) => ({ body: toRestElevateLimitResult(await elevateCardLimit(ctx, params.id ?? '', elevateLimitWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/manage/pin',
    summary: 'Set (SET) or change (RESET, with old_pin) the PIN of an activated physical card',
    // The body holds a PIN: the idempotency store keeps a fast hash of each body, which would undo
    // the slow hash the PIN is kept under. A retry sets the same PIN again (a RESET's old PIN then
    // no longer matches).
    idempotency: 'none',
    body: manageCardPinWire.schema,
    names: manageCardPinWire.names,
    response: restManagePinResult,
    handler: async (ctx, { body }) => ({ body: toRestManagePinResult(await manageCardPin(ctx, manageCardPinWire.toCommand(body))) }),
  });
}
