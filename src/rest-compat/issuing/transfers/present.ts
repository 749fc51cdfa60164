import type { z } from 'zod';
import type { IssuingTransferView } from '../../../domain/issuing/transfers/view';
import { iso } from '../../shared/wire';
import type { restIssuingTransfer, restIssuingTransferRef } from './schemas';

export const toRestIssuingTransferRef = (t: IssuingTransferView): z.input<typeof restIssuingTransferRef> => ({
  transfer_id: t.id,
  short_transaction_id: t.shortTransactionId,
});

export const toRestIssuingTransfer = (t: IssuingTransferView): z.input<typeof restIssuingTransfer> => ({
  transfer_id: t.id,
  short_transaction_id: t.shortTransactionId,
  transfer_type: t.transferType,
  source_account_id: t.sourceAccountId,
  destination_account_id: t.destinationAccountId,
  currency: t.currency,
  amount: t.amount,
  fee_amount: t.feeAmount,
  transfer_status: t.status,
  create_time: iso(t.createdAt),
  ...(t.completedAt ? { complete_time: iso(t.completedAt) } : {}),
  creator_id: t.creatorId,
  ...(t.remark !== null ? { remark: t.remark } : {}),
});
