import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { payoutErrors } from '../../../domain/wallet/payouts/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (spec 7.1). */
const table = {
  fee_rate_unavailable: accountCenter400,
  payout_not_found: accountCenter400,
  quote_mismatch: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof payoutErrors>>;

export const payoutEnvelopes = envelopesOf(payoutErrors, table);
