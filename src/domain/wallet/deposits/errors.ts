import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';

/** Deposit-area errors (account-center family; the specification gives no text for them). */
export const depositErrors = defineErrors('deposits', 'account_center', {
  /** Ref blocks simulations in production; payrail refuses them for non-sandbox accounts. */
  sandboxOnly: () =>
    new DomainError({
      code: 'simulation_sandbox_only',
      message: 'Simulations are only available for sandbox accounts',
      status: 400,
      kind: 'business',
    }),

  /**
   * BT5 for an unknown, malformed or another account's id, answered alike. 400 `entity not found`
   * as AF4: in the account-center family 404 is reserved for a path that matches no route (7.1).
   */
  depositNotFound: () =>
    new DomainError({
      code: 'deposit_not_found',
      message: 'entity not found',
      status: 400,
      kind: 'not_found',
    }),
});
