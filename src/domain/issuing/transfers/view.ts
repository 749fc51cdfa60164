import type { IssuingTransfer } from '../../../generated/prisma/client';
import { formatAmount, formatStoredAmount, ZERO } from '../../../platform/money/amount';
import type { IssuingTransferStatus, IssuingTransferType } from './rules';

/** An issuing transfer as both doors present it (CI24, CI25, funding). Amounts in the currency's precision. */
export interface IssuingTransferView {
  id: string;
  shortTransactionId: string;
  transferType: IssuingTransferType;
  sourceAccountId: string;
  destinationAccountId: string;
  currency: string;
  amount: string;
  /** The sandbox charges no fee for moving issuing money. */
  feeAmount: string;
  remark: string | null;
  status: IssuingTransferStatus;
  /** The entity whose key made the transfer. */
  creatorId: string;
  createdAt: Date;
  completedAt: Date | null;
}

export const toIssuingTransferView = (t: IssuingTransfer): IssuingTransferView => ({
  id: t.id,
  shortTransactionId: t.shortTransactionId,
  transferType: t.transferType as IssuingTransferType,
  sourceAccountId: t.sourceAccountId,
  destinationAccountId: t.destinationAccountId,
  currency: t.currency,
  amount: formatStoredAmount(t.amount, t.currency),
  feeAmount: formatAmount(ZERO, t.currency),
  remark: t.remark,
  status: t.status as IssuingTransferStatus,
  creatorId: t.creatorId,
  createdAt: t.createdAt,
  completedAt: t.completedAt,
});
