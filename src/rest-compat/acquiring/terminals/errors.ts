import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { terminalErrors } from '../../../domain/acquiring/terminals/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (spec 7.1). */
const table = {
  terminal_already_registered: accountCenter400,
  terminal_not_found: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof terminalErrors>>;

export const terminalEnvelopes = envelopesOf(terminalErrors, table);
