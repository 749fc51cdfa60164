import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../context';
import { objectOf } from '../../shared/node';
import { Account, accountNode } from '../../onboarding/accounts/types';
import { Rfi } from './types';

/**
 * Each foreign key of this area's objects keeps its id field and gains the object beside it
 * (docs/graphql.md, "Ids and objects"): a page of N rows reads each kind of object once.
 */

/** The objects beside Rfi's foreign keys, each read through its kind's per-request loader. */
@Resolver(() => Rfi)
export class RfiObjectFields {
  @FieldResolver(() => Account, { nullable: true, description: 'The account asked (accountId; batched per request, null when not visible to the caller)' })
  account(@Root() parent: Rfi, @Ctx() gctx: GraphQLContext): Promise<Account | null> {
    return objectOf(gctx.loaders, accountNode, parent.accountId);
  }
}
