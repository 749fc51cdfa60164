import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { virtualAccountErrors } from '../../../domain/wallet/virtual-accounts/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (account-center family). */
const table = {
  virtual_account_sandbox_only: accountCenter400,
  virtual_account_already_open: accountCenter400,
  virtual_account_not_found: accountCenter400,
  virtual_account_closed: accountCenter400,
  deposit_receiver_other_account: accountCenter400,
  deposit_receiver_currency_mismatch: accountCenter400,
  deposit_receiver_not_active: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof virtualAccountErrors>>;

export const virtualAccountEnvelopes = envelopesOf(virtualAccountErrors, table);
