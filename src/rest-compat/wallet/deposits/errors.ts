import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { depositErrors } from '../../../domain/wallet/deposits/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (spec 7.1). */
const table = {
  deposit_not_found: accountCenter400,
  simulation_sandbox_only: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof depositErrors>>;

export const depositEnvelopes = envelopesOf(depositErrors, table);
