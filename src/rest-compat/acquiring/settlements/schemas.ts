import { z } from 'zod';
import { currency, dateTime, decimalString, uuid } from '../../shared/wire';

/** Settlement item (spec 2.5): every field a string; `transcation_fee` is spelled so on the wire. */
export const restSettlement = z
  .object({
    settlement_id: uuid,
    account_id: uuid,
    account_name: z.string(),
    source_type: z.string().describe('PAYMENT'),
    transaction_type: z.string().describe('PAYMENT'),
    merchant_order_id: z.string(),
    payment_intent_id: uuid,
    payment_method: z.string().describe('the payment method type, upper case (CARD)'),
    transaction_create_date: dateTime,
    transaction_amount: decimalString.describe('the captured amount'),
    transaction_currency: currency,
    transaction_date: dateTime.describe('when the capture succeeded'),
    settlement_amount: decimalString.describe('the capture less what was refunded before settlement, in settlement_currency'),
    settlement_currency: currency,
    net_settlement_amount: decimalString.describe('settlement_amount less total_fee_amount'),
    exchange_rate: decimalString.describe('settlement_currency per transaction_currency; 1 when they are the same'),
    fee_currency: currency,
    interchange_fee: decimalString,
    scheme_fee: decimalString,
    transcation_fee: decimalString.describe('spelled so (spec 2.5)'),
    return_fee: decimalString,
    total_fee_amount: decimalString,
    settlement_status: z.string().describe('SUCCEEDED'),
    settlement_batch_id: uuid,
    settlement_create_date: dateTime,
    settlement_date: dateTime.describe('the daily cut, 00:00 UTC+8'),
  })
  .meta({ id: 'Settlement' });
