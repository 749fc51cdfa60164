import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import type { Balance as BalanceModel, BalanceTransaction as BalanceTransactionModel } from '../../domain/balances/queries';
import { BALANCE_STATUSES, BALANCE_TRANSACTION_STATUSES, CREDIT_DEBIT_TYPES } from '../../domain/balances/rules';
import { formatAmount } from '../../domain/money/amount';
import { Connection } from '../shared/connection';
import { DecimalScalar } from '../shared/scalars';

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

export const BalanceStatusEnum = enumOf(BALANCE_STATUSES);
export const CreditDebitTypeEnum = enumOf(CREDIT_DEBIT_TYPES);
export const BalanceTransactionStatusEnum = enumOf(BALANCE_TRANSACTION_STATUSES);
registerEnumType(BalanceStatusEnum, { name: 'BalanceStatus' });
registerEnumType(CreditDebitTypeEnum, { name: 'CreditDebitType' });
registerEnumType(BalanceTransactionStatusEnum, { name: 'BalanceTransactionStatus' });

@ObjectType({ description: "The acting account's money in one currency (available = wallet, frozen = held for payouts in flight)" })
export class Balance {
  @Field(() => ID, { nullable: true, description: 'The wallet ledger account; null for a currency never used' })
  balanceId!: string | null;

  @Field(() => String)
  currency!: string;

  @Field(() => DecimalScalar)
  availableBalance!: string;

  @Field(() => DecimalScalar)
  prepaidBalance!: string;

  @Field(() => DecimalScalar)
  marginBalance!: string;

  @Field(() => DecimalScalar)
  frozenBalance!: string;

  @Field(() => GraphQLDateTime, { nullable: true })
  createdAt!: Date | string | null;

  @Field(() => GraphQLDateTime, { nullable: true })
  lastTradeTime!: Date | string | null;

  @Field(() => BalanceStatusEnum)
  status!: string;
}

export const toGraphQLBalance = (b: BalanceModel): Balance => ({
  balanceId: b.balanceId,
  currency: b.currency,
  availableBalance: formatAmount(b.available, b.currency),
  prepaidBalance: formatAmount(b.prepaid, b.currency),
  marginBalance: formatAmount(b.margin, b.currency),
  frozenBalance: formatAmount(b.frozen, b.currency),
  createdAt: b.createdAt,
  lastTradeTime: b.lastTradeTime,
  status: b.status,
});

@ObjectType({ description: "One movement of a wallet: a journal line on one of the acting account's wallets" })
export class BalanceTransaction {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  accountId!: string;

  @Field(() => ID)
  balanceId!: string;

  @Field(() => String, { description: 'The movement: DEPOSIT, TRANSFER, PAYOUT, CONVERSION, …' })
  transactionType!: string;

  @Field(() => String)
  currency!: string;

  @Field(() => DecimalScalar, { description: 'Unsigned; the direction is creditDebitType' })
  amount!: string;

  @Field(() => CreditDebitTypeEnum)
  creditDebitType!: string;

  @Field(() => DecimalScalar, { description: 'The wallet balance right after this movement' })
  endingBalance!: string;

  @Field(() => GraphQLDateTime)
  createdAt!: Date | string;

  @Field(() => GraphQLDateTime)
  completedAt!: Date | string;

  @Field(() => ID, { description: 'The deposit, transfer, payout, … the movement belongs to' })
  referenceId!: string;

  @Field(() => String)
  referenceType!: string;

  @Field(() => BalanceTransactionStatusEnum)
  status!: string;
}

export const toGraphQLBalanceTransaction = (t: BalanceTransactionModel): BalanceTransaction => ({
  id: t.id,
  accountId: t.accountId,
  balanceId: t.balanceId,
  transactionType: t.transactionType,
  currency: t.currency,
  amount: formatAmount(t.amount, t.currency),
  creditDebitType: t.creditDebitType,
  endingBalance: formatAmount(t.endingBalance, t.currency),
  createdAt: t.createdAt,
  completedAt: t.completedAt,
  referenceId: t.referenceId,
  referenceType: t.referenceType,
  status: t.status,
});

export const BalanceConnection = Connection(Balance, 'Balance');
export type BalanceConnection = InstanceType<typeof BalanceConnection>;
export const BalanceTransactionConnection = Connection(BalanceTransaction, 'BalanceTransaction');
export type BalanceTransactionConnection = InstanceType<typeof BalanceTransactionConnection>;

@InputType({ description: 'Filters of balanceTransactions; times are inclusive' })
export class BalanceTransactionFilter {
  @Field(() => GraphQLDateTime, { nullable: true })
  startTime?: Date;

  @Field(() => GraphQLDateTime, { nullable: true })
  endTime?: Date;

  @Field(() => String, { nullable: true })
  currency?: string;

  @Field(() => String, { nullable: true })
  transactionType?: string;

  @Field(() => BalanceTransactionStatusEnum, { nullable: true })
  status?: string;
}
