import type { SettlementItem } from '../../../generated/prisma/client';
import { money, formatStoredAmount } from '../../../platform/money/amount';

/** What an item settles: a captured payment is the only source payrail settles (item.ts). */
export const SETTLEMENT_SOURCE_TYPES = ['PAYMENT'] as const;
export const SETTLEMENT_TRANSACTION_TYPES = ['PAYMENT'] as const;
/** The settled attempt's payment method type, upper case: payments take cards only. */
export const SETTLEMENT_PAYMENT_METHODS = ['CARD'] as const;
/** An item is written when its capture settles, so it is SUCCEEDED. */
export const SETTLEMENT_STATUSES = ['SUCCEEDED'] as const;

/** A settlement item as both doors present it (spec 2.5): amounts in their currency's precision. */
export interface SettlementView {
  id: string;
  accountId: string;
  accountName: string;
  sourceType: string;
  transactionType: string;
  merchantOrderId: string;
  paymentIntentId: string;
  paymentAttemptId: string;
  paymentMethod: string;
  transactionCreatedAt: Date;
  transactionAmount: string;
  transactionCurrency: string;
  transactionAt: Date;
  settlementAmount: string;
  settlementCurrency: string;
  netSettlementAmount: string;
  exchangeRate: string;
  feeCurrency: string;
  interchangeFee: string;
  schemeFee: string;
  transactionFee: string;
  returnFee: string;
  totalFeeAmount: string;
  status: string;
  batchId: string;
  settlementCreatedAt: Date;
  settledAt: Date;
}

export function toSettlementView(s: SettlementItem, accountName: string): SettlementView {
  const fee = (d: { toString(): string }) => formatStoredAmount(d, s.feeCurrency);
  return {
    id: s.id,
    accountId: s.accountId,
    accountName,
    sourceType: s.sourceType,
    transactionType: s.transactionType,
    merchantOrderId: s.merchantOrderId,
    paymentIntentId: s.paymentIntentId,
    paymentAttemptId: s.paymentAttemptId,
    paymentMethod: s.paymentMethod,
    transactionCreatedAt: s.transactionCreatedAt,
    transactionAmount: formatStoredAmount(s.transactionAmount, s.transactionCurrency),
    transactionCurrency: s.transactionCurrency,
    transactionAt: s.transactionAt,
    settlementAmount: formatStoredAmount(s.settlementAmount, s.settlementCurrency),
    settlementCurrency: s.settlementCurrency,
    netSettlementAmount: formatStoredAmount(s.netSettlementAmount, s.settlementCurrency),
    exchangeRate: money(s.exchangeRate).toFixed(),
    feeCurrency: s.feeCurrency,
    interchangeFee: fee(s.interchangeFee),
    schemeFee: fee(s.schemeFee),
    transactionFee: fee(s.transactionFee),
    returnFee: fee(s.returnFee),
    totalFeeAmount: fee(s.totalFeeAmount),
    status: s.status,
    batchId: s.batchId,
    settlementCreatedAt: s.settlementCreatedAt,
    settledAt: s.settledAt,
  };
}
