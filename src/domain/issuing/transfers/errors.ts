import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError, envelopeB } from '../../../platform/errors/domain-error';

const issuingB = (code: string, message: string, kind: DomainError['kind'], field?: string) =>
  new DomainError({ code, message, status: 400, kind, field, issuance: envelopeB(message) });

/** Issuing transfer errors: spec 7.2's common envelope B texts where one fits. */
export const issuingTransferErrors = defineErrors('issuing-transfers', 'issuance', {
  /**
   * An unknown, malformed or closed account, one outside the acting tree, or a source the caller
   * may not debit: answered alike (the common `Account does not exist.`), so ids cannot be probed.
   */
  accountNotExists: (field: 'sourceAccountId' | 'destinationAccountId') =>
    issuingB('issuing_transfer_account_not_exists', 'Account does not exist.', 'not_found', field),
  /** CI25 for an unknown id or a transfer the acting account is no party to (worded as `Card does not exists`). */
  transferNotExists: () => issuingB('issuing_transfer_not_exists', 'Transfer does not exists', 'not_found'),
});
