import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../context';
import { objectOf } from '../../shared/node';
import { Account, accountNode } from '../../onboarding/accounts/types';
import { WebhookDelivery, WebhookEndpoint, webhookEndpointNode } from './types';

/**
 * Each foreign key of this area's objects keeps its id field and gains the object beside it
 * (docs/graphql.md, "Ids and objects"): a page of N rows reads each kind of object once.
 */

/** The objects beside WebhookDelivery's foreign keys, each read through its kind's per-request loader. */
@Resolver(() => WebhookDelivery)
export class WebhookDeliveryObjectFields {
  @FieldResolver(() => WebhookEndpoint, { nullable: true, description: 'The endpoint delivered to (endpointId; batched per request, null when not visible to the caller)' })
  endpoint(@Root() parent: WebhookDelivery, @Ctx() gctx: GraphQLContext): Promise<WebhookEndpoint | null> {
    return objectOf(gctx.loaders, webhookEndpointNode, parent.endpointId);
  }

  @FieldResolver(() => Account, { nullable: true, description: 'The account whose event was delivered (accountId; batched per request, null when not visible to the caller)' })
  account(@Root() parent: WebhookDelivery, @Ctx() gctx: GraphQLContext): Promise<Account | null> {
    return objectOf(gctx.loaders, accountNode, parent.accountId);
  }
}
