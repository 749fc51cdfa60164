import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';

/** Bank-account errors (account-center family; the specification gives no text for them). */
export const bankAccountErrors = defineErrors('bank-accounts', 'account_center', {
  /** BA3/BA4 for an unknown, malformed or another account's id alike: 400 `entity not found` as AF4. */
  bankAccountNotFound: () =>
    new DomainError({
      code: 'bank_account_not_found',
      message: 'entity not found',
      status: 400,
      kind: 'not_found',
    }),
});
