import { graphqlArea } from '../../area';
import { WebhooksResolver } from './resolver';
import { WebhookEndpoint, toGraphQLWebhookEndpoint, webhookEndpointNode, webhookDeliveryNode } from './types';
import { WebhookDeliveryObjectFields } from './fields';

/** The webhooks area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [webhookEndpointNode, webhookDeliveryNode], resolvers: [WebhooksResolver, WebhookDeliveryObjectFields], objects: { webhook_endpoint: { type: WebhookEndpoint, map: toGraphQLWebhookEndpoint } } });
