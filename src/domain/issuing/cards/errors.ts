import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError } from '../../../platform/errors/domain-error';

/**
 * Card errors, with the codes and texts of spec 7.2's table; its REST door gives each its envelope
 * (A, a card_error or account_error under the code; or B). The four auto_cancel_trigger /
 * expiry_at rows use their whole text as the code, as the table does.
 */
const cardError = <const C extends string>(code: C, message: string, kind: DomainError['kind'], field?: string) =>
  new DomainError({ code, message, status: 400, kind, field });

export const cardErrors = defineErrors('cards', 'issuance', {
  /** An unknown, malformed or other tenant's card id, answered alike. */
  notFound: () => cardError('card_not_found', 'card not found or deactivated', 'not_found'),
  riskControlNotAllowed: () => cardError('risk_control_not_allowed', 'risk control setting is not allowed', 'validation', 'riskControls'),
  currencyNotAllowed: () => cardError('currency_not_allowed', 'card currency is not allowed', 'validation', 'cardCurrency'),
  limitOutOfRange: () =>
    cardError('limit_out_of_range', 'card limit is below the minimum or above the maximum of the product', 'validation', 'cardLimit'),
  autoCancelTriggerEmpty: () =>
    cardError('auto_cancel_trigger cannot be empty', 'auto_cancel_trigger cannot be empty', 'validation', 'autoCancelTrigger'),
  autoCancelTriggerInvalid: () => cardError('invalid auto_cancel_trigger', 'invalid auto_cancel_trigger', 'validation', 'autoCancelTrigger'),
  expiryAtEmpty: () => cardError('expiry_at cannot be empty', 'expiry_at cannot be empty', 'validation', 'expiryAt'),
  expiryAtInvalid: () => cardError('invalid expiry_at', 'invalid expiry_at', 'validation', 'expiryAt'),
  productNotFound: () =>
    cardError('product_not_found', 'product not found or inactive', 'not_found', 'cardProductId'),
  /** Envelope B: a card_limit that is not a number >= 0 with at most two decimals. */
  cardLimitIllegal: () => cardError('card_limit_illegal', 'Card limit is illegal', 'validation', 'cardLimit'),
  cardholderIllegal: () => cardError('cardholder_illegal', 'Card holder not exists or is illegal', 'business', 'cardholderId'),
  cardholderNotFoundForList: () => cardError('cardholder_not_found_for_list', 'Cardholder not found or deactivated', 'not_found', 'cardholderId'),
  statusInvalid: () => cardError('card_status_invalid', 'Card status is invalid', 'business', 'status'),
  updateReasonTooLong: () => cardError('update_reason_too_long', 'Update reason is too long', 'validation', 'updateReason'),
  cardExpired: () => cardError('card_has_expired', 'The card has expired', 'business'),
  /** CI1 on a SINGLE product: the issuing balance cannot fund the card_limit (spec 7.2's Create Card row of type account_error). */
  accountBalanceError: () =>
    cardError('account_balance_error', 'insufficient balance or currency balance unavailable', 'business', 'cardLimit'),
  // Card operations (CI4, CI10, CI11, CI13).
  updateLimitBelowUsed: () => cardError('update_limit_below_used', 'Update card limit is less than the amount of used card', 'business', 'cardLimit'),
  updateLimitNotPositive: () => cardError('update_limit_not_positive', 'Failed Update. Card Limit should be greater than 0', 'validation', 'cardLimit'),
  singleCardLimit: () => cardError('single_card_limit', 'The single card not support changing card limits', 'business', 'cardLimit'),
  notActive: () => cardError('card_not_active', 'The card is not active.', 'business'),
  oneTimeCard: () => cardError('one_time_card', 'This operation cannot be performed on One-Time Card.', 'business'),
  spendingControlsError: () => cardError('spending_controls_error', 'Spending controls is error', 'validation', 'spendingControls'),
  metadataInvalid: () => cardError('metadata_invalid', 'Metadata is invalid', 'validation', 'metadata'),
  riskControlNotAllowedB: () => cardError('risk_control_not_allowed_b', 'risk control setting is not allowed', 'validation', 'riskControls'),
  limitBelowPerTransaction: () =>
    cardError('limit_below_per_transaction', 'Failed Update. Card Limit should be greater than Per transaction', 'validation', 'cardLimit'),
  transactionLimitNotPositive: () =>
    cardError('transaction_limit_not_positive', 'Failed Update. Your transaction limit should be greater than 0', 'validation', 'spendingControls'),
  updateCardError: () => cardError('update_card_error', 'Update card error', 'business'),
  restrictConfigError: () => cardError('restrict_config_error', 'Restrict config error', 'validation', 'riskControls'),
  noPinAmountFailed: () => cardError('no_pin_amount_failed', 'no pin payment amount failed.', 'validation', 'noPinPaymentAmount'),
  noPinAmountNegative: () => cardError('no_pin_amount_negative', 'Negative no pin payment amount.', 'validation', 'noPinPaymentAmount'),
  noPinAmountPrecision: () => cardError('no_pin_amount_precision', 'Invalid no pin payment amount precision.', 'validation', 'noPinPaymentAmount'),
  noPinAmountForCurrency: () =>
    cardError('no_pin_amount_for_currency', 'invalid no pin payment amount for the current currency.', 'validation', 'noPinPaymentAmount'),
  alreadyActivated: () => cardError('card_already_activated', 'The card has been activated.', 'business'),
  invalidActivationCode: () => cardError('invalid_activation_code', 'Invalid activation code.', 'validation', 'activationCode'),
  binNotConfigured: () => cardError('card_bin_not_config', 'card bin not config', 'validation', 'cardNumber'),
  cardNumberNotExist: () => cardError('card_number_not_exist', 'card number not exist', 'validation', 'cardNumber'),
  pinCardExpired: () => cardError('card_expired_error', 'card has expired', 'business'),
  statusNotSupported: () => cardError('status_not_supported', 'card status or activation status not supported by request', 'business'),
  virtualCardPin: () => cardError('virtual_card_pin_error', 'virtual cards do not allow pin settings', 'business'),
});
