import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { bankAccountErrors } from '../../../domain/acquiring/bank-accounts/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (spec 7.1). */
const table = {
  bank_account_not_found: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof bankAccountErrors>>;

export const bankAccountEnvelopes = envelopesOf(bankAccountErrors, table);
