import type { BankAccount } from '../../../generated/prisma/client';
import type { BankAccountStatus, BankCodeType } from './rules';

/** A settlement bank account as both doors present it (spec 2.6). */
export interface BankAccountView {
  id: string;
  accountNumber: string;
  /** The holder: the owning account's name. */
  accountName: string;
  bankName: string;
  swiftCode: string;
  bankCountryCode: string;
  bankAddress: string;
  currency: string;
  bankCodeType: BankCodeType | null;
  bankCodeValue: string | null;
  bankBranchCode: string | null;
  status: BankAccountStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** The row's text columns hold only what the rules let in (rules.ts), so they are typed here once. */
export const toBankAccountView = (b: BankAccount): BankAccountView => ({
  id: b.id,
  accountNumber: b.accountNumber,
  accountName: b.accountName,
  bankName: b.bankName,
  swiftCode: b.swiftCode,
  bankCountryCode: b.bankCountryCode,
  bankAddress: b.bankAddress,
  currency: b.currency,
  bankCodeType: b.bankCodeType as BankCodeType | null,
  bankCodeValue: b.bankCodeValue,
  bankBranchCode: b.bankBranchCode,
  status: b.status as BankAccountStatus,
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
});
