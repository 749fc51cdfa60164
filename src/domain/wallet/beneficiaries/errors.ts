import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';

/** Beneficiary errors (account-center family, spec 7.1: every handler error is a 400). */
export const beneficiaryErrors = defineErrors('beneficiaries', 'account_center', {
  /**
   * Unknown, deleted, malformed and another tenant's ids all answer this, so ids cannot be probed.
   * 400 rather than 404: 7.1 keeps 404 for paths that match no route.
   */
  beneficiaryNotFound: () =>
    new DomainError({
      code: 'beneficiary_not_found',
      message: 'beneficiary not found',
      status: 400,
      kind: 'not_found',
      field: 'beneficiaryId',
    }),
});
