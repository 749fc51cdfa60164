import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError, envelopeA } from '../../../platform/errors/domain-error';

const INTERNAL = 'An internal error occurred, please try again';

/**
 * Card data faults are never the caller's doing: a value that fails authentication (tampered, or
 * sealed under a key this process does not hold) or a BIN whose number space is used up. Callers see
 * the internal error; the code tells operators which fault it was. No message quotes a PAN.
 */
const internal = (code: string) =>
  new DomainError({
    code,
    message: INTERNAL,
    status: 500,
    kind: 'internal',
    accountCenter: { status: 500, message: 'An internal error occurred, please try again later', form: 'message_only' },
    issuance: envelopeA('api_error', 'api_error', INTERNAL),
  });

export const cardDataErrors = defineErrors('card-data', 'every', {
  /** Every attempt produced a PAN already issued: the BIN's range is (nearly) full. */
  panSpaceExhausted: () => internal('card_data_pan_space_exhausted'),
  /** A product BIN that is not 6 or 8 digits, or a length the BIN cannot fill. */
  invalidBin: () => internal('card_data_invalid_bin'),
  /** A card expiry that is not MMYY. */
  invalidExpiry: () => internal('card_data_invalid_expiry'),
});
