import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError } from '../../../platform/errors/domain-error';

/**
 * Refusals of a sandbox-only capability (capabilities.ts) that no area words itself. The text is the
 * deposits simulation's, the first of them. Both REST families may raise it (its door's table).
 */
export const sandboxErrors = defineErrors('sandbox', 'every', {
  simulationsOnly: () =>
    new DomainError({
      code: 'simulation_sandbox_only',
      message: 'Simulations are only available for sandbox accounts',
      status: 400,
      kind: 'business',
    }),
});
