import { defineArea } from '../../../platform/areas';
import { webhookEndpointPayload } from './events';

/** What the webhooks area of developers gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({ payloads: [webhookEndpointPayload] });
