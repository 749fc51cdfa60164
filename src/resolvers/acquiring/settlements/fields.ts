import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../context';
import { objectOf } from '../../shared/node';
import { PaymentIntent, paymentIntentNode } from '../../acquiring/payments/types';
import { Account, accountNode } from '../../onboarding/accounts/types';
import { Settlement } from './types';

/**
 * Each foreign key of this area's objects keeps its id field and gains the object beside it
 * (docs/graphql.md, "Ids and objects"): a page of N rows reads each kind of object once.
 */

/** The objects beside Settlement's foreign keys, each read through its kind's per-request loader. */
@Resolver(() => Settlement)
export class SettlementObjectFields {
  @FieldResolver(() => PaymentIntent, { nullable: true, description: 'The intent settled (paymentIntentId; batched per request, null when not visible to the caller)' })
  paymentIntent(@Root() parent: Settlement, @Ctx() gctx: GraphQLContext): Promise<PaymentIntent | null> {
    return objectOf(gctx.loaders, paymentIntentNode, parent.paymentIntentId);
  }

  @FieldResolver(() => Account, { nullable: true, description: 'The account settled to (accountId; batched per request, null when not visible to the caller)' })
  account(@Root() parent: Settlement, @Ctx() gctx: GraphQLContext): Promise<Account | null> {
    return objectOf(gctx.loaders, accountNode, parent.accountId);
  }
}
