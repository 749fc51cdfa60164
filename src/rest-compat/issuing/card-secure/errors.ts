import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { cardSecureErrors } from '../../../domain/issuing/card-secure/errors';
import { envelopeA, envelopeB, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** Spec 7.2's common envelope B of a rate limit: 429, "Request is too frequent". */
const TOO_FREQUENT = { issuance: envelopeB(429, 'Request is too frequent') };

/**
 * How the area's errors read on the wire (card issuance only): a card that cannot be revealed as
 * envelope A, a card_error with the error's message; the per-card limit and the key's spent budget
 * alike, as the common 429 (the caller is not told which limit it met).
 */
const table = {
  status_not_supported: { issuance: envelopeA('card_error', 'status_not_supported') },
  request_too_frequent: TOO_FREQUENT,
  reveal_budget_spent: TOO_FREQUENT,
} satisfies EnvelopeTable<ErrorCodeOf<typeof cardSecureErrors>>;

export const cardSecureEnvelopes = envelopesOf(cardSecureErrors, table);
