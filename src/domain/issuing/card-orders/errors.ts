import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError, envelopeA, envelopeB } from '../../../platform/errors/domain-error';
import { invalidField } from '../../../platform/validation/validate';

const orderB = (code: string, message: string, kind: DomainError['kind'] = 'business', field?: string) =>
  new DomainError({ code, message, status: 400, kind, field, issuance: envelopeB(message) });

/** CI8, CI9 and CI12 errors: spec 7.2's envelope B texts. */
export const cardOrderErrors = defineErrors('card-orders', 'issuance', {
  notActive: () => orderB('card_not_active', 'The card is not active.'),
  invalidExpiryDate: () => orderB('invalid_expiry_date', 'Invalid expiry date'),
  insufficientBalance: () => orderB('insufficient_balance', 'Insufficient balance', 'business', 'amount'),
  rechargeAmountInvalid: () => orderB('recharge_amount_invalid', 'Recharge amount is invalid', 'validation', 'amount'),
  withdrawAmountInvalid: () => orderB('withdraw_amount_invalid', 'Withdraw amount is invalid', 'validation', 'amount'),
  availableLimitInsufficient: () => orderB('card_available_limit_insufficient', 'Card available limit insufficient', 'business', 'amount'),
  oneTimeCard: () => orderB('one_time_card', 'This operation cannot be performed on One-Time Card.'),
  rechargeNotSupported: () => orderB('recharge_not_supported', 'The card currently does not support recharge'),
  withdrawNotSupported: () => orderB('withdraw_not_supported', 'The card currently does not support withdraw'),
  orderNotExists: () => orderB('card_order_not_exists', 'Card order is not exists', 'not_found'),
  /** managePin RESET: old_pin is not the card's PIN (spec 7.2 names no error for it: the common envelope A). */
  oldPinMismatch: () => invalidField('oldPin', "not the card's current PIN"),
  /** elevateLimit on a card with no limit of its own (card_limit 0: only the issuing balance caps it). */
  noLimitToElevate: () => invalidField('limitAmount', 'the card has no card_limit to elevate (0 means only the issuing balance caps it)'),
  limitNotAbove: (current: string) => invalidField('limitAmount', `must be above the card's card_limit (${current})`),
  /** elevateLimit while another elevation of the card is pending or in force. */
  elevationInProgress: () =>
    new DomainError({
      code: 'limit_elevation_in_progress',
      message: 'an elevated limit is already pending or in force on this card',
      status: 400,
      kind: 'business',
      issuance: envelopeA('card_error', 'limit_elevation_in_progress', 'an elevated limit is already pending or in force on this card'),
    }),
});
