import { Arg, Ctx, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
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
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => MerchantBrandFilter, { nullable: true }) filter?: MerchantBrandFilter,
  ) {
    return connection(gctx, page, merchantBrandList, toGraphQLMerchantBrand, commandInput(filter));
  }
}
