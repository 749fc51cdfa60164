import type { FastifyInstance } from 'fastify';
import { cardholderList, getCardholder } from '../../../domain/issuing/cardholders/queries';
import { createCardholder, updateCardholder } from '../../../domain/issuing/cardholders/service';
import type { AppServices } from '../../../services';
import { linkOrigin } from '../../../platform/runtime/public-origin';
import { registerRoute } from '../../route';
import { cardholderFilterWire, createCardholderWire, updateCardholderWire } from './wire';
import { listRoute } from '../../shared/list';
import { registerIdvPage } from './idv-page';
import { toRestCardholder, toRestCardholderRef } from './present';
import { restCardholder, restCardholderRef } from './schemas';

/** CI14-CI17 (spec 4.12, 4.13), card-issuance family; and the sandbox's IDV page. */
export function registerCardholderRoutes(app: FastifyInstance, services: AppServices): void {
  const originOf = linkOrigin(services.config);
  const base = { family: 'issuance', tag: 'issuing' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cardholders',
    summary: 'Create a cardholder',
    body: createCardholderWire.schema,
    names: createCardholderWire.names,
    response: restCardholderRef,
    handler: async (ctx, { body, request }) => ({ body: toRestCardholderRef(await createCardholder(ctx, createCardholderWire.toCommand(body)), originOf(request)) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/issuing/cardholders',
    summary: 'List cardholders, newest first',
    ...listRoute(cardholderList, (v, input) => toRestCardholder(v, originOf(input.request)), restCardholder, cardholderFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/issuing/cardholders/:id',
    summary: 'Retrieve a cardholder',
    response: restCardholder,
    handler: async (ctx, { params, request }) => ({ body: toRestCardholder(await getCardholder(ctx, params.id ?? ''), originOf(request)) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cardholders/:id',
    summary: 'Update a cardholder',
    body: updateCardholderWire.schema,
    names: updateCardholderWire.names,
    response: restCardholderRef,
    handler: async (ctx, { params, body, request }) => ({
      body: toRestCardholderRef(await updateCardholder(ctx, params.id ?? '', updateCardholderWire.toCommand(body)), originOf(request)),
    }),
  });
  registerIdvPage(app, services);
}
