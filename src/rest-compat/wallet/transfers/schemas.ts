import { z } from 'zod';
import { TRANSFER_STATUSES } from '../../../domain/wallet/transfers/rules';
import { currency, dateTime, decimalString, oneOf, uuid } from '../../shared/wire';

/** BT6's answer: the new transfer's ids. */
export const restTransferResult = z.object({
  transfer_id: uuid,
  short_reference_id: z.string(),
}).meta({ id: 'TransferResult' });

/** Transfer (catalogue BT7/BT8), with payrail's source_account_id / destination_account_id beside the names. */
export const restTransfer = z.object({
  transfer_id: uuid,
  reference_id: uuid.nullable().describe('the ledger entry that moved the money'),
  short_reference_id: z.string(),
  source_account_id: uuid,
  source_account_name: z.string(),
  destination_account_id: uuid,
  destination_account_name: z.string(),
  transfer_currency: currency,
  transfer_amount: decimalString,
  transfer_reason: z.string(),
  transfer_status: oneOf(TRANSFER_STATUSES),
  create_time: dateTime,
  complete_time: dateTime.nullable(),
  created_by: uuid.describe('the account whose key made the transfer'),
}).meta({ id: 'Transfer' });
