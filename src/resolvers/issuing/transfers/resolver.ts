import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { getIssuingTransfer } from '../../../domain/issuing/transfers/queries';
import { createIssuingTransfer } from '../../../domain/issuing/transfers/service';
import type { GraphQLContext } from '../../context';
import { mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { CreateIssuingTransferInput, IssuingTransfer, toGraphQLIssuingTransfer } from './types';

/** CI24 and CI25 over GraphQL. */
@Resolver()
export class IssuingTransfersResolver {
  @Query(() => IssuingTransfer, { nullable: true, description: 'An issuing transfer the acting account made or is a party to' })
  issuingTransfer(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<IssuingTransfer | null> {
    return lookup(gctx, (ctx) => getIssuingTransfer(ctx, id), toGraphQLIssuingTransfer);
  }

  @Mutation(() => IssuingTransfer, { description: 'Moves money between two issuing balances of one tree; COMPLETED at once' })
  createIssuingTransfer(@Arg('input', () => CreateIssuingTransferInput) input: CreateIssuingTransferInput, @Ctx() gctx: GraphQLContext): Promise<IssuingTransfer> {
    return mutation(gctx, { field: 'createIssuingTransfer', family: 'issuance', input: commandInput(input) }, (ctx, body) => createIssuingTransfer(ctx, body), toGraphQLIssuingTransfer);
  }
}
