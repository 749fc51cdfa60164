import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../context';
import { objectOf } from '../../shared/node';
import { Account, accountNode } from '../../onboarding/accounts/types';
import { Transfer } from './types';

/**
 * Each foreign key of this area's objects keeps its id field and gains the object beside it
 * (docs/graphql.md, "Ids and objects"): a page of N rows reads each kind of object once.
 */

/** The objects beside Transfer's foreign keys, each read through its kind's per-request loader. */
@Resolver(() => Transfer)
export class TransferObjectFields {
  @FieldResolver(() => Account, { nullable: true, description: 'The account the money left (sourceAccountId; batched per request, null when not visible to the caller)' })
  sourceAccount(@Root() parent: Transfer, @Ctx() gctx: GraphQLContext): Promise<Account | null> {
    return objectOf(gctx.loaders, accountNode, parent.sourceAccountId);
  }

  @FieldResolver(() => Account, { nullable: true, description: 'The account the money reached (targetAccountId; batched per request, null when not visible to the caller)' })
  targetAccount(@Root() parent: Transfer, @Ctx() gctx: GraphQLContext): Promise<Account | null> {
    return objectOf(gctx.loaders, accountNode, parent.targetAccountId);
  }
}
