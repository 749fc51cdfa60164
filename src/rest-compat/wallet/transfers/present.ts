import type { z } from 'zod';
import type { TransferView } from '../../../domain/wallet/transfers/view';
import { iso, isoOrNull } from '../../shared/wire';
import type { restTransfer, restTransferResult } from './schemas';

export const toRestTransferResult = (t: TransferView): z.input<typeof restTransferResult> => ({
  transfer_id: t.id,
  short_reference_id: t.shortReferenceId,
});

/** Transfer (catalogue BT7/BT8). reference_id is the ledger entry that moved the money. */
export const toRestTransfer = (t: TransferView): z.input<typeof restTransfer> => ({
  transfer_id: t.id,
  reference_id: t.entryId,
  short_reference_id: t.shortReferenceId,
  source_account_id: t.sourceAccountId,
  source_account_name: t.sourceAccountName,
  destination_account_id: t.targetAccountId,
  destination_account_name: t.targetAccountName,
  transfer_currency: t.currency,
  transfer_amount: t.amount,
  transfer_reason: t.reason,
  transfer_status: t.status,
  create_time: iso(t.createdAt),
  complete_time: isoOrNull(t.completedAt),
  created_by: t.createdBy,
});
