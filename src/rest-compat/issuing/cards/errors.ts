import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { cardErrors } from '../../../domain/issuing/cards/errors';
import { envelopeA, envelopeB, envelopesOf, type EnvelopeTable, type RestEnvelope } from '../../envelope-tables';

/** Envelope A under the error's code, with its message: a card_error unless spec 7.2's table says account_error. */
const cardError = (code: string): RestEnvelope => ({ issuance: envelopeA('card_error', code) });
const accountError = (code: string): RestEnvelope => ({ issuance: envelopeA('account_error', code) });
/** Envelope B `{code: 400, message}` with the table's exact text, the error's message. */
const B: RestEnvelope = { issuance: envelopeB() };

/** How the area's errors read on the wire (card issuance only), as spec 7.2's table gives each. */
const table = {
  card_not_found: cardError('card_not_found'),
  risk_control_not_allowed: cardError('risk_control_not_allowed'),
  currency_not_allowed: cardError('currency_not_allowed'),
  limit_out_of_range: cardError('limit_out_of_range'),
  'auto_cancel_trigger cannot be empty': cardError('auto_cancel_trigger cannot be empty'),
  'invalid auto_cancel_trigger': cardError('invalid auto_cancel_trigger'),
  'expiry_at cannot be empty': cardError('expiry_at cannot be empty'),
  'invalid expiry_at': cardError('invalid expiry_at'),
  product_not_found: accountError('product_not_found'),
  card_limit_illegal: B,
  cardholder_illegal: B,
  cardholder_not_found_for_list: B,
  card_status_invalid: B,
  update_reason_too_long: B,
  card_has_expired: B,
  /** CI1 on a SINGLE product: the issuing balance cannot fund the card_limit (the Create Card row of type account_error). */
  account_balance_error: accountError('account_balance_error'),
  update_limit_below_used: B,
  update_limit_not_positive: B,
  single_card_limit: B,
  card_not_active: B,
  one_time_card: B,
  spending_controls_error: B,
  metadata_invalid: B,
  risk_control_not_allowed_b: B,
  limit_below_per_transaction: B,
  transaction_limit_not_positive: B,
  update_card_error: B,
  restrict_config_error: B,
  no_pin_amount_failed: B,
  no_pin_amount_negative: B,
  no_pin_amount_precision: B,
  no_pin_amount_for_currency: B,
  card_already_activated: B,
  invalid_activation_code: B,
  card_bin_not_config: B,
  card_number_not_exist: B,
  card_expired_error: cardError('card_expired_error'),
  status_not_supported: cardError('status_not_supported'),
  virtual_card_pin_error: cardError('virtual_card_pin_error'),
} satisfies EnvelopeTable<ErrorCodeOf<typeof cardErrors>>;

export const cardEnvelopes = envelopesOf(cardErrors, table);
