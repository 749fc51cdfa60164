import type { CardTransactionView } from '../transactions/view';
import type { IssuingBalanceTransactionView } from '../balances/view';

/**
 * The CSV columns of each report type, in their documented order (docs/issuing.md "Issuing reports"),
 * named as the REST resource names its fields (merchant_data's fields with a dotted prefix).
 * Values come from the areas' own views. Amounts are numbers, as on the REST wire, so that a
 * negative amount is not taken for a formula (csv.ts); instants are ISO 8601 UTC text.
 */
export type Cell = string | number | null;
export interface Column<V> {
  name: string;
  value: (v: V) => Cell;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export const CARD_TRANSACTION_COLUMNS: readonly Column<CardTransactionView>[] = [
  { name: 'transaction_id', value: (t) => t.id },
  { name: 'short_transaction_id', value: (t) => t.shortTransactionId },
  { name: 'original_transaction_id', value: (t) => t.originalTransactionId },
  { name: 'transaction_type', value: (t) => t.transactionType },
  { name: 'transaction_status', value: (t) => t.transactionStatus },
  { name: 'card_id', value: (t) => t.cardId },
  { name: 'card_number', value: (t) => t.cardNumber },
  { name: 'cardholder_id', value: (t) => t.cardholderId },
  { name: 'transaction_amount', value: (t) => Number(t.transactionAmount) },
  { name: 'transaction_currency', value: (t) => t.transactionCurrency },
  { name: 'billing_amount', value: (t) => Number(t.billingAmount) },
  { name: 'billing_currency', value: (t) => t.billingCurrency },
  { name: 'transaction_fee', value: (t) => Number(t.transactionFee) },
  { name: 'transaction_fee_currency', value: (t) => t.transactionFeeCurrency },
  { name: 'fee_pass_through', value: (t) => t.feePassThrough },
  { name: 'card_available_balance', value: (t) => Number(t.cardAvailableBalance) },
  { name: 'merchant_data.name', value: (t) => t.merchant.name },
  { name: 'merchant_data.category_code', value: (t) => t.merchant.categoryCode },
  { name: 'merchant_data.city', value: (t) => t.merchant.city },
  { name: 'merchant_data.country', value: (t) => t.merchant.country },
  { name: 'authorization_code', value: (t) => t.authorizationCode },
  { name: 'failure_reason', value: (t) => t.failureReason },
  { name: 'description', value: (t) => t.description },
  { name: 'transaction_time', value: (t) => iso(t.transactionTime) },
  { name: 'posted_time', value: (t) => iso(t.postedTime) },
];

export const BALANCE_TRANSACTION_COLUMNS: readonly Column<IssuingBalanceTransactionView>[] = [
  { name: 'transaction_id', value: (t) => t.id },
  { name: 'short_transaction_id', value: (t) => t.shortTransactionId },
  { name: 'account_id', value: (t) => t.accountId },
  { name: 'balance_id', value: (t) => t.balanceId },
  { name: 'transaction_type', value: (t) => t.transactionType },
  { name: 'transaction_status', value: (t) => t.status },
  { name: 'currency', value: (t) => t.currency },
  { name: 'amount', value: (t) => Number(t.amount) },
  { name: 'ending_balance', value: (t) => Number(t.endingBalance) },
  { name: 'description', value: (t) => t.description },
  { name: 'create_time', value: (t) => iso(t.createdAt) },
  { name: 'complete_time', value: (t) => iso(t.completedAt) },
];
