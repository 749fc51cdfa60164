import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import type { SettlementBatchView } from '../../../domain/acquiring/settlements/events';
import {
  SETTLEMENT_PAYMENT_METHODS,
  SETTLEMENT_SOURCE_TYPES,
  SETTLEMENT_STATUSES,
  SETTLEMENT_TRANSACTION_TYPES,
  type SettlementView,
} from '../../../domain/acquiring/settlements/view';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { CurrencyCodeScalar, DecimalScalar } from '../../shared/scalars';

const SourceTypeEnum = enumFrom('SettlementSourceType', SETTLEMENT_SOURCE_TYPES);
const TransactionTypeEnum = enumFrom('SettlementTransactionType', SETTLEMENT_TRANSACTION_TYPES);
const PaymentMethodEnum = enumFrom('SettlementPaymentMethod', SETTLEMENT_PAYMENT_METHODS, 'The payment method type, upper case');
const StatusEnum = enumFrom('SettlementStatus', SETTLEMENT_STATUSES);

@ObjectType({ description: 'One settled capture (spec 2.5; catalogue PA11)' })
export class Settlement {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  accountId!: string;

  @Field(() => String)
  accountName!: string;

  @Field(() => SourceTypeEnum)
  sourceType!: string;

  @Field(() => TransactionTypeEnum)
  transactionType!: string;

  @Field(() => String)
  merchantOrderId!: string;

  @Field(() => ID)
  paymentIntentId!: string;

  @Field(() => PaymentMethodEnum)
  paymentMethod!: string;

  @Field(() => GraphQLDateTime)
  transactionCreatedAt!: string;

  @Field(() => DecimalScalar, { description: 'The captured amount' })
  transactionAmount!: string;

  @Field(() => CurrencyCodeScalar)
  transactionCurrency!: string;

  @Field(() => GraphQLDateTime, { description: 'When the capture succeeded' })
  transactionDate!: string;

  @Field(() => DecimalScalar, { description: 'The capture less what was refunded before settlement, in settlementCurrency' })
  settlementAmount!: string;

  @Field(() => CurrencyCodeScalar)
  settlementCurrency!: string;

  @Field(() => DecimalScalar)
  netSettlementAmount!: string;

  @Field(() => DecimalScalar, { description: 'settlementCurrency per transactionCurrency' })
  exchangeRate!: string;

  @Field(() => CurrencyCodeScalar)
  feeCurrency!: string;

  @Field(() => DecimalScalar)
  interchangeFee!: string;

  @Field(() => DecimalScalar)
  schemeFee!: string;

  @Field(() => DecimalScalar, { description: 'REST transcation_fee (spelled so there)' })
  transactionFee!: string;

  @Field(() => DecimalScalar)
  returnFee!: string;

  @Field(() => DecimalScalar)
  totalFeeAmount!: string;

  @Field(() => StatusEnum)
  status!: string;

  @Field(() => ID)
  settlementBatchId!: string;

  @Field(() => GraphQLDateTime)
  settlementCreatedAt!: string;

  @Field(() => GraphQLDateTime, { description: 'The daily cut, 00:00 UTC+8' })
  settlementDate!: string;
}

export const toGraphQLSettlement = (s: SettlementView): Settlement => ({
  id: s.id,
  accountId: s.accountId,
  accountName: s.accountName,
  sourceType: s.sourceType,
  transactionType: s.transactionType,
  merchantOrderId: s.merchantOrderId,
  paymentIntentId: s.paymentIntentId,
  paymentMethod: s.paymentMethod,
  transactionCreatedAt: s.transactionCreatedAt.toISOString(),
  transactionAmount: s.transactionAmount,
  transactionCurrency: s.transactionCurrency,
  transactionDate: s.transactionAt.toISOString(),
  settlementAmount: s.settlementAmount,
  settlementCurrency: s.settlementCurrency,
  netSettlementAmount: s.netSettlementAmount,
  exchangeRate: s.exchangeRate,
  feeCurrency: s.feeCurrency,
  interchangeFee: s.interchangeFee,
  schemeFee: s.schemeFee,
  transactionFee: s.transactionFee,
  returnFee: s.returnFee,
  totalFeeAmount: s.totalFeeAmount,
  status: s.status,
  settlementBatchId: s.batchId,
  settlementCreatedAt: s.settlementCreatedAt.toISOString(),
  settlementDate: s.settledAt.toISOString(),
});

export const SettlementConnection = Connection(Settlement, 'Settlement');

@InputType({ description: 'Spec 4.10 filters; days are YYYY-MM-DD in UTC+8, inclusive' })
export class SettlementFilter {
  @Field(() => ID, { nullable: true })
  paymentIntentId?: string;

  @Field(() => ID, { nullable: true })
  settlementBatchId?: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD: settled on or after that day (UTC+8)' })
  settledStartTime?: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD: settled on or before that day (UTC+8)' })
  settledEndTime?: string;
}

@ObjectType({ description: 'A settled batch: the captures of one daily cut in one settlement currency (its settlement.create.succeeded event)' })
export class SettlementBatch {
  @Field(() => ID) id!: string;
  @Field(() => CurrencyCodeScalar) currency!: string;
  @Field(() => Int) itemCount!: number;
  @Field(() => DecimalScalar) settlementAmount!: string;
  @Field(() => DecimalScalar) netSettlementAmount!: string;
  @Field(() => DecimalScalar) totalFeeAmount!: string;
  @Field(() => GraphQLDateTime, { description: 'The daily cut, 00:00 UTC+8 (or the capture, settled at once)' }) settlementDate!: string;
}

export const toGraphQLSettlementBatch = (b: SettlementBatchView): SettlementBatch => ({
  id: b.id,
  currency: b.currency,
  itemCount: b.itemCount,
  settlementAmount: b.settlementAmount,
  netSettlementAmount: b.netSettlementAmount,
  totalFeeAmount: b.totalFeeAmount,
  settlementDate: b.settlementDate.toISOString(),
});
