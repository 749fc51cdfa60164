import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { platformErrors } from '../../../platform/errors/platform-errors';
import { cardDataErrors } from '../../../domain/issuing/card-data/errors';
import { asError, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** Each fault reads as the internal error, in both families: the caller learns nothing of which. */
const INTERNAL = asError(platformErrors.internal());

const table = {
  card_data_pan_space_exhausted: INTERNAL,
  card_data_invalid_bin: INTERNAL,
  card_data_invalid_expiry: INTERNAL,
} satisfies EnvelopeTable<ErrorCodeOf<typeof cardDataErrors>>;

export const cardDataEnvelopes = envelopesOf(cardDataErrors, table);
