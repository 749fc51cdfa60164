import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../context';
import { objectOf } from '../../shared/node';
import { PaymentAttempt, PaymentIntent, paymentIntentNode } from './types';

/**
 * Each foreign key of this area's objects keeps its id field and gains the object beside it
 * (docs/graphql.md, "Ids and objects"): a page of N rows reads each kind of object once.
 */

/** The objects beside PaymentAttempt's foreign keys, each read through its kind's per-request loader. */
@Resolver(() => PaymentAttempt)
export class PaymentAttemptObjectFields {
  @FieldResolver(() => PaymentIntent, { nullable: true, description: 'The intent this attempt pays (paymentIntentId; batched per request, null when not visible to the caller)' })
  paymentIntent(@Root() parent: PaymentAttempt, @Ctx() gctx: GraphQLContext): Promise<PaymentIntent | null> {
    return objectOf(gctx.loaders, paymentIntentNode, parent.paymentIntentId);
  }
}
