import type { z } from 'zod';
import type { DepositView } from '../../../domain/wallet/deposits/view';
import { iso, isoOrNull } from '../../shared/wire';
import type { restDeposit } from './schemas';

/**
 * Deposit as SI1 answers it (spec 2.10) and BT4/BT5 list it (catalogue: adds deposit_fee,
 * deposit_reference and sender.sender_address). complete_time is null until the deposit reaches
 * COMPLETED or FAILED; sender fields the caller did not give are null.
 */
export const toRestDeposit = (d: DepositView): z.input<typeof restDeposit> => ({
  deposit_id: d.id,
  short_reference_id: d.shortReferenceId,
  amount: d.amount,
  currency: d.currency,
  deposit_fee: d.fee,
  deposit_status: d.status,
  deposit_reference: d.reference,
  create_time: iso(d.createdAt),
  complete_time: isoOrNull(d.completedAt),
  receiver_account_number: d.receiverAccountNumber,
  sender: {
    sender_name: d.sender.name,
    sender_country: d.sender.country,
    sender_account_number: d.sender.accountNumber,
    sender_swift_code: d.sender.swiftCode,
    sender_address: null,
  },
});
