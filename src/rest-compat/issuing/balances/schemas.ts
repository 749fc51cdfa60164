import { z } from 'zod';
import { ISSUING_BALANCE_STATUSES, ISSUING_TRANSACTION_STATUSES } from '../../../domain/issuing/balances/rules';
import { currency, dateTime, decimalString, jsonNumber, uuid } from '../../shared/wire';

/** IssuingBalance (CI19, CI20): amounts are decimal strings, as endpoints.md types them. */
export const restIssuingBalance = z
  .object({
    balance_id: uuid,
    currency,
    available_balance: decimalString,
    margin_balance: decimalString.describe('always 0: the sandbox grants no margin'),
    frozen_balance: decimalString.describe('authorized card spending not yet cleared or reversed'),
    create_time: dateTime.nullable().describe('the first movement; null while the balance never moved'),
    last_trade_time: dateTime.nullable(),
    balance_status: z.enum(ISSUING_BALANCE_STATUSES),
  })
  .meta({ id: 'IssuingBalance' });

/** CI20 body. */
export const restIssuingBalanceRequest = z.object({ currency: z.string().describe('SGD or USD, any case') });

/** IssuingBalanceTxn (CI21): amount and ending_balance are JSON numbers; amount is signed (a debit is negative). */
export const restIssuingBalanceTransaction = z
  .object({
    transaction_id: uuid,
    short_transaction_id: z.string().describe('the journal entry of the movement'),
    account_id: uuid,
    balance_id: uuid,
    transaction_type: z.string().describe('the movement: ISSUING_TRANSFER, CARD_RECHARGE, CARD_WITHDRAW, CARD_AUTHORIZATION, CARD_REVERSAL, CARD_CLEARING, CARD_REFUND'),
    currency,
    amount: jsonNumber,
    ending_balance: jsonNumber,
    create_time: dateTime,
    complete_time: dateTime.optional(),
    transaction_status: z.enum(ISSUING_TRANSACTION_STATUSES),
    description: z.string().optional(),
  })
  .meta({ id: 'IssuingBalanceTransaction' });
