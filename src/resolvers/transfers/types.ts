import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { formatAmount, money } from '../../domain/money/amount';
import type { TransferView } from '../../domain/transfers/queries';
import { TRANSFER_STATUSES } from '../../domain/transfers/rules';
import { Connection } from '../shared/connection';
import { DecimalScalar } from '../shared/scalars';

export const TransferStatusEnum = Object.fromEntries(TRANSFER_STATUSES.map((v) => [v, v])) as {
  [K in (typeof TRANSFER_STATUSES)[number]]: K;
};
registerEnumType(TransferStatusEnum, { name: 'TransferStatus' });

@ObjectType({ description: 'Money moved between two wallets of one account tree (BT6-BT8)' })
export class Transfer {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  shortReferenceId!: string;

  @Field(() => ID, { nullable: true, description: 'The ledger entry that moved the money' })
  referenceId!: string | null;

  @Field(() => ID)
  sourceAccountId!: string;

  @Field(() => String)
  sourceAccountName!: string;

  @Field(() => ID)
  targetAccountId!: string;

  @Field(() => String)
  targetAccountName!: string;

  @Field(() => String)
  currency!: string;

  @Field(() => DecimalScalar)
  amount!: string;

  @Field(() => String)
  reason!: string;

  @Field(() => TransferStatusEnum)
  status!: string;

  @Field(() => ID, { description: 'The entity whose key made the transfer' })
  createdBy!: string;

  @Field(() => GraphQLDateTime)
  createdAt!: Date | string;

  @Field(() => GraphQLDateTime, { nullable: true })
  completedAt!: Date | string | null;
}

export const toGraphQLTransfer = (t: TransferView): Transfer => ({
  id: t.id,
  shortReferenceId: t.shortReferenceId,
  referenceId: t.entryId,
  sourceAccountId: t.sourceAccountId,
  sourceAccountName: t.sourceAccountName,
  targetAccountId: t.targetAccountId,
  targetAccountName: t.targetAccountName,
  currency: t.currency,
  amount: formatAmount(money(t.amount), t.currency),
  reason: t.reason,
  status: t.status,
  createdBy: t.createdBy,
  createdAt: t.createdAt,
  completedAt: t.completedAt,
});

export const TransferConnection = Connection(Transfer, 'Transfer');
export type TransferConnection = InstanceType<typeof TransferConnection>;

@InputType({ description: 'A transfer between two accounts of the acting tree (BT6)' })
export class CreateTransferInput {
  @Field(() => ID)
  sourceAccountId!: string;

  @Field(() => ID)
  targetAccountId!: string;

  @Field(() => String)
  currency!: string;

  @Field(() => DecimalScalar)
  amount!: string;

  @Field(() => String)
  reason!: string;
}

@InputType({ description: 'Filters of transfers; times are inclusive' })
export class TransferFilter {
  @Field(() => GraphQLDateTime, { nullable: true })
  startTime?: Date;

  @Field(() => GraphQLDateTime, { nullable: true })
  endTime?: Date;

  @Field(() => TransferStatusEnum, { nullable: true })
  status?: string;

  @Field(() => String, { nullable: true })
  currency?: string;
}
