import { z } from 'zod';
import { FEE_PAID_BY, PAYMENT_METHODS, PAYOUT_STATUSES, PURPOSE_CODES } from '../../../domain/wallet/payouts/rules';
import { calendarDate, currency, dateTime, decimalString, oneOf, uuid } from '../../shared/wire';

/** PayoutResult (spec 2.11): the answer of PO1. */
export const restPayoutResult = z.object({
  payout_id: uuid,
  short_reference_id: z.string(),
  payout_status: oneOf(PAYOUT_STATUSES),
}).meta({ id: 'PayoutResult' });

/** Payout record (catalogue PO2/PO3). */
export const restPayout = z.object({
  payout_id: uuid,
  short_reference_id: z.string(),
  payout_status: oneOf(PAYOUT_STATUSES),
  create_time: dateTime,
  payout_amount: decimalString,
  payout_currency: currency,
  source_currency: currency,
  source_amount: decimalString,
  amount_payer_pays: decimalString.describe('source_amount plus the fee, in source_currency'),
  amount_beneficiary_receives: decimalString,
  fee_amount: decimalString,
  fee_currency: currency,
  fee_paid_by: oneOf(FEE_PAID_BY).nullable().describe('SWIFT only'),
  payout_date: calendarDate,
  payout_method: oneOf(PAYMENT_METHODS),
  payout_reason: oneOf(PURPOSE_CODES).describe('repeats purpose_code'),
  payout_reference: z.string(),
  purpose_code: oneOf(PURPOSE_CODES),
  beneficiary_id: uuid,
  quote_id: uuid.nullable(),
  is_payer: z.enum(['Y', 'N']),
  payer_id: uuid.nullable(),
  update_time: dateTime,
  complete_time: dateTime.nullable(),
  failure_reason: z.string().nullable(),
  failure_returned_amount: decimalString.nullable(),
}).meta({ id: 'Payout' });
