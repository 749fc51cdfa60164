import type { FastifyInstance } from 'fastify';
import { cardList, getCard } from '../../../domain/issuing/cards/queries';
import { createCard, updateCardStatus } from '../../../domain/issuing/cards/service';
import type { AppServices } from '../../../services';
import { linkOrigin } from '../../../platform/runtime/public-origin';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { registerCardOperationRoutes } from './operation-routes';
import { registerNetworkProtectionRoutes } from './network-protection-routes';
import { toRestCard, toRestCardCreateResult, toRestCardStatusResult } from './present';
import { restCard, restCardCreateResult, restCardStatusResult } from './schemas';
import { CARD_STATUS_SPELLINGS, cardFilterWire, createCardWire, updateCardStatusWire } from './wire';

/** CI1, CI2, CI3 and CI5 (spec 4.4, endpoints.md 3.5), card-issuance family. */
export function registerCardRoutes(app: FastifyInstance, services: AppServices): void {
  const originOf = linkOrigin(services.config);
  const base = { family: 'issuance', tag: 'issuing' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards',
    summary: 'Create a card',
    body: createCardWire.schema,
    names: createCardWire.names,
    response: restCardCreateResult,
    handler: async (ctx, { body, request }) => ({ body: toRestCardCreateResult(await createCard(ctx, services, createCardWire.toCommand(body)), originOf(request)) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/issuing/cards',
    summary: 'List cards, newest first',
    ...listRoute(cardList, (v) => toRestCard(v), restCard, cardFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/issuing/cards/:id',
    summary: 'Retrieve a card',
    response: restCard,
    handler: async (ctx, { params }) => ({ body: toRestCard(await getCard(ctx, params.id ?? '')) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/:id/status',
    summary: 'Update a card status (freeze, unfreeze, cancel); `status` and `reason` are read as `card_status` and `update_reason`',
    body: updateCardStatusWire.schema,
    names: updateCardStatusWire.names,
    aliases: CARD_STATUS_SPELLINGS,
    response: restCardStatusResult,
    handler: async (ctx, { params, body }) => ({ body: toRestCardStatusResult(await updateCardStatus(ctx, params.id ?? '', updateCardStatusWire.toCommand(body))) }),
  });
  registerCardOperationRoutes(app, services);
  registerNetworkProtectionRoutes(app, services);
}
