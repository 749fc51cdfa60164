import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError } from '../../../platform/errors/domain-error';
import { invalidValueText } from '../../../platform/validation/validate';

const orderError = <const C extends string>(code: C, message: string, kind: DomainError['kind'] = 'business', field?: string) =>
  new DomainError({ code, message, status: 400, kind, field });

/** A rule of a field the schema cannot check: worded, coded and read on the wire as the schema's refusals. */
const invalidValue = (field: string, rule: string) =>
  new DomainError({ code: 'validation_failed', message: invalidValueText(field, rule), status: 400, kind: 'validation', field });

/** CI8, CI9 and CI12 errors, in spec 7.2's texts. */
export const cardOrderErrors = defineErrors('card-orders', 'issuance', {
  notActive: () => orderError('card_not_active', 'The card is not active.'),
  invalidExpiryDate: () => orderError('invalid_expiry_date', 'Invalid expiry date'),
  insufficientBalance: () => orderError('insufficient_balance', 'Insufficient balance', 'business', 'amount'),
  rechargeAmountInvalid: () => orderError('recharge_amount_invalid', 'Recharge amount is invalid', 'validation', 'amount'),
  withdrawAmountInvalid: () => orderError('withdraw_amount_invalid', 'Withdraw amount is invalid', 'validation', 'amount'),
  availableLimitInsufficient: () => orderError('card_available_limit_insufficient', 'Card available limit insufficient', 'business', 'amount'),
  oneTimeCard: () => orderError('one_time_card', 'This operation cannot be performed on One-Time Card.'),
  rechargeNotSupported: () => orderError('recharge_not_supported', 'The card currently does not support recharge'),
  withdrawNotSupported: () => orderError('withdraw_not_supported', 'The card currently does not support withdraw'),
  orderNotExists: () => orderError('card_order_not_exists', 'Card order is not exists', 'not_found'),
  /** managePin RESET: old_pin is not the card's PIN (spec 7.2 names no error for it: the common validation error). */
  oldPinMismatch: () => invalidValue('oldPin', "not the card's current PIN"),
  /** elevateLimit on a card with no limit of its own (card_limit 0: only the issuing balance caps it). */
  noLimitToElevate: () => invalidValue('limitAmount', 'the card has no card_limit to elevate (0 means only the issuing balance caps it)'),
  limitNotAbove: (current: string) => invalidValue('limitAmount', `must be above the card's card_limit (${current})`),
  /** elevateLimit while another elevation of the card is pending or in force. */
  elevationInProgress: () =>
    orderError('limit_elevation_in_progress', 'an elevated limit is already pending or in force on this card'),
});
