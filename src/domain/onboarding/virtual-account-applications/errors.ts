import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';
import { quotedField } from '../../../platform/errors/field-names';

const badRequest = <const C extends string>(init: { code: C; message: string; kind: DomainError['kind']; field?: string }) =>
  new DomainError({ ...init, status: 400 });

/** The rule of `localNotAvailable` on its own: what a skipped result of an application says. */
export const localNotAvailableRule = (currency: string, country: string): string => `LOCAL is not available for ${currency} in ${country}; use SWIFT`;

/** Virtual account application errors (account-center family, as BT14 and BT15). */
export const applicationErrors = defineErrors('virtual-account-applications', 'account_center', {
  /** Unknown, malformed or another account's id, answered alike; the Python client's documented text. */
  notFound: () =>
    badRequest({ code: 'virtual_account_application_not_found', message: 'Virtual account application not found', kind: 'not_found' }),

  /** The sandbox bank has branches only in its currencies' home countries (virtual-accounts/banks.ts). */
  noBranch: (country: string) =>
    badRequest({
      code: 'virtual_account_country_not_served',
      message: `Invalid value for field ${quotedField('country')}: the sandbox bank has no branch in ${country}`,
      kind: 'validation',
      field: 'country',
    }),

  /** A currency is paid locally only in its home country. */
  localNotAvailable: (currency: string, country: string) =>
    badRequest({
      code: 'virtual_account_local_not_available',
      message: `Invalid value for field ${quotedField('paymentMethod')}: ${localNotAvailableRule(currency, country)}`,
      kind: 'validation',
      field: 'paymentMethod',
    }),
});
