import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError, envelopeA, envelopeB, type IssuanceErrorType } from '../../../platform/errors/domain-error';

/**
 * Card errors of spec 7.2: envelope A (type card_error, or account_error where the table says so)
 * with its code and message, and envelope B `{code: 400, message}` with the table's exact text.
 * The four auto_cancel_trigger / expiry_at rows use their whole text as the code, as the table does.
 */
const cardErrorA = (code: string, message: string, kind: DomainError['kind'] = 'validation', field?: string, type: IssuanceErrorType = 'card_error') =>
  new DomainError({ code, message, status: 400, kind, field, issuance: envelopeA(type, code, message) });

const cardErrorB = (code: string, message: string, kind: DomainError['kind'] = 'business', field?: string) =>
  new DomainError({ code, message, status: 400, kind, field, issuance: envelopeB(message) });

export const cardErrors = defineErrors('cards', 'issuance', {
  /** An unknown, malformed or other tenant's card id, answered alike. */
  notFound: () => cardErrorA('card_not_found', 'card not found or deactivated', 'not_found'),
  riskControlNotAllowed: () => cardErrorA('risk_control_not_allowed', 'risk control setting is not allowed', 'validation', 'riskControls'),
  currencyNotAllowed: () => cardErrorA('currency_not_allowed', 'card currency is not allowed', 'validation', 'cardCurrency'),
  limitOutOfRange: () =>
    cardErrorA('limit_out_of_range', 'card limit is below the minimum or above the maximum of the product', 'validation', 'cardLimit'),
  autoCancelTriggerEmpty: () =>
    cardErrorA('auto_cancel_trigger cannot be empty', 'auto_cancel_trigger cannot be empty', 'validation', 'autoCancelTrigger'),
  autoCancelTriggerInvalid: () => cardErrorA('invalid auto_cancel_trigger', 'invalid auto_cancel_trigger', 'validation', 'autoCancelTrigger'),
  expiryAtEmpty: () => cardErrorA('expiry_at cannot be empty', 'expiry_at cannot be empty', 'validation', 'expiryAt'),
  expiryAtInvalid: () => cardErrorA('invalid expiry_at', 'invalid expiry_at', 'validation', 'expiryAt'),
  productNotFound: () =>
    cardErrorA('product_not_found', 'product not found or inactive', 'not_found', 'cardProductId', 'account_error'),
  /** Envelope B: a card_limit that is not a number >= 0 with at most two decimals. */
  cardLimitIllegal: () => cardErrorB('card_limit_illegal', 'Card limit is illegal', 'validation', 'cardLimit'),
  cardholderIllegal: () => cardErrorB('cardholder_illegal', 'Card holder not exists or is illegal', 'business', 'cardholderId'),
  cardholderNotFoundForList: () => cardErrorB('cardholder_not_found_for_list', 'Cardholder not found or deactivated', 'not_found', 'cardholderId'),
  statusInvalid: () => cardErrorB('card_status_invalid', 'Card status is invalid', 'business', 'status'),
  updateReasonTooLong: () => cardErrorB('update_reason_too_long', 'Update reason is too long', 'validation', 'updateReason'),
  cardExpired: () => cardErrorB('card_has_expired', 'The card has expired', 'business'),
  /** CI1 on a SINGLE product: the issuing balance cannot fund the card_limit (spec 7.2's Create Card row of type account_error). */
  accountBalanceError: () =>
    cardErrorA('account_balance_error', 'insufficient balance or currency balance unavailable', 'business', 'cardLimit', 'account_error'),
  // Card operations (CI4, CI10, CI11, CI13).
  updateLimitBelowUsed: () => cardErrorB('update_limit_below_used', 'Update card limit is less than the amount of used card', 'business', 'cardLimit'),
  updateLimitNotPositive: () => cardErrorB('update_limit_not_positive', 'Failed Update. Card Limit should be greater than 0', 'validation', 'cardLimit'),
  singleCardLimit: () => cardErrorB('single_card_limit', 'The single card not support changing card limits', 'business', 'cardLimit'),
  notActive: () => cardErrorB('card_not_active', 'The card is not active.', 'business'),
  oneTimeCard: () => cardErrorB('one_time_card', 'This operation cannot be performed on One-Time Card.', 'business'),
  spendingControlsError: () => cardErrorB('spending_controls_error', 'Spending controls is error', 'validation', 'spendingControls'),
  metadataInvalid: () => cardErrorB('metadata_invalid', 'Metadata is invalid', 'validation', 'metadata'),
  riskControlNotAllowedB: () => cardErrorB('risk_control_not_allowed_b', 'risk control setting is not allowed', 'validation', 'riskControls'),
  limitBelowPerTransaction: () =>
    cardErrorB('limit_below_per_transaction', 'Failed Update. Card Limit should be greater than Per transaction', 'validation', 'cardLimit'),
  transactionLimitNotPositive: () =>
    cardErrorB('transaction_limit_not_positive', 'Failed Update. Your transaction limit should be greater than 0', 'validation', 'spendingControls'),
  updateCardError: () => cardErrorB('update_card_error', 'Update card error', 'business'),
  restrictConfigError: () => cardErrorB('restrict_config_error', 'Restrict config error', 'validation', 'riskControls'),
  noPinAmountFailed: () => cardErrorB('no_pin_amount_failed', 'no pin payment amount failed.', 'validation', 'noPinPaymentAmount'),
  noPinAmountNegative: () => cardErrorB('no_pin_amount_negative', 'Negative no pin payment amount.', 'validation', 'noPinPaymentAmount'),
  noPinAmountPrecision: () => cardErrorB('no_pin_amount_precision', 'Invalid no pin payment amount precision.', 'validation', 'noPinPaymentAmount'),
  noPinAmountForCurrency: () =>
    cardErrorB('no_pin_amount_for_currency', 'invalid no pin payment amount for the current currency.', 'validation', 'noPinPaymentAmount'),
  alreadyActivated: () => cardErrorB('card_already_activated', 'The card has been activated.', 'business'),
  invalidActivationCode: () => cardErrorB('invalid_activation_code', 'Invalid activation code.', 'validation', 'activationCode'),
  binNotConfigured: () => cardErrorB('card_bin_not_config', 'card bin not config', 'validation', 'cardNumber'),
  cardNumberNotExist: () => cardErrorB('card_number_not_exist', 'card number not exist', 'validation', 'cardNumber'),
  pinCardExpired: () => cardErrorA('card_expired_error', 'card has expired', 'business'),
  statusNotSupported: () => cardErrorA('status_not_supported', 'card status or activation status not supported by request', 'business'),
  virtualCardPin: () => cardErrorA('virtual_card_pin_error', 'virtual cards do not allow pin settings', 'business'),
});
