import { defineErrors } from '../errors/catalogue';
import { DomainError, envelopeA } from '../errors/domain-error';

const INTERNAL = 'An internal error occurred, please try again';

/**
 * A sealed value that fails authentication (tampered, or sealed under a key this process does not
 * hold) is never the caller's doing: callers see the internal error, and the code tells operators
 * which fault it was. The code names card data, the first thing sealed, and operators' alerts key
 * on it.
 */
export const sealErrors = defineErrors('sealing', 'every', {
  /** Authentication of a sealed value failed, or its key id is unknown here. */
  unreadable: () =>
    new DomainError({
      code: 'card_data_unreadable',
      message: INTERNAL,
      status: 500,
      kind: 'internal',
      accountCenter: { status: 500, message: 'An internal error occurred, please try again later', form: 'message_only' },
      issuance: envelopeA('api_error', 'api_error', INTERNAL),
    }),
});
