import type { z } from 'zod';
import type { BankAccountView } from '../../../domain/acquiring/bank-accounts/view';
import { iso } from '../../shared/wire';
import type { restBankAccount } from './schemas';

export const toRestBankAccount = (b: BankAccountView): z.input<typeof restBankAccount> => ({
  id: b.id,
  account_number: b.accountNumber,
  account_name: b.accountName,
  bank_name: b.bankName,
  swift_code: b.swiftCode,
  bank_country_code: b.bankCountryCode,
  bank_address: b.bankAddress,
  currency: b.currency,
  bank_code_type: b.bankCodeType,
  bank_code_value: b.bankCodeValue,
  bank_branch_code: b.bankBranchCode,
  account_status: b.status,
  create_time: iso(b.createdAt),
  update_time: iso(b.updatedAt),
});
