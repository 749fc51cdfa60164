import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { cardTransactionErrors } from '../../../domain/issuing/transactions/errors';
import { envelopeA, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** The common envelope A of spec 7.2, with the error's message (it names the field in the route's names). */
const INVALID_REQUEST = { issuance: envelopeA('invalid_request_error', 'invalid_request_error') };

/** How the area's errors read on the wire (card issuance only): each the common invalid_request_error. */
const table = {
  card_transaction_not_found: INVALID_REQUEST,
  card_transaction_not_authorization: INVALID_REQUEST,
  card_transaction_nothing_held: INVALID_REQUEST,
  card_transaction_exceeds_hold: INVALID_REQUEST,
  card_transaction_nothing_cleared: INVALID_REQUEST,
  card_transaction_exceeds_cleared: INVALID_REQUEST,
  card_transaction_not_unsolicited_refund: INVALID_REQUEST,
  card_unsolicited_refund_claimed: INVALID_REQUEST,
  card_clearing_not_covered: INVALID_REQUEST,
} satisfies EnvelopeTable<ErrorCodeOf<typeof cardTransactionErrors>>;

export const cardTransactionEnvelopes = envelopesOf(cardTransactionErrors, table);
