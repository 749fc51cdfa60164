import { defineErrors } from '../../../platform/errors/catalogue';
import { fault } from '../../../platform/errors/platform-errors';

/**
 * Card data faults are never the caller's doing: a BIN whose number space is used up, or one that
 * cannot be issued from. Callers see the internal error (the area's REST table); the code tells
 * operators which fault it was (a sealed value that fails authentication is the sealer's,
 * platform/sealing). No message quotes a PAN.
 */
export const cardDataErrors = defineErrors('card-data', 'every', {
  /** Every attempt produced a PAN already issued: the BIN's range is (nearly) full. */
  panSpaceExhausted: () => fault('card_data_pan_space_exhausted'),
  /** A product BIN that is not 6 or 8 digits, or a length the BIN cannot fill. */
  invalidBin: () => fault('card_data_invalid_bin'),
  /** A card expiry that is not MMYY. */
  invalidExpiry: () => fault('card_data_invalid_expiry'),
});
