import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { cardArtErrors } from '../../../domain/issuing/card-arts/errors';
import { envelopeA, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/**
 * How the area's errors read on the wire (card issuance only): an unknown art is envelope A, a
 * card_error, as the other issuance lookups are (`card_not_found`), with the error's message.
 */
const table = {
  card_art_not_found: { issuance: envelopeA('card_error', 'card_art_not_found') },
} satisfies EnvelopeTable<ErrorCodeOf<typeof cardArtErrors>>;

export const cardArtEnvelopes = envelopesOf(cardArtErrors, table);
