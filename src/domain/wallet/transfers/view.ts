import type { Transfer } from '../../../generated/prisma/client';
import { money, formatStoredAmount } from '../../../platform/money/amount';
import type { TransferStatus } from './rules';

/**
 * A transfer as both doors present it (catalogue BT6-BT8), with what its readers see beside it:
 * the parties' names and the ledger entry that moved the money. The amount is a decimal string in
 * the currency's precision.
 */
export interface TransferView {
  id: string;
  shortReferenceId: string;
  /** The journal entry posted for the transfer. */
  entryId: string | null;
  sourceAccountId: string;
  sourceAccountName: string;
  targetAccountId: string;
  targetAccountName: string;
  currency: string;
  amount: string;
  reason: string;
  status: TransferStatus;
  /** The entity whose key made the transfer. */
  createdBy: string;
  createdAt: Date;
  completedAt: Date | null;
}

/** What a transfer row is read with: the names of both parties and its entry. */
export interface TransferSurroundings {
  sourceAccountName: string;
  targetAccountName: string;
  entryId: string | null;
}

/** The row's status column holds only the values of TRANSFER_STATUSES (rules.ts), so it is typed here once. */
export const toTransferView = (t: Transfer, around: TransferSurroundings): TransferView => ({
  id: t.id,
  shortReferenceId: t.shortReferenceId,
  entryId: around.entryId,
  sourceAccountId: t.sourceAccountId,
  sourceAccountName: around.sourceAccountName,
  targetAccountId: t.targetAccountId,
  targetAccountName: around.targetAccountName,
  currency: t.currency,
  amount: formatStoredAmount(t.amount, t.currency),
  reason: t.reason,
  status: t.status as TransferStatus,
  createdBy: t.createdBy,
  createdAt: t.createdAt,
  completedAt: t.completedAt,
});
