import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLDateTime, GraphQLJSON } from 'graphql-scalars';
import { REFUND_STATUSES } from '../../../domain/acquiring/refunds/rules';
import type { RefundView } from '../../../domain/acquiring/refunds/view';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { CurrencyCodeScalar, DecimalScalar } from '../../shared/scalars';
import { Node, rowNode } from '../../shared/node';
import { refundsByIds } from '../../../domain/acquiring/refunds/queries';

export const RefundStatusEnum = enumFrom('RefundStatus', REFUND_STATUSES, 'Spec 3.1; payrail produces INITIATED, PROCESSING, SUCCEEDED, FAILED');

@ObjectType({ implements: Node, description: 'Money returned to the card of a captured PaymentIntent (spec 2.4; catalogue PA8-PA10)' })
export class Refund {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  paymentIntentId!: string;

  @Field(() => ID)
  paymentAttemptId!: string;

  @Field(() => DecimalScalar)
  amount!: string;

  @Field(() => CurrencyCodeScalar)
  currency!: string;

  @Field(() => RefundStatusEnum)
  status!: string;

  @Field(() => String)
  reason!: string;

  @Field(() => GraphQLJSON, { nullable: true, description: 'Free key-value pairs, kept as sent' })
  metadata!: Record<string, unknown> | null;

  @Field(() => String, { nullable: true, description: 'Why a FAILED refund failed' })
  failureReason!: string | null;

  @Field(() => GraphQLDateTime)
  createdAt!: string;

  @Field(() => GraphQLDateTime)
  updatedAt!: string;
}

/** Plain JSON-safe values: mutation results are stored and replayed by the idempotency layer. */
export const toGraphQLRefund = (r: RefundView): Refund => ({
  id: r.id,
  paymentIntentId: r.paymentIntentId,
  paymentAttemptId: r.paymentAttemptId,
  amount: r.amount,
  currency: r.currency,
  status: r.status,
  reason: r.reason,
  metadata: r.metadata,
  failureReason: r.failureReason,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const RefundConnection = Connection(Refund, 'Refund');

@InputType({ description: 'Spec 4.9; the rules and their messages are those of POST /v2/payment/refunds' })
export class CreateRefundInput {
  @Field(() => ID)
  paymentIntentId!: string;

  @Field(() => DecimalScalar, { description: "In the intent's currency" })
  amount!: string;

  @Field(() => String, { description: 'At most 100 characters; SIMULATE-FAILED makes the refund FAILED in the sandbox' })
  reason!: string;

  @Field(() => ID, { nullable: true, description: "Defaults to the intent's latest attempt" })
  paymentAttemptId?: string;

  @Field(() => GraphQLJSON, { nullable: true })
  metadata?: Record<string, unknown>;
}

@InputType()
export class RefundFilter {
  @Field(() => ID, { nullable: true })
  paymentIntentId?: string;

  @Field(() => String, { nullable: true })
  merchantOrderId?: string;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'Created at or after' })
  startTime?: Date;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'Created at or before' })
  endTime?: Date;
}

/** Refund as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const refundNode = rowNode({ kind: 'refund', type: Refund, find: refundsByIds, map: toGraphQLRefund });
