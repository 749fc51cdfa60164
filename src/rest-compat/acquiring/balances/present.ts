import type { z } from 'zod';
import type { PaymentBalanceView } from '../../../domain/acquiring/balances/view';
import type { restPaymentBalance } from './schemas';

export const toRestPaymentBalance = (b: PaymentBalanceView): z.input<typeof restPaymentBalance> => ({
  currency: b.currency,
  available_balance: b.availableBalance,
  pending_balance: b.pendingBalance,
});
