import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { fileErrors } from '../../../domain/onboarding/files/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (spec 7.1). */
const table = {
  download_link_expired: accountCenter400,
  download_link_invalid: accountCenter400,
  file_quota_exceeded: accountCenter400,
  file_size_error: accountCenter400,
  file_validation_failed: accountCenter400,
  invalid_file_name: accountCenter400,
  invalid_file_type: accountCenter400,
  notes_too_long: accountCenter400,
  open_file_error: accountCenter400,
  parse_file_failed: accountCenter400,
  query_data_error: accountCenter400,
  read_file_error: accountCenter400,
  request_parameters_invalid: accountCenter400,
  unsupported_file_type: accountCenter400,
  upload_file_error: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof fileErrors>>;

export const fileEnvelopes = envelopesOf(fileErrors, table);
