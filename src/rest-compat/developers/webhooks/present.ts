import type { z } from 'zod';
import type { WebhookDeliveryView, WebhookEndpointView, WebhookEndpointWithSecret } from '../../../domain/developers/webhooks/view';
import { iso, isoOrNull } from '../../shared/wire';
import type { restWebhookDelivery, restWebhookEndpoint, restWebhookEndpointWithSecret } from './schemas';

/** The endpoint in wire names without its failure count or secret: the disable event's data. */
export const toRestEndpointEvent = (v: WebhookEndpointView) => ({
  webhook_endpoint_id: v.id,
  url: v.url,
  event_names: v.eventNames,
  status: v.status,
  create_time: v.createdAt.toISOString(),
  update_time: v.updatedAt.toISOString(),
});

/** The same object the disable event carries as data (toRestEndpointEvent), plus the failure count. */
export const toRestWebhookEndpoint = (v: WebhookEndpointView): z.input<typeof restWebhookEndpoint> => ({
  ...toRestEndpointEvent(v),
  consecutive_failures: v.consecutiveFailures,
});

export const toRestWebhookEndpointWithSecret = (v: WebhookEndpointWithSecret): z.input<typeof restWebhookEndpointWithSecret> => ({
  ...toRestWebhookEndpoint(v),
  secret: v.secret,
});

export const toRestWebhookDelivery = (v: WebhookDeliveryView): z.input<typeof restWebhookDelivery> => ({
  webhook_delivery_id: v.id,
  webhook_endpoint_id: v.endpointId,
  event_id: v.eventId,
  event_name: v.eventName,
  account_id: v.eventAccountId,
  status: v.status,
  attempts: v.attempts,
  next_attempt_time: isoOrNull(v.nextAttemptAt),
  last_attempt_time: isoOrNull(v.lastAttemptAt),
  last_status_code: v.lastStatusCode,
  last_error: v.lastError,
  create_time: iso(v.createdAt),
});
