import type { Tx } from '../../../platform/db/tx';
import { recordEvent } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WebhookEndpointView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

/** The disable event's data: the endpoint's view (never its secret, which the view does not hold). */
export const webhookEndpointPayload = payloadOf<WebhookEndpointView>()('webhook_endpoint', { createdAt: 'date', updatedAt: 'date' });

export const recordEndpointDisabled = (tx: Tx, endpoint: WebhookEndpointView, at: Date) =>
  recordEvent(tx, { accountId: endpoint.accountId, eventName: 'webhook_endpoint.disable.succeeded', sourceId: endpoint.id, data: webhookEndpointPayload.facts(endpoint), at });
