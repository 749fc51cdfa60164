import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../context';
import { objectOf } from '../../shared/node';
import { CardOrder, cardOrderNode } from '../../issuing/card-orders/types';
import { Cardholder, cardholderNode } from '../../issuing/cardholders/types';
import { CardNetworkProtection } from './network-protection-types';
import { Card, cardNode } from './types';

/**
 * Each foreign key of this area's objects keeps its id field and gains the object beside it
 * (docs/graphql.md, "Ids and objects"): a page of N rows reads each kind of object once.
 */

/** The objects beside Card's foreign keys, each read through its kind's per-request loader. */
@Resolver(() => Card)
export class CardObjectFields {
  @FieldResolver(() => CardOrder, { nullable: true, description: 'The order that created the card (cardOrderId; batched per request, null when not visible to the caller)' })
  cardOrder(@Root() parent: Card, @Ctx() gctx: GraphQLContext): Promise<CardOrder | null> {
    return objectOf(gctx.loaders, cardOrderNode, parent.cardOrderId);
  }
}

/** The objects beside CardNetworkProtection's foreign keys, each read through its kind's per-request loader. */
@Resolver(() => CardNetworkProtection)
export class CardNetworkProtectionObjectFields {
  @FieldResolver(() => Card, { nullable: true, description: 'The card enrolled (cardId; batched per request, null when not visible to the caller)' })
  card(@Root() parent: CardNetworkProtection, @Ctx() gctx: GraphQLContext): Promise<Card | null> {
    return objectOf(gctx.loaders, cardNode, parent.cardId);
  }

  @FieldResolver(() => Cardholder, { nullable: true, description: 'The holder of the card (cardholderId; batched per request, null when not visible to the caller)' })
  cardholder(@Root() parent: CardNetworkProtection, @Ctx() gctx: GraphQLContext): Promise<Cardholder | null> {
    return objectOf(gctx.loaders, cardholderNode, parent.cardholderId);
  }
}
