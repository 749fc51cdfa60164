import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';
import { quotedField } from '../../../platform/errors/field-names';

/**
 * FX-area errors (account-center family: the catalogue puts quotes, conversions and rates under
 * AC). The specification gives no text for them; the messages are payrail's and stable.
 */
function business<C extends string>(code: C, message: string, field?: string): DomainError<C> {
  return new DomainError({ code, message, status: 400, kind: 'business', field });
}

/** The members a conversion repeats from its quote, and how the texts name them (unquoted, as written). */
const QUOTED_MEMBER_TEXT = {
  sellCurrency: 'sell_currency',
  buyCurrency: 'buy_currency',
  conversionDate: 'conversion_date',
  sellAmount: 'sell_amount',
  buyAmount: 'buy_amount',
} as const;
type QuotedMember = keyof typeof QUOTED_MEMBER_TEXT;

export const fxErrors = defineErrors('fx', 'account_center', {
  /** Unknown, malformed, or another account's quote: answered alike, so ids cannot be probed. */
  quoteNotFound: () =>
    new DomainError({
      code: 'quote_not_found',
      message: 'Quote not found',
      status: 400,
      kind: 'not_found',
      field: 'quoteId',
    }),
  quoteExpired: () => business('quote_expired', 'Quote has expired, please request a new quote', 'quoteId'),
  quoteUsed: () => business('quote_used', 'Quote has already been used', 'quoteId'),
  /** A conversion body whose currencies or amounts differ from the quote it executes. */
  quoteMismatch: (field: QuotedMember) =>
    business('quote_mismatch', `Invalid value for field ${quotedField(field)}: must equal the quote's ${QUOTED_MEMBER_TEXT[field]}`, field),
  /**
   * BT11 for an unknown id, and every other account's conversion. 400 `entity not found` as AF4:
   * in the account-center family 404 is reserved for a path that matches no route (spec 7.1).
   */
  conversionNotFound: () =>
    new DomainError({
      code: 'conversion_not_found',
      message: 'entity not found',
      status: 400,
      kind: 'not_found',
    }),
  /** The computed side rounds to nothing in its currency's minor units. */
  amountTooSmall: (field: string) =>
    business('amount_too_small', `Invalid value for field ${quotedField(field)}: too small to convert`, field),
  /** A currency with no rate row (an operator can remove one). */
  rateUnavailable: (currency: string) =>
    business('rate_unavailable', `No exchange rate is available for ${currency}`, 'currency'),
});
