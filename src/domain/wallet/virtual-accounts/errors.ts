import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';
import { quotedField } from '../../../platform/errors/field-names';

const badRequest = <C extends string>(init: { code: C; message: string; kind: DomainError['kind']; field?: string }) =>
  new DomainError({ ...init, status: 400 });

/** Virtual-account errors (account-center family; the specification gives no text for them). */
export const virtualAccountErrors = defineErrors('virtual-accounts', 'account_center', {
  /**
   * The bank details are simulated: handing them to a production account would promise money that
   * can never arrive, so only sandbox accounts open virtual accounts until a banking partner exists.
   */
  sandboxOnly: () =>
    badRequest({
      code: 'virtual_account_sandbox_only',
      message: 'Virtual accounts are only available for sandbox accounts',
      kind: 'business',
    }),

  /** One open (PENDING or ACTIVE) account per currency and payment_method keeps the receiving details unambiguous. */
  alreadyOpen: (currency: string, paymentMethod: string) =>
    badRequest({
      code: 'virtual_account_already_open',
      message: `A ${currency} virtual account with payment_method ${paymentMethod} is already open`,
      kind: 'business',
      field: 'currency',
    }),

  /** An unknown, malformed or another account's account_bank_id, answered alike: 400 `entity not found` as AF4. */
  notFound: () => badRequest({ code: 'virtual_account_not_found', message: 'entity not found', kind: 'not_found' }),

  alreadyClosed: () =>
    badRequest({ code: 'virtual_account_closed', message: 'Virtual account is already closed', kind: 'business' }),

  /** A deposit naming a virtual account of another account of the acting tree. */
  receiverOfAnotherAccount: () =>
    badRequest({
      code: 'deposit_receiver_other_account',
      message:
        `Invalid value for field ${quotedField('receiverAccountNumber')}: the virtual account belongs to another account; send the deposit on behalf of that account`,
      kind: 'business',
      field: 'receiverAccountNumber',
    }),

  receiverCurrencyMismatch: (accountCurrency: string) =>
    badRequest({
      code: 'deposit_receiver_currency_mismatch',
      message: `Invalid value for field ${quotedField('currency')}: receiver_account_number is a ${accountCurrency} virtual account`,
      kind: 'business',
      field: 'currency',
    }),

  receiverNotActive: (status: 'PENDING' | 'CLOSED') =>
    badRequest({
      code: 'deposit_receiver_not_active',
      message:
        status === 'PENDING'
          ? `Invalid value for field ${quotedField('receiverAccountNumber')}: the virtual account is still being opened`
          : `Invalid value for field ${quotedField('receiverAccountNumber')}: the virtual account is closed`,
      kind: 'business',
      field: 'receiverAccountNumber',
    }),
});
