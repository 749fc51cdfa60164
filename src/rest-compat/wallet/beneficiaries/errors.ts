import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { beneficiaryErrors } from '../../../domain/wallet/beneficiaries/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (spec 7.1). */
const table = {
  beneficiary_not_found: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof beneficiaryErrors>>;

export const beneficiaryEnvelopes = envelopesOf(beneficiaryErrors, table);
