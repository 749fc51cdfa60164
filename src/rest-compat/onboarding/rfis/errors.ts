import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { rfiErrors } from '../../../domain/onboarding/rfis/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (spec 7.1). */
const table = {
  rfi_not_awaiting_answer: accountCenter400,
  rfi_not_found: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof rfiErrors>>;

export const rfiEnvelopes = envelopesOf(rfiErrors, table);
