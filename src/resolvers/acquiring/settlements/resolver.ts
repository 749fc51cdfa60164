import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
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
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => SettlementFilter, { nullable: true }) filter?: SettlementFilter,
  ) {
    return connection(gctx, { first, after }, settlementList, toGraphQLSettlement, commandInput(filter));
  }
}
