import { Arg, Args, Ctx, Field, ID, InputType, Query, Resolver } from 'type-graphql';
import { cardOrderList } from '../../../domain/issuing/card-orders/queries';
import type { GraphQLContext } from '../../context';
import { commandInput } from '../../shared/command-input';
import { Connection, ConnectionArgs } from '../../shared/connection';
import { connection } from '../../shared/operations';
import { CardOrder, toGraphQLCardOrder } from './types';

export const CardOrderConnection = Connection(CardOrder, 'CardOrder');

@InputType({ description: 'Which card orders to list' })
export class CardOrderFilterInput {
  @Field(() => ID, { nullable: true, description: "One card's orders; an id that is not one of the acting account's cards lists none" }) cardId?: string | null;
}

/** The card orders as a list, paged by key. */
@Resolver()
export class CardOrderListResolver {
  @Query(() => CardOrderConnection, {
    description: "The acting account's card orders (recharges, withdraws, limit elevations, PIN orders), newest first. A card's creation order is the card's own: cardOrder(id) answers it by the card's cardOrderId",
  })
  cardOrders(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => CardOrderFilterInput, { nullable: true }) filter?: CardOrderFilterInput,
  ) {
    return connection(gctx, page, cardOrderList, toGraphQLCardOrder, commandInput(filter));
  }
}
