import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';
import { quotedField } from '../../../platform/errors/field-names';

const invalid = <C extends string>(code: C, field: string, message: string, kind: 'validation' | 'business' | 'not_found') =>
  new DomainError({ code, message, status: 400, kind, field });

/** Payment-payout errors (account-center family; the specification gives no text for them). */
export const paymentPayoutErrors = defineErrors('payment-payouts', 'account_center', {
  /** PA18 for an unknown, malformed or another account's id alike: 400 `entity not found` as AF4. */
  paymentPayoutNotFound: () =>
    new DomainError({
      code: 'payment_payout_not_found',
      message: 'entity not found',
      status: 400,
      kind: 'not_found',
    }),

  /** No destination: without payout_account_id the money needs a Valid bank account in the currency. */
  noBankAccount: (currency: string) =>
    invalid(
      'payment_payout_no_bank_account',
      'payoutCurrency',
      `Invalid value for field ${quotedField('payoutCurrency')}: there is no Valid settlement bank account in ${currency}; create one with POST /v2/payment/bankaccount/create or send payout_account_id`,
      'business',
    ),

  /** An unknown or closed account, or one outside the caller's tree, answered alike. */
  payoutAccountNotFound: () =>
    invalid('payment_payout_account_not_found', 'payoutAccountId', `Invalid value for field ${quotedField('payoutAccountId')}: entity not found`, 'not_found'),

  /** The guarded debit of the available payment balance found too little. */
  insufficientAvailableBalance: (currency: string) =>
    invalid(
      'insufficient_balance',
      'payoutAmount',
      `Insufficient balance: the ${currency} available payment balance cannot cover this amount`,
      'business',
    ),
});
