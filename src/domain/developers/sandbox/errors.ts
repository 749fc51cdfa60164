import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError, envelopeA } from '../../../platform/errors/domain-error';

const SIMULATIONS_ONLY = 'Simulations are only available for sandbox accounts';

/**
 * Refusals of a sandbox-only capability (capabilities.ts) that no area words itself. The text is the
 * deposits simulation's, the first of them; issuance routes give it as an account_error, as they do
 * "please completed the verification" (the account, not a field, is what does not qualify).
 */
export const sandboxErrors = defineErrors('sandbox', 'every', {
  simulationsOnly: () =>
    new DomainError({
      code: 'simulation_sandbox_only',
      message: SIMULATIONS_ONLY,
      status: 400,
      kind: 'business',
      accountCenter: { status: 400, message: SIMULATIONS_ONLY },
      issuance: envelopeA('account_error', 'simulation_sandbox_only', SIMULATIONS_ONLY),
    }),
});
