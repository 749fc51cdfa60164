import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { applicationErrors } from '../../../domain/onboarding/virtual-account-applications/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (spec 7.1). */
const table = {
  virtual_account_application_not_found: accountCenter400,
  virtual_account_country_not_served: accountCenter400,
  virtual_account_local_not_available: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof applicationErrors>>;

export const applicationEnvelopes = envelopesOf(applicationErrors, table);
