import { defineArea } from '../../../platform/areas';
import { webhookEndpointPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { DELIVERY_STATUSES, ENDPOINT_STATUSES } from './rules';

/** What the webhooks area of developers gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [
    { kind: 'webhook_endpoint', table: 'webhook_endpoints' },
    { kind: 'webhook_delivery', table: 'webhook_deliveries' },
  ],
  statusColumns: [
    statusColumn('webhook_endpoints', 'status', ENDPOINT_STATUSES),
    statusColumn('webhook_deliveries', 'status', DELIVERY_STATUSES),
  ],
  payloads: [webhookEndpointPayload],
});
