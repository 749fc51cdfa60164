import type { Tx } from '../../db/tx';
import { recordEvent } from '../events/outbox';
import type { WebhookEndpointView } from './view';

/**
 * The endpoint in wire names: the REST door's WebhookEndpoint (without the secret), which the
 * disable event carries as its data (docs/webhooks.md).
 */
export function endpointWire(v: WebhookEndpointView) {
  return {
    webhook_endpoint_id: v.id,
    url: v.url,
    event_names: v.eventNames,
    status: v.status,
    create_time: v.createdAt.toISOString(),
    update_time: v.updatedAt.toISOString(),
  };
}

export const recordEndpointDisabled = (tx: Tx, endpoint: WebhookEndpointView, at: Date) =>
  recordEvent(tx, { accountId: endpoint.accountId, eventName: 'webhook_endpoint.disable.succeeded', sourceId: endpoint.id, data: endpointWire(endpoint), at });
