import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { merchantBrandList } from '../../../domain/issuing/merchant-brands/queries';
import type { GraphQLContext } from '../../context';
import { connection } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { MerchantBrandConnection, MerchantBrandFilter, toGraphQLMerchantBrand } from './types';

/** The official clients' merchantBrands.list over GraphQL. */
@Resolver()
export class MerchantBrandsResolver {
  @Query(() => MerchantBrandConnection, { description: 'The merchant brands the sandbox knows, by name, then code' })
  merchantBrands(
    @Ctx() gctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => MerchantBrandFilter, { nullable: true }) filter?: MerchantBrandFilter,
  ) {
    return connection(gctx, { first, after }, merchantBrandList, toGraphQLMerchantBrand, commandInput(filter));
  }
}
