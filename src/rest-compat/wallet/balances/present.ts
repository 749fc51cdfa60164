import type { z } from 'zod';
import type { BalanceTransactionView, BalanceView } from '../../../domain/wallet/balances/view';
import { amountAsNumber, money } from '../../../platform/money/amount';
import { iso, isoOrNull } from '../../shared/wire';
import type { restBalance, restBalanceTransaction } from './schemas';

export const toRestBalance = (b: BalanceView): z.input<typeof restBalance> => ({
  balance_id: b.balanceId,
  currency: b.currency,
  available_balance: b.availableBalance,
  prepaid_balance: b.prepaidBalance,
  margin_balance: b.marginBalance,
  frozen_balance: b.frozenBalance,
  create_time: isoOrNull(b.createdAt),
  last_trade_time: isoOrNull(b.lastTradeTime),
  balance_status: b.status,
});

/** Ref types this amount as a JSON number: the view's decimal string becomes one here, with all its digits. */
export const toRestBalanceTransaction = (t: BalanceTransactionView): z.input<typeof restBalanceTransaction> => ({
  transaction_id: t.id,
  account_id: t.accountId,
  balance_id: t.balanceId,
  transaction_type: t.transactionType,
  currency: t.currency,
  amount: amountAsNumber(money(t.amount), t.currency),
  credit_debit_type: t.creditDebitType,
  create_time: iso(t.createdAt),
  complete_time: iso(t.completedAt),
  reference_id: t.referenceId,
  transaction_status: t.status,
  transaction_way: t.referenceType,
});
