import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deliveryList, endpointList } from '../../../domain/developers/webhooks/queries';
import { createEndpoint, deleteEndpoint, resendDelivery, rotateEndpointSecret, updateEndpoint } from '../../../domain/developers/webhooks/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { toRestWebhookDelivery, toRestWebhookEndpoint, toRestWebhookEndpointWithSecret } from './present';
import { restWebhookDelivery, restWebhookEndpoint, restWebhookEndpointWithSecret } from './schemas';
import { createEndpointWire, deliveryFilterWire, updateEndpointWire } from './wire';

/** Webhook endpoints and deliveries: payrail's extension in the account-center family. */
export function registerWebhookRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'webhooks' } as const;
  // A POST without parameters takes {} (catalogue 6.5); nothing in it is read.
  const empty = z.object({}).describe('an empty object');
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/webhooks/endpoints',
    summary: 'Create a webhook endpoint; the answer holds its signing secret (shown only here and on rotation)',
    body: createEndpointWire.schema,
    names: createEndpointWire.names,
    response: restWebhookEndpointWithSecret,
    handler: async (ctx, { body }) => ({ body: toRestWebhookEndpointWithSecret(await createEndpoint(ctx, services.cardDataKeys, createEndpointWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/webhooks/endpoints',
    summary: "The acting account's webhook endpoints, newest first",
    ...listRoute(endpointList, toRestWebhookEndpoint, restWebhookEndpoint),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/webhooks/endpoints/:id',
    summary: 'Update a webhook endpoint: url, event_names (null for every event), status',
    body: updateEndpointWire.schema,
    names: updateEndpointWire.names,
    response: restWebhookEndpoint,
    handler: async (ctx, { body, params }) => ({ body: toRestWebhookEndpoint(await updateEndpoint(ctx, params.id ?? '', updateEndpointWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/webhooks/endpoints/:id/rotate_secret',
    summary: 'Replace the signing secret at once; the answer holds the new one',
    body: empty,
    response: restWebhookEndpointWithSecret,
    handler: async (ctx, { params }) => ({ body: toRestWebhookEndpointWithSecret(await rotateEndpointSecret(ctx, services.cardDataKeys, params.id ?? '')) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/webhooks/endpoints/:id/delete',
    summary: 'Delete a webhook endpoint and its deliveries; answers it as it was',
    body: empty,
    response: restWebhookEndpoint,
    handler: async (ctx, { params }) => ({ body: toRestWebhookEndpoint(await deleteEndpoint(ctx, params.id ?? '')) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/webhooks/deliveries',
    summary: "The acting account's webhook deliveries, newest first (filters: endpoint_id, event_id, event_name, status)",
    ...listRoute(deliveryList, toRestWebhookDelivery, restWebhookDelivery, deliveryFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/webhooks/deliveries/:id/resend',
    summary: 'Send a SUCCEEDED or FAILED delivery again, now, with the same event_id',
    body: empty,
    response: restWebhookDelivery,
    handler: async (ctx, { params }) => ({ body: toRestWebhookDelivery(await resendDelivery(ctx, params.id ?? '')) }),
  });
}
