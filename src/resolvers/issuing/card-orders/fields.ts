import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../context';
import { objectOf } from '../../shared/node';
import { Card, cardNode } from '../../issuing/cards/types';
import { CardOrder } from './types';

/**
 * Each foreign key of this area's objects keeps its id field and gains the object beside it
 * (docs/graphql.md, "Ids and objects"): a page of N rows reads each kind of object once.
 */

/** The objects beside CardOrder's foreign keys, each read through its kind's per-request loader. */
@Resolver(() => CardOrder)
export class CardOrderObjectFields {
  @FieldResolver(() => Card, { nullable: true, description: 'The card the order is for (cardId; batched per request, null when not visible to the caller)' })
  card(@Root() parent: CardOrder, @Ctx() gctx: GraphQLContext): Promise<Card | null> {
    return objectOf(gctx.loaders, cardNode, parent.cardId);
  }
}
