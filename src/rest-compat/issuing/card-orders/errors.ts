import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { cardOrderErrors } from '../../../domain/issuing/card-orders/errors';
import { envelopeA, envelopeB, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** Spec 7.2's envelope B, 400, with the error's message. */
const B = { issuance: envelopeB() };

/**
 * How the area's errors read on the wire, with the error's message: spec 7.2's envelope B texts;
 * a field rule the schema cannot check as the validation errors read in both families (400;
 * envelope A invalid_request_error); a pending elevation as a card_error.
 */
const table = {
  card_not_active: B,
  invalid_expiry_date: B,
  insufficient_balance: B,
  recharge_amount_invalid: B,
  withdraw_amount_invalid: B,
  card_available_limit_insufficient: B,
  one_time_card: B,
  recharge_not_supported: B,
  withdraw_not_supported: B,
  card_order_not_exists: B,
  validation_failed: { accountCenter: { status: 400 }, issuance: envelopeA('invalid_request_error', 'invalid_request_error') },
  limit_elevation_in_progress: { issuance: envelopeA('card_error', 'limit_elevation_in_progress') },
} satisfies EnvelopeTable<ErrorCodeOf<typeof cardOrderErrors>>;

export const cardOrderEnvelopes = envelopesOf(cardOrderErrors, table);
