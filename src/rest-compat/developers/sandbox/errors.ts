import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { sandboxErrors } from '../../../domain/developers/sandbox/errors';
import { envelopeA, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/**
 * How the area's errors read on the wire, in both families, with the error's message: a 400 in the
 * account-center family (spec 7.1); an account_error in card issuance (7.2), as "please completed
 * the verification" is (the account, not a field, is what does not qualify).
 */
const table = {
  simulation_sandbox_only: { accountCenter: { status: 400 }, issuance: envelopeA('account_error', 'simulation_sandbox_only') },
} satisfies EnvelopeTable<ErrorCodeOf<typeof sandboxErrors>>;

export const sandboxEnvelopes = envelopesOf(sandboxErrors, table);
