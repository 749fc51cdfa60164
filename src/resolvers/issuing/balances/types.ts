import { GraphQLDateTime } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { ISSUING_BALANCE_STATUSES, ISSUING_TRANSACTION_STATUSES } from '../../../domain/issuing/balances/rules';
import type { IssuingBalanceTransactionView, IssuingBalanceView } from '../../../domain/issuing/balances/view';
import { LedgerEntryKindEnum } from '../../wallet/balances/types';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { CurrencyCodeScalar, DecimalScalar } from '../../shared/scalars';
import { Node } from '../../shared/node';

export const IssuingBalanceStatusEnum = enumFrom('IssuingBalanceStatus', ISSUING_BALANCE_STATUSES);
export const IssuingTransactionStatusEnum = enumFrom('IssuingTransactionStatus', ISSUING_TRANSACTION_STATUSES);

@ObjectType({ implements: Node, description: 'The money cards spend, in one currency (CI19, CI20); separate from the banking wallet' })
export class IssuingBalance {
  @Field(() => ID) balanceId!: string;
  @Field(() => CurrencyCodeScalar) currency!: string;
  @Field(() => DecimalScalar) availableBalance!: string;
  @Field(() => DecimalScalar, { description: 'Always 0: the sandbox grants no margin' }) marginBalance!: string;
  @Field(() => DecimalScalar, { description: 'Authorized card spending not yet cleared or reversed' }) frozenBalance!: string;
  @Field(() => GraphQLDateTime, { nullable: true }) createdAt!: string | null;
  @Field(() => GraphQLDateTime, { nullable: true }) lastTradeTime!: string | null;
  @Field(() => IssuingBalanceStatusEnum) status!: string;
}

export const toGraphQLIssuingBalance = (b: IssuingBalanceView): IssuingBalance => ({
  balanceId: b.balanceId,
  currency: b.currency,
  availableBalance: b.availableBalance,
  marginBalance: b.marginBalance,
  frozenBalance: b.frozenBalance,
  createdAt: b.createdAt ? b.createdAt.toISOString() : null,
  lastTradeTime: b.lastTradeTime ? b.lastTradeTime.toISOString() : null,
  status: b.status,
});

export const IssuingBalanceConnection = Connection(IssuingBalance, 'IssuingBalance');

@ObjectType({ description: 'One movement of an issuing balance (CI21)' })
export class IssuingBalanceTransaction {
  @Field(() => ID) id!: string;
  @Field(() => String) shortTransactionId!: string;
  @Field(() => ID) balanceId!: string;
  @Field(() => LedgerEntryKindEnum) transactionType!: string;
  @Field(() => CurrencyCodeScalar) currency!: string;
  @Field(() => DecimalScalar, { description: 'Signed: a debit of the issuing balance is negative' }) amount!: string;
  @Field(() => DecimalScalar) endingBalance!: string;
  @Field(() => GraphQLDateTime) createdAt!: string;
  @Field(() => GraphQLDateTime) completedAt!: string;
  @Field(() => IssuingTransactionStatusEnum) status!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
}

export const toGraphQLIssuingBalanceTransaction = (t: IssuingBalanceTransactionView): IssuingBalanceTransaction => ({
  id: t.id,
  shortTransactionId: t.shortTransactionId,
  balanceId: t.balanceId,
  transactionType: t.transactionType,
  currency: t.currency,
  amount: t.amount,
  endingBalance: t.endingBalance,
  createdAt: t.createdAt.toISOString(),
  completedAt: t.completedAt.toISOString(),
  status: t.status,
  description: t.description,
});

export const IssuingBalanceTransactionConnection = Connection(IssuingBalanceTransaction, 'IssuingBalanceTransaction');

@InputType({ description: 'Filters of issuing balance movements' })
export class IssuingBalanceTransactionFilter {
  @Field(() => GraphQLDateTime, { nullable: true }) startTime?: Date;
  @Field(() => GraphQLDateTime, { nullable: true }) endTime?: Date;
  @Field(() => String, { nullable: true }) transactionType?: string;
  @Field(() => IssuingTransactionStatusEnum, { nullable: true }) transactionStatus?: string;
  @Field(() => CurrencyCodeScalar, { nullable: true }) currency?: string;
  @Field(() => ID, { nullable: true }) transactionId?: string;
}

@InputType({ description: 'Moves money between the wallet and the issuing balance of one currency' })
export class IssuingFundingInput {
  @Field(() => CurrencyCodeScalar) currency!: string;
  @Field(() => DecimalScalar, { description: 'Greater than 0, two decimals' }) amount!: string;
}
