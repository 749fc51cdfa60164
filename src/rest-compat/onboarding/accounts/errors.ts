import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { accountErrors } from '../../../domain/onboarding/accounts/errors';
import { accountCenter400, envelopeA, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

const NOT_VERIFIED = 'please completed the verification and activate your account first';

/**
 * How the area's errors read on the wire: each a 400 with its message (spec 7.1), but an unknown
 * API key (the operator's command line, no route), and an account not yet verified, which answers
 * spec 7.1's text without the status it was in, on card issuance's routes in envelope A.
 */
const table = {
  account_not_found: accountCenter400,
  api_key_not_found: {},
  parent_not_master: accountCenter400,
  service_not_opened: accountCenter400,
  account_closed: accountCenter400,
  master_not_active: accountCenter400,
  account_not_verified: {
    accountCenter: { status: 400, message: NOT_VERIFIED },
    issuance: envelopeA('account_error', 'account_not_verified', NOT_VERIFIED),
  },
  same_uen_limit: accountCenter400,
  verification_not_returned: accountCenter400,
  verification_not_pending: accountCenter400,
  document_id_exists: accountCenter400,
  sanctioned_country: accountCenter400,
  country_not_allowed: accountCenter400,
  documents_missing: accountCenter400,
  one_applicant: accountCenter400,
  representatives_empty: accountCenter400,
  representative_documents_empty: accountCenter400,
  individual_needs_banking: accountCenter400,
  inherit_invalid: accountCenter400,
  inherit_details_required: accountCenter400,
  sub_account_service_not_opened: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof accountErrors>>;

export const accountEnvelopes = envelopesOf(accountErrors, table);
