import type { Balance, BalanceTransaction } from '../../domain/balances/queries';
import { amountAsNumber, formatAmount } from '../../domain/money/amount';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** Balance (catalogue BT1/BT2): amounts as decimal strings in the currency's precision, as ref types them. */
export const toRestBalance = (b: Balance) => ({
  balance_id: b.balanceId,
  currency: b.currency,
  available_balance: formatAmount(b.available, b.currency),
  prepaid_balance: formatAmount(b.prepaid, b.currency),
  margin_balance: formatAmount(b.margin, b.currency),
  frozen_balance: formatAmount(b.frozen, b.currency),
  create_time: iso(b.createdAt),
  last_trade_time: iso(b.lastTradeTime),
  balance_status: b.status,
});

/** BalanceTxn (catalogue BT3): `amount` is a JSON number there, unlike the balances. */
export const toRestBalanceTransaction = (t: BalanceTransaction) => ({
  transaction_id: t.id,
  account_id: t.accountId,
  balance_id: t.balanceId,
  transaction_type: t.transactionType,
  currency: t.currency,
  amount: amountAsNumber(t.amount, t.currency),
  credit_debit_type: t.creditDebitType,
  create_time: t.createdAt.toISOString(),
  complete_time: t.completedAt.toISOString(),
  reference_id: t.referenceId,
  transaction_status: t.status,
  transaction_way: t.referenceType,
});
