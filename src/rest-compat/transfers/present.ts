import { formatAmount, money } from '../../domain/money/amount';
import type { TransferView } from '../../domain/transfers/queries';

/** BT6 answer: the new transfer's ids. */
export const toRestTransferRef = (t: TransferView) => ({ transfer_id: t.id, short_reference_id: t.shortReferenceId });

/** Transfer (catalogue BT7/BT8). reference_id is the ledger entry that moved the money. */
export const toRestTransfer = (t: TransferView) => ({
  transfer_id: t.id,
  reference_id: t.entryId,
  short_reference_id: t.shortReferenceId,
  source_account_id: t.sourceAccountId,
  source_account_name: t.sourceAccountName,
  destination_account_id: t.targetAccountId,
  destination_account_name: t.targetAccountName,
  transfer_currency: t.currency,
  transfer_amount: formatAmount(money(t.amount), t.currency),
  transfer_reason: t.reason,
  transfer_status: t.status,
  create_time: t.createdAt.toISOString(),
  complete_time: t.completedAt ? t.completedAt.toISOString() : null,
  created_by: t.createdBy,
});
