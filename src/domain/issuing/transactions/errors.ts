import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError } from '../../../platform/errors/domain-error';
import { invalidValueText } from '../../../platform/validation/validate';

/**
 * Card transaction errors. Spec 4.7 names none beyond the common ones, so each is worded as the
 * common validation error naming the field (docs/decisions/issuing/transactions.md "Card
 * transactions"), under its own code, except the card's own `card_not_found`, which the cards area
 * declares.
 */
const invalid = <const C extends string>(code: C, field: string, rule: string, kind: DomainError['kind'] = 'business') =>
  new DomainError({ code, message: invalidValueText(field, rule), status: 400, kind, field });

export const cardTransactionErrors = defineErrors('card-transactions', 'issuance', {
  /** An unknown, malformed or other tenant's transaction id, answered alike. */
  notFound: (field = 'transactionId') => invalid('card_transaction_not_found', field, 'transaction not found', 'not_found'),
  /** Reversal, clearing and refund act on an approved authorization only. */
  notAnAuthorization: () => invalid('card_transaction_not_authorization', 'transactionId', 'must be an approved authorization'),
  nothingHeld: () => invalid('card_transaction_nothing_held', 'transactionId', 'the authorization has no amount left on hold'),
  exceedsHold: () => invalid('card_transaction_exceeds_hold', 'amount', "must not exceed the authorization's remaining hold"),
  nothingCleared: () => invalid('card_transaction_nothing_cleared', 'transactionId', 'the authorization has not been cleared'),
  exceedsCleared: () => invalid('card_transaction_exceeds_cleared', 'amount', 'must not exceed what was cleared and not yet refunded'),
  /** A claim names a transaction that is no unsolicited refund (an authorization, a merchant's refund of a purchase). */
  notUnsolicitedRefund: () => invalid('card_transaction_not_unsolicited_refund', 'relatedTransactionId', 'must be an unsolicited refund'),
  /** A claim of an unsolicited refund already claimed (also the loser of two concurrent claims). */
  alreadyClaimed: () => invalid('card_unsolicited_refund_claimed', 'relatedTransactionId', 'the refund was already claimed'),
  /** A clearing above the hold whose excess the card's source cannot cover (funds.ts postClearing). */
  clearingNotCovered: () => invalid('card_clearing_not_covered', 'amount', "exceeds the hold by more than the card's funds cover"),
});
