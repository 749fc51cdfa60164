import { z } from 'zod';
import { isCountryCode } from '../../wallet/beneficiaries/countries';
import { currencyCode } from '../../../platform/money/amount';
import { exactMessage } from '../../../platform/validation/validate';
import { quotedField } from '../../../platform/errors/field-names';

/** BankAccount.account_status (spec 2.6, 3.1). */
export const BANK_ACCOUNT_STATUSES = ['Valid', 'Invalid'] as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];

/** bank_code_type (spec 2.6). */
export const BANK_CODE_TYPES = ['aba', 'bank_code', 'sort_code', 'bsb_code', 'ifsc', 'cnaps_number'] as const;
export type BankCodeType = (typeof BANK_CODE_TYPES)[number];

/** The exact format of each bank_code_value (spec 4.3). */
export const BANK_CODE_FORMATS: Readonly<Record<BankCodeType, { pattern: RegExp; rule: string }>> = {
  aba: { pattern: /^\d{9}$/, rule: 'an aba code is exactly 9 digits' },
  bank_code: { pattern: /^\d{3}$/, rule: 'a bank_code is exactly 3 digits' },
  sort_code: { pattern: /^\d{6}$/, rule: 'a sort_code is exactly 6 digits' },
  bsb_code: { pattern: /^\d{6}$/, rule: 'a bsb_code is exactly 6 digits' },
  ifsc: { pattern: /^[A-Z]{4}0[A-Z0-9]{6}$/, rule: 'an ifsc is 11 characters: 4 letters A-Z, the digit 0, then 6 letters A-Z or digits' },
  cnaps_number: { pattern: /^\d{12}$/, rule: 'a cnaps_number is exactly 12 digits' },
};

/**
 * Which bank_code_type a currency (and, for USD and CNH, the bank's country) requires (spec 4.3):
 * aba for USD in US, bank_code for CAD or HKD, sort_code for GBP, bsb_code for AUD, ifsc for INR,
 * cnaps_number for CNH in CN. Other combinations require none.
 */
export function requiredBankCodeType(currency: string, country: string): BankCodeType | undefined {
  switch (currency) {
    case 'USD':
      return country === 'US' ? 'aba' : undefined;
    case 'CAD':
    case 'HKD':
      return 'bank_code';
    case 'GBP':
      return 'sort_code';
    case 'AUD':
      return 'bsb_code';
    case 'INR':
      return 'ifsc';
    case 'CNH':
      return country === 'CN' ? 'cnaps_number' : undefined;
    default:
      return undefined;
  }
}

/**
 * A BIC (ISO 9362) is 8 or 11 characters: 4 letters (bank), 2 letters (country), 2 letters or
 * digits (location), and an optional 3-character branch. The spec's "8-11" is that range; 9 and 10
 * are not BICs.
 */
const SWIFT = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** The fields BA1 and BA4 share, in wire names (spec 2.6, 4.3). */
const accountFields = {
  accountNumber: z
    .string()
    .trim()
    .min(5, 'must be 5-60 characters')
    .max(60, { message: 'must be 5-60 characters', abort: true })
    .regex(/^[A-Za-z0-9]+$/, 'must contain only letters and digits'),
  bankName: text(255),
  swiftCode: z
    .string()
    .trim()
    .refine((v) => v.length === 8 || v.length === 11, 'must be 8 or 11 characters')
    .refine((v) => SWIFT.test(v), 'must be a BIC: 4 letters, 2 letters (country), 2 letters or digits, then optionally 3 letters or digits'),
  bankCountryCode: z.string().refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code'),
  bankAddress: text(255),
  bankCodeType: z.enum(BANK_CODE_TYPES, { error: `must be one of ${BANK_CODE_TYPES.join(', ')}` }).optional(),
  bankCodeValue: z.string().trim().min(1, 'must not be empty').optional(),
  bankBranchCode: text(35).optional(),
};

interface BankCodeFields {
  currency: string;
  bankCountryCode: string;
  bankCodeType?: BankCodeType;
  bankCodeValue?: string;
  bankBranchCode?: string;
}

const issue = (ctx: z.RefinementCtx, field: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [field], message: exactMessage(message) });

/** The cross-field rules of spec 4.3, keyed by currency and country. */
export function checkBankCode(ctx: z.RefinementCtx, v: BankCodeFields): void {
  const required = requiredBankCodeType(v.currency, v.bankCountryCode);
  const where = v.currency === 'USD' || v.currency === 'CNH' ? `${v.currency} accounts in ${v.bankCountryCode}` : `${v.currency} accounts`;
  if (required && v.bankCodeType === undefined) {
    return issue(ctx, 'bankCodeType', `Field ${quotedField('bankCodeType')} is required: ${where} need bank_code_type ${required}`);
  }
  if (required && v.bankCodeType !== required) {
    return issue(ctx, 'bankCodeType', `Invalid value for field ${quotedField('bankCodeType')}: ${where} need bank_code_type ${required}`);
  }
  if (v.bankCodeType !== undefined) {
    if (v.bankCodeValue === undefined) {
      return issue(ctx, 'bankCodeValue', `Field ${quotedField('bankCodeValue')} is required: bank_code_type ${v.bankCodeType} needs its value`);
    }
    const format = BANK_CODE_FORMATS[v.bankCodeType];
    if (!format.pattern.test(v.bankCodeValue)) return issue(ctx, 'bankCodeValue', `Invalid value for field ${quotedField('bankCodeValue')}: ${format.rule}`);
  } else if (v.bankCodeValue !== undefined) {
    return issue(ctx, 'bankCodeType', `Field ${quotedField('bankCodeType')} is required: bank_code_value is given`);
  }
  if (v.currency === 'CAD' && v.bankBranchCode === undefined) {
    issue(ctx, 'bankBranchCode', `Field ${quotedField('bankBranchCode')} is required: CAD accounts need bank_branch_code`);
  }
}

/** A new settlement bank account. Members the command does not name are accepted and ignored. */
export const createBankAccountCommand = z
  .object({ ...accountFields, currency: currencyCode })
  .superRefine((v, ctx) => checkBankCode(ctx, v));
export type CreateBankAccountCommand = z.output<typeof createBankAccountCommand>;

/**
 * An update: the same fields, re-checked with the account's own currency, which cannot change
 * (`currency` may be sent only with the value it already has).
 */
export const updateBankAccountCommand = z.object({ ...accountFields, currency: z.string().optional() });
export type UpdateBankAccountCommand = z.output<typeof updateBankAccountCommand>;

/** The bank-code rules of BA4 against the stored currency. */
export const updateBankAccountRules = (currency: string) =>
  updateBankAccountCommand.superRefine((v, ctx) => {
    if (v.currency !== undefined && v.currency !== currency) {
      issue(ctx, 'currency', `Invalid value for field ${quotedField('currency')}: the settlement currency of a bank account cannot be changed (it is ${currency})`);
      return;
    }
    checkBankCode(ctx, { ...v, currency });
  });

/**
 * The sandbox bank's verdict on an account number: one made only of zeros (for example
 * `00000000`) does not exist there, so the account is Invalid and cannot receive payouts. Every
 * other account is Valid.
 */
export const sandboxAccountStatus = (accountNumber: string): BankAccountStatus => (/^0+$/.test(accountNumber) ? 'Invalid' : 'Valid');
