import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { TRANSFER_STATUSES } from '../../../domain/wallet/transfers/rules';
import type { TransferView } from '../../../domain/wallet/transfers/view';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { CurrencyCodeScalar, DecimalScalar } from '../../shared/scalars';
import { Node, rowNode } from '../../shared/node';
import { transfersByIds } from '../../../domain/wallet/transfers/queries';

export const TransferStatusEnum = enumFrom('TransferStatus', TRANSFER_STATUSES);

@ObjectType({ implements: Node, description: 'Money moved between two wallets of one account tree (BT6-BT8)' })
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

  @Field(() => CurrencyCodeScalar)
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
  createdAt!: string;

  @Field(() => GraphQLDateTime, { nullable: true })
  completedAt!: string | null;
}

/** Plain JSON-safe values: mutation results are stored and replayed by the idempotency layer. */
export const toGraphQLTransfer = (t: TransferView): Transfer => ({
  id: t.id,
  shortReferenceId: t.shortReferenceId,
  referenceId: t.entryId,
  sourceAccountId: t.sourceAccountId,
  sourceAccountName: t.sourceAccountName,
  targetAccountId: t.targetAccountId,
  targetAccountName: t.targetAccountName,
  currency: t.currency,
  amount: t.amount,
  reason: t.reason,
  status: t.status,
  createdBy: t.createdBy,
  createdAt: t.createdAt.toISOString(),
  completedAt: t.completedAt?.toISOString() ?? null,
});

export const TransferConnection = Connection(Transfer, 'Transfer');

@InputType({ description: 'A transfer between two accounts of the acting tree (BT6)' })
export class CreateTransferInput {
  @Field(() => ID)
  sourceAccountId!: string;

  @Field(() => ID)
  targetAccountId!: string;

  @Field(() => CurrencyCodeScalar)
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

  @Field(() => CurrencyCodeScalar, { nullable: true })
  currency?: string;
}

/** Transfer as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const transferNode = rowNode({ kind: 'transfer', type: Transfer, find: transfersByIds, map: toGraphQLTransfer });
