import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { BALANCE_STATUSES, BALANCE_TRANSACTION_STATUSES, CREDIT_DEBIT_TYPES } from '../../../domain/wallet/balances/rules';
import type { BalanceTransactionView, BalanceView } from '../../../domain/wallet/balances/view';
import { JOURNAL_ENTRY_KINDS, LEDGER_REFERENCE_TYPES } from '../../../domain/areas';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { CurrencyCodeScalar, DecimalScalar } from '../../shared/scalars';
import { Node } from '../../shared/node';

export const BalanceStatusEnum = enumFrom('BalanceStatus', BALANCE_STATUSES);
export const CreditDebitTypeEnum = enumFrom('CreditDebitType', CREDIT_DEBIT_TYPES);
export const BalanceTransactionStatusEnum = enumFrom('BalanceTransactionStatus', BALANCE_TRANSACTION_STATUSES);
export const LedgerEntryKindEnum = enumFrom('LedgerEntryKind', JOURNAL_ENTRY_KINDS, 'The movement a balance transaction posts');
const LedgerReferenceTypeEnum = enumFrom('LedgerReferenceType', LEDGER_REFERENCE_TYPES, 'The kind of resource a balance transaction belongs to');

@ObjectType({ implements: Node, description: "The acting account's money in one currency (available = wallet, frozen = held for payouts in flight)" })
export class Balance {
  @Field(() => ID, { nullable: true, description: 'The wallet ledger account; null for a currency never used' })
  balanceId!: string | null;

  @Field(() => CurrencyCodeScalar)
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
  createdAt!: string | null;

  @Field(() => GraphQLDateTime, { nullable: true })
  lastTradeTime!: string | null;

  @Field(() => BalanceStatusEnum)
  status!: string;
}

export const toGraphQLBalance = (b: BalanceView): Balance => ({
  balanceId: b.balanceId,
  currency: b.currency,
  availableBalance: b.availableBalance,
  prepaidBalance: b.prepaidBalance,
  marginBalance: b.marginBalance,
  frozenBalance: b.frozenBalance,
  createdAt: b.createdAt?.toISOString() ?? null,
  lastTradeTime: b.lastTradeTime?.toISOString() ?? null,
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

  @Field(() => LedgerEntryKindEnum)
  transactionType!: string;

  @Field(() => CurrencyCodeScalar)
  currency!: string;

  @Field(() => DecimalScalar, { description: 'Unsigned; the direction is creditDebitType' })
  amount!: string;

  @Field(() => CreditDebitTypeEnum)
  creditDebitType!: string;

  @Field(() => DecimalScalar, { description: 'The wallet balance right after this movement' })
  endingBalance!: string;

  @Field(() => GraphQLDateTime)
  createdAt!: string;

  @Field(() => GraphQLDateTime)
  completedAt!: string;

  @Field(() => ID, { description: 'The deposit, transfer, payout, … the movement belongs to' })
  referenceId!: string;

  @Field(() => LedgerReferenceTypeEnum)
  referenceType!: string;

  @Field(() => BalanceTransactionStatusEnum)
  status!: string;
}

export const toGraphQLBalanceTransaction = (t: BalanceTransactionView): BalanceTransaction => ({
  id: t.id,
  accountId: t.accountId,
  balanceId: t.balanceId,
  transactionType: t.transactionType,
  currency: t.currency,
  amount: t.amount,
  creditDebitType: t.creditDebitType,
  endingBalance: t.endingBalance,
  createdAt: t.createdAt.toISOString(),
  completedAt: t.completedAt.toISOString(),
  referenceId: t.referenceId,
  referenceType: t.referenceType,
  status: t.status,
});

export const BalanceConnection = Connection(Balance, 'Balance');
export const BalanceTransactionConnection = Connection(BalanceTransaction, 'BalanceTransaction');

@InputType({ description: 'Filters of balanceTransactions; times are inclusive' })
export class BalanceTransactionFilter {
  @Field(() => GraphQLDateTime, { nullable: true })
  startTime?: Date;

  @Field(() => GraphQLDateTime, { nullable: true })
  endTime?: Date;

  @Field(() => CurrencyCodeScalar, { nullable: true })
  currency?: string;

  @Field(() => String, { nullable: true })
  transactionType?: string;

  @Field(() => BalanceTransactionStatusEnum, { nullable: true })
  status?: string;
}
