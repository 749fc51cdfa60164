import type { PaymentPayout } from '../../../generated/prisma/client';
import { money, formatStoredAmount } from '../../../platform/money/amount';
import type { PaymentPayoutStatus } from './rules';

/** A payment payout as both doors present it (catalogue PA16-PA18). */
export interface PaymentPayoutView {
  id: string;
  status: PaymentPayoutStatus;
  currency: string;
  amount: string;
  statementDescriptor: string;
  internalNote: string | null;
  /** Where the money goes: one of the account's settlement bank accounts … */
  bankAccountId: string | null;
  /** … or the WALLET of an account of its tree. */
  payoutAccountId: string | null;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

export const toPaymentPayoutView = (p: PaymentPayout): PaymentPayoutView => ({
  id: p.id,
  status: p.status as PaymentPayoutStatus,
  currency: p.currency,
  amount: formatStoredAmount(p.amount, p.currency),
  statementDescriptor: p.statementDescriptor,
  internalNote: p.internalNote,
  bankAccountId: p.bankAccountId,
  payoutAccountId: p.payoutAccountId,
  failureReason: p.failureReason,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
  completedAt: p.completedAt,
});
