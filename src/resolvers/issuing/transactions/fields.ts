import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../context';
import { objectOf } from '../../shared/node';
import { Cardholder, cardholderNode } from '../../issuing/cardholders/types';
import { Card, cardNode } from '../../issuing/cards/types';
import { CardTransaction, cardTransactionNode } from './types';

/**
 * Each foreign key of this area's objects keeps its id field and gains the object beside it
 * (docs/graphql.md, "Ids and objects"): a page of N rows reads each kind of object once.
 */

/** The objects beside CardTransaction's foreign keys, each read through its kind's per-request loader. */
@Resolver(() => CardTransaction)
export class CardTransactionObjectFields {
  @FieldResolver(() => Card, { nullable: true, description: 'The card the transaction was made with (cardId; batched per request, null when not visible to the caller)' })
  card(@Root() parent: CardTransaction, @Ctx() gctx: GraphQLContext): Promise<Card | null> {
    return objectOf(gctx.loaders, cardNode, parent.cardId);
  }

  @FieldResolver(() => Cardholder, { nullable: true, description: 'The holder of the card (cardholderId; batched per request, null when not visible to the caller)' })
  cardholder(@Root() parent: CardTransaction, @Ctx() gctx: GraphQLContext): Promise<Cardholder | null> {
    return objectOf(gctx.loaders, cardholderNode, parent.cardholderId);
  }

  @FieldResolver(() => CardTransaction, { nullable: true, description: 'The transaction this one reverses, clears or refunds (originalTransactionId; batched per request, null when not visible to the caller)' })
  originalTransaction(@Root() parent: CardTransaction, @Ctx() gctx: GraphQLContext): Promise<CardTransaction | null> {
    return objectOf(gctx.loaders, cardTransactionNode, parent.originalTransactionId);
  }
}
