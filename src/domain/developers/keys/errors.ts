import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';

/**
 * API key management's refusals (account-center family). An unknown, malformed or another tenant's
 * key id is the accounts group's api_key_not_found, so ids cannot be probed.
 */
export const apiKeyErrors = defineErrors('api-keys', 'account_center', {
  /** Rotating a disabled key: it has been replaced (or revoked) already, and one key has one successor. */
  disabled: () => new DomainError({ code: 'api_key_disabled', message: 'api key is disabled', status: 400, kind: 'business', field: 'id' }),
});
