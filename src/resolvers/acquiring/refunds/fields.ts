import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../context';
import { objectOf } from '../../shared/node';
import { PaymentAttempt, PaymentIntent, paymentAttemptNode, paymentIntentNode } from '../../acquiring/payments/types';
import { Refund } from './types';

/**
 * Each foreign key of this area's objects keeps its id field and gains the object beside it
 * (docs/graphql.md, "Ids and objects"): a page of N rows reads each kind of object once.
 */

/** The objects beside Refund's foreign keys, each read through its kind's per-request loader. */
@Resolver(() => Refund)
export class RefundObjectFields {
  @FieldResolver(() => PaymentIntent, { nullable: true, description: 'The intent refunded (paymentIntentId; batched per request, null when not visible to the caller)' })
  paymentIntent(@Root() parent: Refund, @Ctx() gctx: GraphQLContext): Promise<PaymentIntent | null> {
    return objectOf(gctx.loaders, paymentIntentNode, parent.paymentIntentId);
  }

  @FieldResolver(() => PaymentAttempt, { nullable: true, description: 'The captured attempt refunded (paymentAttemptId; batched per request, null when not visible to the caller)' })
  paymentAttempt(@Root() parent: Refund, @Ctx() gctx: GraphQLContext): Promise<PaymentAttempt | null> {
    return objectOf(gctx.loaders, paymentAttemptNode, parent.paymentAttemptId);
  }
}
