import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { paymentPayoutErrors } from '../../../domain/acquiring/payouts/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (spec 7.1). */
const table = {
  insufficient_balance: accountCenter400,
  payment_payout_account_not_found: accountCenter400,
  payment_payout_no_bank_account: accountCenter400,
  payment_payout_not_found: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof paymentPayoutErrors>>;

export const paymentPayoutEnvelopes = envelopesOf(paymentPayoutErrors, table);
