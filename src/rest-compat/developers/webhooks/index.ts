import { restArea } from '../../area';
import { webhookEnvelopes } from './errors';
import { toRestEndpointEvent } from './present';
import { registerWebhookRoutes } from './routes';

/** The webhooks area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: webhookEnvelopes, routes: [registerWebhookRoutes], presenters: { webhook_endpoint: toRestEndpointEvent } });
