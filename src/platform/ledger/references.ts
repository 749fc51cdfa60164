/**
 * What a journal entry belongs to and what it does, in one casing (upper), as BT3 shows them:
 * `transaction_way` is the reference type, `transaction_type` the entry kind.
 */

/** The resource whose id is the entry's reference_id. */
export const LEDGER_REFERENCE_TYPES = [
  'DEPOSIT',
  'PAYOUT',
  'TRANSFER',
  'CONVERSION',
  /** Acquiring: a capture's entry references its PaymentIntent. */
  'PAYMENT_INTENT',
  'REFUND',
  /** A settlement item (one per settled capture or refund). */
  'SETTLEMENT',
  'PAYMENT_PAYOUT',
  /** Issuing: a card's own movements (its funding at creation, recharge, withdraw, the release at cancel). */
  'CARD',
  /** A card transaction (authorization, reversal, clearing, refund). */
  'CARD_TRANSACTION',
  /** An issuing transfer between two accounts' issuing balances, or between an account's wallet and its issuing balance. */
  'ISSUING_TRANSFER',
] as const;
export type LedgerReferenceType = (typeof LEDGER_REFERENCE_TYPES)[number];

/** The movement the entry posts. */
export const JOURNAL_ENTRY_KINDS = [
  /** A deposit credited to the wallet. */
  'DEPOSIT',
  /** A payout's amount and fee leaving the wallet for flight. */
  'PAYOUT',
  /** A payout's money in flight leaving for the beneficiary's bank. */
  'PAYOUT_COMPLETED',
  /** A rejected or failed payout's money coming back to the wallet. */
  'PAYOUT_RETURNED',
  'TRANSFER',
  'CONVERSION',
  /** Captured card money owed by the network, pending for the merchant. */
  'PAYMENT_CAPTURE',
  /** A refund's amount leaving the payment balance for flight. */
  'REFUND',
  /** A refund's money in flight returned to the card (network). */
  'REFUND_COMPLETED',
  /** A failed refund's money coming back to the payment balance. */
  'REFUND_RETURNED',
  /** A settled item: pending gross out, available net and fees in. */
  'SETTLEMENT',
  'PAYMENT_PAYOUT',
  'PAYMENT_PAYOUT_COMPLETED',
  'PAYMENT_PAYOUT_RETURNED',
  /** Issuing: money moved between a wallet and an issuing balance, or between two issuing balances. */
  'ISSUING_TRANSFER',
  /** Issuing balance → a SINGLE card (creation's card_limit, CI8). */
  'CARD_RECHARGE',
  /** A SINGLE card → the issuing balance (CI9, the release of a cancelled or expired card's balance). */
  'CARD_WITHDRAW',
  /** A card's funding source → ISSUING_AUTH_HOLD. */
  'CARD_AUTHORIZATION',
  /** ISSUING_AUTH_HOLD → the card's funding source. */
  'CARD_REVERSAL',
  /** ISSUING_AUTH_HOLD → the network (ISSUING_CLEARING), the difference to or from the source. */
  'CARD_CLEARING',
  /** The network → the card's funding source. */
  'CARD_REFUND',
  /** The network → ISSUING_UNSOLICITED_REFUND: a refund nobody asked for, held until claimed. */
  'CARD_UNSOLICITED_REFUND',
  /** ISSUING_UNSOLICITED_REFUND → the card's funding source (or the issuing balance): the claim. */
  'CARD_UNSOLICITED_REFUND_RELEASE',
] as const;
export type JournalEntryKind = (typeof JOURNAL_ENTRY_KINDS)[number];
