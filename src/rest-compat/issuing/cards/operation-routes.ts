import type { FastifyInstance } from 'fastify';
import { activateCard, assignCard, resetCardPin, updateCard } from '../../../domain/issuing/cards/operations';
import { activateCardInput, assignCardInput, resetCardPinInput, updateCardInput } from '../../../domain/issuing/cards/operations-rules';
import type { AppServices } from '../../../services';
import { linkOrigin } from '../../../platform/runtime/public-origin';
import { registerRoute } from '../../route';
import { toRestCardCreateResult } from './present';
import { restActivateResult, restCardCreateResult } from './schemas';

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
    body: activateCardInput,
    response: restActivateResult,
    handler: async (ctx, { body }) => {
      await activateCard(ctx, services, body);
      return { body: { request_status: 'SUCCESS' as const } };
    },
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/assign',
    summary: 'Assign an unassigned physical card to a cardholder',
    body: assignCardInput,
    response: restCardCreateResult,
    handler: async (ctx, { body, request }) => ({ body: toRestCardCreateResult(await assignCard(ctx, services, body), originOf(request)) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/:id',
    summary: 'Update a card (limit, no-PIN amount, controls, metadata)',
    body: updateCardInput,
    response: restCardCreateResult,
    handler: async (ctx, { params, body, request }) => ({ body: toRestCardCreateResult(await updateCard(ctx, params.id ?? '', body), originOf(request)) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/pin',
    summary: 'Reset the PIN of a physical card',
    body: resetCardPinInput,
    response: restActivateResult,
    handler: async (ctx, { body }) => {
      await resetCardPin(ctx, body);
      return { body: { request_status: 'SUCCESS' as const } };
    },
  });
}
