import type { FastifyInstance } from 'fastify';
import { activateCard, assignCard, resetCardPin, updateCard } from '../../../domain/issuing/cards/operations';
import type { AppServices } from '../../../services';
import { linkOrigin } from '../../../platform/runtime/public-origin';
import { registerRoute } from '../../route';
import { toRestCardCreateResult } from './present';
import { restActivateResult, restCardCreateResult } from './schemas';
import { activateCardWire, assignCardWire, resetCardPinWire, updateCardWire } from './wire';

/**
 * CI4, CI10, CI11 and CI13 (endpoints.md 3.5), card-issuance family. The static paths (activate,
 * assign, pin) are registered before Fastify would match them as `:id`: its router prefers static
 * segments, so `/v1/issuing/cards/activate` never reaches CI4.
 */
export function registerCardOperationRoutes(app: FastifyInstance, services: AppServices): void {
  const originOf = linkOrigin(services.config);
  const base = { family: 'issuance', tag: 'issuing' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/activate',
    summary: 'Activate a physical card and set its PIN',
    body: activateCardWire.schema,
    names: activateCardWire.names,
    response: restActivateResult,
    handler: async (ctx, { body }) => {
      await activateCard(ctx, services, activateCardWire.toCommand(body));
      return { body: { request_status: 'SUCCESS' as const } };
    },
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/assign',
    summary: 'Assign an unassigned physical card to a cardholder',
    body: assignCardWire.schema,
    names: assignCardWire.names,
    response: restCardCreateResult,
    handler: async (ctx, { body, request }) => ({ body: toRestCardCreateResult(await assignCard(ctx, services, assignCardWire.toCommand(body)), originOf(request)) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/:id',
    summary: 'Update a card (limit, no-PIN amount, controls, metadata)',
    body: updateCardWire.schema,
    names: updateCardWire.names,
    response: restCardCreateResult,
    handler: async (ctx, { params, body, request }) => ({
      body: toRestCardCreateResult(await updateCard(ctx, params.id ?? '', updateCardWire.toCommand(body)), originOf(request)),
    }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/pin',
    summary: 'Reset the PIN of a physical card',
    body: resetCardPinWire.schema,
    names: resetCardPinWire.names,
    response: restActivateResult,
    handler: async (ctx, { body }) => {
      await resetCardPin(ctx, resetCardPinWire.toCommand(body));
      return { body: { request_status: 'SUCCESS' as const } };
    },
  });
}
