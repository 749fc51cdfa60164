import { Arg, Ctx, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { settlementList } from '../../../domain/acquiring/settlements/queries';
import type { GraphQLContext } from '../../context';
import { connection } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { Settlement, SettlementConnection, SettlementFilter, toGraphQLSettlement } from './types';

@Resolver(() => Settlement)
export class SettlementsResolver {
  @Query(() => SettlementConnection, { description: 'Settlement items of the acting account, newest settlement first' })
  settlements(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => SettlementFilter, { nullable: true }) filter?: SettlementFilter,
  ) {
    return connection(gctx, page, settlementList, toGraphQLSettlement, commandInput(filter));
  }
}
