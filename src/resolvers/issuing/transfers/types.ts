import { GraphQLDateTime } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { ISSUING_TRANSFER_STATUSES, ISSUING_TRANSFER_TYPES } from '../../../domain/issuing/transfers/rules';
import type { IssuingTransferView } from '../../../domain/issuing/transfers/view';
import { enumFrom } from '../../shared/enums';
import { CurrencyCodeScalar, DecimalScalar } from '../../shared/scalars';
import { Node, rowNode } from '../../shared/node';
import { issuingTransfersByIds } from '../../../domain/issuing/transfers/queries';

export const IssuingTransferStatusEnum = enumFrom('IssuingTransferStatus', ISSUING_TRANSFER_STATUSES);
export const IssuingTransferTypeEnum = enumFrom('IssuingTransferType', ISSUING_TRANSFER_TYPES, 'ACCOUNT: between two issuing balances of a tree; WALLET_IN / WALLET_OUT: wallet to issuing balance and back; SANDBOX_FUNDS: the test funds a sandbox master starts with');

@ObjectType({ implements: Node, description: 'Money moved into, out of or between issuing balances (CI24, CI25)' })
export class IssuingTransfer {
  @Field(() => ID) id!: string;
  @Field(() => String) shortTransactionId!: string;
  @Field(() => IssuingTransferTypeEnum) transferType!: string;
  @Field(() => ID) sourceAccountId!: string;
  @Field(() => ID) destinationAccountId!: string;
  @Field(() => CurrencyCodeScalar) currency!: string;
  @Field(() => DecimalScalar) amount!: string;
  @Field(() => DecimalScalar) feeAmount!: string;
  @Field(() => String, { nullable: true }) remark!: string | null;
  @Field(() => IssuingTransferStatusEnum) status!: string;
  @Field(() => String) creatorId!: string;
  @Field(() => GraphQLDateTime) createdAt!: string;
  @Field(() => GraphQLDateTime, { nullable: true }) completedAt!: string | null;
}

export const toGraphQLIssuingTransfer = (t: IssuingTransferView): IssuingTransfer => ({
  id: t.id,
  shortTransactionId: t.shortTransactionId,
  transferType: t.transferType,
  sourceAccountId: t.sourceAccountId,
  destinationAccountId: t.destinationAccountId,
  currency: t.currency,
  amount: t.amount,
  feeAmount: t.feeAmount,
  remark: t.remark,
  status: t.status,
  creatorId: t.creatorId,
  createdAt: t.createdAt.toISOString(),
  completedAt: t.completedAt ? t.completedAt.toISOString() : null,
});

@InputType({ description: 'CI24: one issuing balance to another of the same tree' })
export class CreateIssuingTransferInput {
  @Field(() => ID) sourceAccountId!: string;
  @Field(() => ID) destinationAccountId!: string;
  @Field(() => CurrencyCodeScalar) currency!: string;
  @Field(() => DecimalScalar, { description: 'Greater than 0, two decimals' }) amount!: string;
  @Field(() => String, { nullable: true }) remark?: string;
}

/** IssuingTransfer as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const issuingTransferNode = rowNode({ kind: 'issuing_transfer', type: IssuingTransfer, find: issuingTransfersByIds, map: toGraphQLIssuingTransfer });
