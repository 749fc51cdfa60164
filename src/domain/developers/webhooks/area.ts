import { defineArea } from '../../../platform/areas';
import { webhookEndpointPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { DELIVERY_STATUSES, ENDPOINT_STATUSES } from './rules';

/** What the webhooks area of developers gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({
  statusColumns: [
    statusColumn('webhook_endpoints', 'status', ENDPOINT_STATUSES),
    statusColumn('webhook_deliveries', 'status', DELIVERY_STATUSES),
  ],
  payloads: [webhookEndpointPayload],
});
