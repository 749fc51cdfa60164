import type { Deposit } from '../../domain/deposits/service';
import { formatAmount, money } from '../../domain/money/amount';

/**
 * Deposit as SI1 answers it (spec 2.10) and BT4/BT5 list it (catalogue: adds deposit_fee,
 * deposit_reference and sender.sender_address). Amounts are decimal strings. complete_time is null
 * until the deposit reaches COMPLETED or FAILED; sender fields the caller did not give are null.
 */
export const toRestDeposit = (d: Deposit) => ({
  deposit_id: d.id,
  short_reference_id: d.shortReferenceId,
  amount: formatAmount(money(d.amount), d.currency),
  currency: d.currency,
  deposit_fee: formatAmount(money(d.depositFee), d.currency),
  deposit_status: d.status,
  deposit_reference: d.depositReference,
  create_time: d.createdAt.toISOString(),
  complete_time: d.completedAt ? d.completedAt.toISOString() : null,
  receiver_account_number: d.receiverAccountNumber,
  sender: {
    sender_name: d.senderName,
    sender_country: d.senderCountry ?? null,
    sender_account_number: d.senderAccountNumber,
    sender_swift_code: d.senderSwiftCode,
    sender_address: null,
  },
});
