import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { cardProductList } from '../../../domain/issuing/products/queries';
import type { GraphQLContext } from '../../context';
import { connection } from '../../shared/operations';
import { CardProductConnection, toGraphQLCardProduct } from './types';

/** CI18 over GraphQL. */
@Resolver()
export class CardProductsResolver {
  @Query(() => CardProductConnection, { description: "The card products of the acting account's tree" })
  cardProducts(
    @Ctx() gctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ) {
    return connection(gctx, { first, after }, cardProductList, toGraphQLCardProduct);
  }
}
