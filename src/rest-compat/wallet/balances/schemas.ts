import { z } from 'zod';
import { BALANCE_STATUSES, BALANCE_TRANSACTION_STATUSES, CREDIT_DEBIT_TYPES } from '../../../domain/wallet/balances/rules';
import { currency, dateTime, decimalString, jsonNumber, oneOf, uuid } from '../../shared/wire';

/** Balance (catalogue BT1/BT2): amounts as decimal strings in the currency's precision, as ref types them. */
export const restBalance = z.object({
  balance_id: uuid.nullable().describe('null for a supported currency the account never used'),
  currency,
  available_balance: decimalString,
  prepaid_balance: decimalString,
  margin_balance: decimalString,
  frozen_balance: decimalString.describe('held for payouts in flight'),
  create_time: dateTime.nullable(),
  last_trade_time: dateTime.nullable(),
  balance_status: oneOf(BALANCE_STATUSES),
}).meta({ id: 'Balance' });

/** BalanceTxn (catalogue BT3): `amount` is a JSON number there, unlike the balances. */
export const restBalanceTransaction = z.object({
  transaction_id: uuid,
  account_id: uuid,
  balance_id: uuid,
  transaction_type: z.string().describe('the movement: DEPOSIT, TRANSFER, PAYOUT, CONVERSION, …'),
  currency,
  amount: jsonNumber.describe('unsigned; the direction is credit_debit_type'),
  credit_debit_type: oneOf(CREDIT_DEBIT_TYPES),
  create_time: dateTime,
  complete_time: dateTime,
  reference_id: uuid.describe('the deposit, transfer, payout, … the movement belongs to'),
  transaction_status: oneOf(BALANCE_TRANSACTION_STATUSES),
  transaction_way: z.string().describe('the kind of resource reference_id names'),
}).meta({ id: 'BalanceTransaction' });
