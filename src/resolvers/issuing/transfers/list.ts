import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { issuingTransferList } from '../../../domain/issuing/transfers/queries';
import type { GraphQLContext } from '../../context';
import { Connection, ConnectionArgs } from '../../shared/connection';
import { connection } from '../../shared/operations';
import { IssuingTransfer, toGraphQLIssuingTransfer } from './types';

export const IssuingTransferConnection = Connection(IssuingTransfer, 'IssuingTransfer');

/** The issuing transfers as a list: the rows issuingTransfer(id) answers, paged by key. */
@Resolver()
export class IssuingTransferListResolver {
  @Query(() => IssuingTransferConnection, { description: 'Issuing transfers the acting account made or is a party to (source or destination), newest first' })
  issuingTransfers(@Ctx() gctx: GraphQLContext, @Args(() => ConnectionArgs) page: ConnectionArgs) {
    return connection(gctx, page, issuingTransferList, toGraphQLIssuingTransfer);
  }
}
