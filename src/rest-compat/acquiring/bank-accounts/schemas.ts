import { z } from 'zod';
import { BANK_ACCOUNT_STATUSES, BANK_CODE_TYPES } from '../../../domain/acquiring/bank-accounts/rules';
import { currency, dateTime, oneOf, uuid } from '../../shared/wire';

/** BankAccount (spec 2.6; catalogue BA1-BA4). */
export const restBankAccount = z
  .object({
    id: uuid,
    account_number: z.string(),
    account_name: z.string().describe('The holder: the owning account'),
    bank_name: z.string(),
    swift_code: z.string(),
    bank_country_code: z.string().length(2),
    bank_address: z.string(),
    currency,
    bank_code_type: oneOf(BANK_CODE_TYPES).nullable(),
    bank_code_value: z.string().nullable(),
    bank_branch_code: z.string().nullable(),
    account_status: oneOf(BANK_ACCOUNT_STATUSES),
    create_time: dateTime,
    update_time: dateTime,
  })
  .meta({ id: 'BankAccount' });
