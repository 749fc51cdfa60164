import { defineErrors } from '../errors/catalogue';
import { internalFault } from '../errors/platform-errors';

/**
 * A sealed value that fails authentication (tampered, or sealed under a key this process does not
 * hold) is never the caller's doing. The code names card data, the first thing sealed, and
 * operators' alerts key on it.
 */
export const sealErrors = defineErrors('sealing', 'every', {
  /** Authentication of a sealed value failed, or its key id is unknown here. */
  unreadable: () => internalFault('card_data_unreadable'),
});
