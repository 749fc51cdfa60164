import { z } from 'zod';
import { ISSUING_TRANSFER_STATUSES, ISSUING_TRANSFER_TYPES } from '../../../domain/issuing/transfers/rules';
import { currency, dateTime, decimalString, uuid } from '../../shared/wire';

/** IssuingTransferRef (CI24). */
export const restIssuingTransferRef = z.object({ transfer_id: uuid, short_transaction_id: z.string() }).meta({ id: 'IssuingTransferRef' });

/** IssuingTransfer (CI25, and the answer of transfer_in / transfer_out). */
export const restIssuingTransfer = z
  .object({
    transfer_id: uuid,
    short_transaction_id: z.string(),
    transfer_type: z.enum(ISSUING_TRANSFER_TYPES).describe('ACCOUNT (CI24), WALLET_IN (transfer_in), WALLET_OUT (transfer_out), SANDBOX_FUNDS (the test funds a sandbox master starts with)'),
    source_account_id: uuid,
    destination_account_id: uuid,
    currency,
    amount: decimalString,
    fee_amount: decimalString,
    transfer_status: z.enum(ISSUING_TRANSFER_STATUSES),
    create_time: dateTime,
    complete_time: dateTime.optional(),
    creator_id: z.string(),
    remark: z.string().optional(),
  })
  .meta({ id: 'IssuingTransfer' });
