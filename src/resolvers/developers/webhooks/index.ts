import { graphqlArea } from '../../area';
import { WebhooksResolver } from './resolver';
import { WebhookEndpoint, toGraphQLWebhookEndpoint } from './types';

/** The webhooks area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [WebhooksResolver], objects: { webhook_endpoint: { type: WebhookEndpoint, map: toGraphQLWebhookEndpoint } } });
