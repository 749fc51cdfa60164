import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';
import { quotedField } from '../../../platform/errors/field-names';

/**
 * Payout-area errors (account-center family). The specification gives no text for them; the
 * messages are payrail's and stable. Validation failures use the shared field messages (rules.ts).
 */
export const payoutErrors = defineErrors('payouts', 'account_center', {
  /**
   * PO3 for an unknown id, a malformed id, and every other account's payout alike: 400 `entity not
   * found` as AF4, since the account-center family keeps 404 for a path that matches no route.
   */
  payoutNotFound: () =>
    new DomainError({
      code: 'payout_not_found',
      message: 'entity not found',
      status: 400,
      kind: 'not_found',
    }),

  /** A payout with a quote whose currencies or amounts differ from the quote it uses. */
  quoteMismatch: (field: 'payoutCurrency' | 'payoutAmount' | 'currency' | 'amount', what: string) => {
    const message = `Invalid value for field ${quotedField(field)}: must equal the quote's ${what}`;
    return new DomainError({
      code: 'quote_mismatch',
      message,
      status: 400,
      kind: 'validation',
      field,
    });
  },

  /** The fee is priced at the currency's FX rate; a currency the rate table lacks cannot be priced. */
  feeRateUnavailable: (currency: string) => {
    const message = `Invalid value for field ${quotedField('currency')}: no exchange rate is available for ${currency} to price the payout fee`;
    return new DomainError({
      code: 'fee_rate_unavailable',
      message,
      status: 400,
      kind: 'validation',
      field: 'currency',
    });
  },
});
