import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../context';
import { objectOf } from '../../shared/node';
import { Account, accountNode } from '../../onboarding/accounts/types';
import { IssuingTransfer } from './types';

/**
 * Each foreign key of this area's objects keeps its id field and gains the object beside it
 * (docs/graphql.md, "Ids and objects"): a page of N rows reads each kind of object once.
 */

/** The objects beside IssuingTransfer's foreign keys, each read through its kind's per-request loader. */
@Resolver(() => IssuingTransfer)
export class IssuingTransferObjectFields {
  @FieldResolver(() => Account, { nullable: true, description: 'The account the money left (sourceAccountId; batched per request, null when not visible to the caller)' })
  sourceAccount(@Root() parent: IssuingTransfer, @Ctx() gctx: GraphQLContext): Promise<Account | null> {
    return objectOf(gctx.loaders, accountNode, parent.sourceAccountId);
  }

  @FieldResolver(() => Account, { nullable: true, description: 'The account the money reached (destinationAccountId; batched per request, null when not visible to the caller)' })
  destinationAccount(@Root() parent: IssuingTransfer, @Ctx() gctx: GraphQLContext): Promise<Account | null> {
    return objectOf(gctx.loaders, accountNode, parent.destinationAccountId);
  }
}
