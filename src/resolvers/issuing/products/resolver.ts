import { Ctx, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
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
    @Args(() => ConnectionArgs) page: ConnectionArgs,
  ) {
    return connection(gctx, page, cardProductList, toGraphQLCardProduct);
  }
}
