import type { z } from 'zod';
import type { IssuingBalanceTransactionView, IssuingBalanceView } from '../../../domain/issuing/balances/view';
import { amountAsNumber, money } from '../../../platform/money/amount';
import { iso, isoOrNull } from '../../shared/wire';
import type { restIssuingBalance, restIssuingBalanceTransaction } from './schemas';

export const toRestIssuingBalance = (b: IssuingBalanceView): z.input<typeof restIssuingBalance> => ({
  balance_id: b.balanceId,
  currency: b.currency,
  available_balance: b.availableBalance,
  margin_balance: b.marginBalance,
  frozen_balance: b.frozenBalance,
  create_time: isoOrNull(b.createdAt),
  last_trade_time: isoOrNull(b.lastTradeTime),
  balance_status: b.status,
});

export const toRestIssuingBalanceTransaction = (t: IssuingBalanceTransactionView): z.input<typeof restIssuingBalanceTransaction> => ({
  transaction_id: t.id,
  short_transaction_id: t.shortTransactionId,
  account_id: t.accountId,
  balance_id: t.balanceId,
  transaction_type: t.transactionType,
  currency: t.currency,
  amount: amountAsNumber(money(t.amount), t.currency),
  ending_balance: amountAsNumber(money(t.endingBalance), t.currency),
  create_time: iso(t.createdAt),
  complete_time: iso(t.completedAt),
  transaction_status: t.status,
  ...(t.description !== null ? { description: t.description } : {}),
});
