import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';
import { quotedField } from '../../../platform/errors/field-names';

/** Transfer-area errors (account-center family; the specification gives no text for them). */
export const transferErrors = defineErrors('transfers', 'account_center', {
  /**
   * An unknown, malformed or closed account id, or one outside the acting account's tree: answered
   * alike, so another tenant's ids cannot be probed.
   */
  accountNotFound: (field: 'sourceAccountId' | 'targetAccountId') =>
    new DomainError({
      code: 'transfer_account_not_found',
      message: `Invalid value for field ${quotedField(field)}: entity not found`,
      status: 400,
      kind: 'not_found',
      field,
    }),

  /** A sub-account moving money out of another account of its tree. */
  sourceNotPermitted: () =>
    new DomainError({
      code: 'transfer_source_not_permitted',
      message: `Invalid value for field ${quotedField('sourceAccountId')}: a sub-account can only transfer out of its own wallet`,
      status: 400,
      kind: 'authorization',
      field: 'sourceAccountId',
    }),

  /** BT8 for an unknown id or a transfer the acting account is no party to: 400 `entity not found` as AF4. */
  transferNotFound: () =>
    new DomainError({
      code: 'transfer_not_found',
      message: 'entity not found',
      status: 400,
      kind: 'not_found',
    }),
});
