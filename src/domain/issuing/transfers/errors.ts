import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError } from '../../../platform/errors/domain-error';

const notFound = <const C extends string>(code: C, message: string, field?: string) =>
  new DomainError({ code, message, status: 400, kind: 'not_found', field });

/** Issuing transfer errors: spec 7.2's common texts where one fits. */
export const issuingTransferErrors = defineErrors('issuing-transfers', 'issuance', {
  /**
   * An unknown, malformed or closed account, one outside the acting tree, or a source the caller
   * may not debit: answered alike (the common `Account does not exist.`), so ids cannot be probed.
   */
  accountNotExists: (field: 'sourceAccountId' | 'destinationAccountId') =>
    notFound('issuing_transfer_account_not_exists', 'Account does not exist.', field),
  /** CI25 for an unknown id or a transfer the acting account is no party to (worded as `Card does not exists`). */
  transferNotExists: () => notFound('issuing_transfer_not_exists', 'Transfer does not exists'),
});
