import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { fxErrors } from '../../../domain/wallet/fx/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (spec 7.1). */
const table = {
  amount_too_small: accountCenter400,
  conversion_not_found: accountCenter400,
  quote_expired: accountCenter400,
  quote_mismatch: accountCenter400,
  quote_not_found: accountCenter400,
  quote_used: accountCenter400,
  rate_unavailable: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof fxErrors>>;

export const fxEnvelopes = envelopesOf(fxErrors, table);
