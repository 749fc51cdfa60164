import type { z } from 'zod';
import type { PaymentPayoutView } from '../../../domain/acquiring/payouts/view';
import { iso, isoOrNull } from '../../shared/wire';
import type { restPaymentPayout } from './schemas';

export const toRestPaymentPayout = (p: PaymentPayoutView): z.input<typeof restPaymentPayout> => ({
  payout_id: p.id,
  payout_currency: p.currency,
  payout_amount: p.amount,
  statement_descriptor: p.statementDescriptor,
  payout_status: p.status,
  create_time: iso(p.createdAt),
  completed_time: isoOrNull(p.completedAt),
  internal_note: p.internalNote,
  bank_account_id: p.bankAccountId,
  payout_account_id: p.payoutAccountId,
  failure_reason: p.failureReason,
});
