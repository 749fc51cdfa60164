import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { PAYMENT_PAYOUT_STATUSES } from '../../../domain/acquiring/payouts/rules';
import type { PaymentPayoutView } from '../../../domain/acquiring/payouts/view';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { CurrencyCodeScalar, DecimalScalar } from '../../shared/scalars';
import { Node, rowNode } from '../../shared/node';
import { paymentPayoutsByIds } from '../../../domain/acquiring/payouts/queries';

export const PaymentPayoutStatusEnum = enumFrom('PaymentPayoutStatus', PAYMENT_PAYOUT_STATUSES, 'INITIATED, PROCESSING, SUCCEEDED, FAILED');

@ObjectType({ implements: Node, description: 'Money paid out of the available payment balance (catalogue PA16-PA18)' })
export class PaymentPayout {
  @Field(() => ID)
  id!: string;

  @Field(() => PaymentPayoutStatusEnum)
  status!: string;

  @Field(() => CurrencyCodeScalar)
  currency!: string;

  @Field(() => DecimalScalar)
  amount!: string;

  @Field(() => String)
  statementDescriptor!: string;

  @Field(() => String, { nullable: true })
  internalNote!: string | null;

  @Field(() => ID, { nullable: true, description: 'The settlement bank account it goes to' })
  bankAccountId!: string | null;

  @Field(() => ID, { nullable: true, description: 'The account of the tree whose wallet it goes to' })
  payoutAccountId!: string | null;

  @Field(() => String, { nullable: true })
  failureReason!: string | null;

  @Field(() => GraphQLDateTime)
  createdAt!: string;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When it SUCCEEDED or FAILED' })
  completedAt!: string | null;
}

export const toGraphQLPaymentPayout = (p: PaymentPayoutView): PaymentPayout => ({
  id: p.id,
  status: p.status,
  currency: p.currency,
  amount: p.amount,
  statementDescriptor: p.statementDescriptor,
  internalNote: p.internalNote,
  bankAccountId: p.bankAccountId,
  payoutAccountId: p.payoutAccountId,
  failureReason: p.failureReason,
  createdAt: p.createdAt.toISOString(),
  completedAt: p.completedAt?.toISOString() ?? null,
});

export const PaymentPayoutConnection = Connection(PaymentPayout, 'PaymentPayout');

@InputType({ description: 'PA16; the rules and their messages are those of POST /v2/payment/payout/create' })
export class CreatePaymentPayoutInput {
  @Field(() => CurrencyCodeScalar)
  payoutCurrency!: string;

  @Field(() => DecimalScalar)
  payoutAmount!: string;

  @Field(() => String, { description: 'At most 22 characters; SIMULATE-FAILED makes it fail in the sandbox' })
  statementDescriptor!: string;

  @Field(() => String, { nullable: true })
  internalNote?: string;

  @Field(() => String, { nullable: true, description: 'Id or short reference of an account of the tree: pays into its wallet instead of the bank' })
  payoutAccountId?: string;
}

@InputType()
export class PaymentPayoutFilter {
  @Field(() => PaymentPayoutStatusEnum, { nullable: true })
  status?: string;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'Created at or after' })
  startTime?: Date;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'Created at or before' })
  endTime?: Date;
}

/** PaymentPayout as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const paymentPayoutNode = rowNode({ kind: 'payment_payout', type: PaymentPayout, find: paymentPayoutsByIds, map: toGraphQLPaymentPayout });
