import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { getCardOrder } from '../../domain/card-orders/queries';
import { rechargeCard, withdrawCard } from '../../domain/card-orders/service';
import type { GraphQLContext } from '../context';
import { mutation, query } from '../shared/operations';
import { wireInput } from '../shared/wire-input';
import { CardOrder, CardOrderInput, toGraphQLCardOrder } from './types';

/** CI8, CI9 and CI12 over GraphQL. */
@Resolver()
export class CardOrdersResolver {
  @Query(() => CardOrder, { description: "A card order: a card's creation order (its cardOrderId), a recharge or a withdraw" })
  cardOrder(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<CardOrder> {
    return query(gctx, (ctx) => getCardOrder(ctx, id), toGraphQLCardOrder);
  }

  @Mutation(() => CardOrder, { description: 'Moves money from the issuing balance onto a SINGLE card' })
  rechargeCard(@Arg('input', () => CardOrderInput) input: CardOrderInput, @Ctx() gctx: GraphQLContext): Promise<CardOrder> {
    const { cardId, amount } = input;
    return mutation(gctx, { field: 'rechargeCard', family: 'issuance', input: wireInput({ amount }) }, (ctx, body) => rechargeCard(ctx, cardId, body), toGraphQLCardOrder);
  }

  @Mutation(() => CardOrder, { description: "Moves money from a SINGLE card's balance back to the issuing balance" })
  withdrawCard(@Arg('input', () => CardOrderInput) input: CardOrderInput, @Ctx() gctx: GraphQLContext): Promise<CardOrder> {
    const { cardId, amount } = input;
    return mutation(gctx, { field: 'withdrawCard', family: 'issuance', input: wireInput({ amount }) }, (ctx, body) => withdrawCard(ctx, cardId, body), toGraphQLCardOrder);
  }
}
