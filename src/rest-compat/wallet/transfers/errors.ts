import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { transferErrors } from '../../../domain/wallet/transfers/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (spec 7.1). */
const table = {
  transfer_account_not_found: accountCenter400,
  transfer_not_found: accountCenter400,
  transfer_source_not_permitted: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof transferErrors>>;

export const transferEnvelopes = envelopesOf(transferErrors, table);
