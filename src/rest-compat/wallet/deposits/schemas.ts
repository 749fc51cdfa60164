import { z } from 'zod';
import { DEPOSIT_STATUSES } from '../../../domain/wallet/deposits/rules';
import { currency, dateTime, decimalString, oneOf, uuid } from '../../shared/wire';

/** Deposit.sender (spec 2.10; the catalogue adds sender_address, which payrail never has). */
export const restDepositSender = z.object({
  sender_name: z.string().nullable(),
  sender_country: z.unknown().describe('any JSON value, kept as sent (spec 4.5); null when not given'),
  sender_account_number: z.string().nullable(),
  sender_swift_code: z.string(),
  sender_address: z.null(),
}).meta({ id: 'DepositSender' });

/** Deposit (spec 2.10 as SI1 answers it; catalogue BT4/BT5 add deposit_fee and deposit_reference). */
export const restDeposit = z.object({
  deposit_id: uuid,
  short_reference_id: z.string(),
  amount: decimalString,
  currency,
  deposit_fee: decimalString,
  deposit_status: oneOf(DEPOSIT_STATUSES),
  deposit_reference: z.string().nullable(),
  create_time: dateTime,
  complete_time: dateTime.nullable().describe('null until the deposit is COMPLETED or FAILED'),
  receiver_account_number: z.string().nullable(),
  sender: restDepositSender,
}).meta({ id: 'Deposit' });
