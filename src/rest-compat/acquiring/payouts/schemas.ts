import { z } from 'zod';
import { PAYMENT_PAYOUT_STATUSES } from '../../../domain/acquiring/payouts/rules';
import { currency, dateTime, decimalString, oneOf, uuid } from '../../shared/wire';

/** PaymentPayout (catalogue PA16-PA18), with where the money goes and why it failed. */
export const restPaymentPayout = z
  .object({
    payout_id: uuid,
    payout_currency: currency,
    payout_amount: decimalString,
    statement_descriptor: z.string(),
    payout_status: oneOf(PAYMENT_PAYOUT_STATUSES),
    create_time: dateTime,
    completed_time: dateTime.nullable().describe('When it SUCCEEDED or FAILED'),
    internal_note: z.string().nullable(),
    bank_account_id: uuid.nullable().describe('The settlement bank account it goes to'),
    payout_account_id: uuid.nullable().describe('The account of the tree whose wallet it goes to'),
    failure_reason: z.string().nullable(),
  })
  .meta({ id: 'PaymentPayout' });
