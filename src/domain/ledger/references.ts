/**
 * What a journal entry belongs to and what it does, in one casing (upper), as BT3 shows them:
 * `transaction_way` is the reference type, `transaction_type` the entry kind.
 */

/** The resource whose id is the entry's reference_id. */
export type LedgerReferenceType = 'DEPOSIT' | 'PAYOUT' | 'TRANSFER' | 'CONVERSION';

/** The movement the entry posts. */
export type JournalEntryKind =
  /** A deposit credited to the wallet. */
  | 'DEPOSIT'
  /** A payout's amount and fee leaving the wallet for flight. */
  | 'PAYOUT'
  /** A payout's money in flight leaving for the beneficiary's bank. */
  | 'PAYOUT_COMPLETED'
  /** A rejected or failed payout's money coming back to the wallet. */
  | 'PAYOUT_RETURNED'
  | 'TRANSFER'
  | 'CONVERSION';
