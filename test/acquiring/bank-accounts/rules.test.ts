import { createBankAccountCommand, requiredBankCodeType, sandboxAccountStatus, updateBankAccountRules } from '../../../src/domain/acquiring/bank-accounts/rules';
import { isDomainError } from '../../../src/platform/errors/domain-error';
import { parseInput } from '../../../src/platform/validation/validate';
import { createBankAccountWire, updateBankAccountWire } from '../../../src/rest-compat/acquiring/bank-accounts/wire';
import { bankAccountBody, BANKS, type BankKind } from './fixtures';

/** The message of the 400 a body gets on the wire, or 'ok'. */
function verdict(body: Record<string, unknown>): string {
  try {
    parseInput(createBankAccountCommand, createBankAccountWire.toCommand(body));
    return 'ok';
  } catch (e) {
    return isDomainError(e) ? e.renamed(createBankAccountWire.names).message : (e as Error).message;
  }
}

const without = (body: Record<string, unknown>, field: string) => {
  const copy = { ...body };
  delete copy[field];
  return copy;
};

describe('bank account rules (spec 2.6, 4.3)', () => {
  it.each(Object.keys(BANKS) as BankKind[])('accepts a valid %s account', (kind) => {
    expect(verdict(bankAccountBody(kind))).toBe('ok');
  });

  it.each(['account_number', 'bank_name', 'swift_code', 'bank_country_code', 'bank_address', 'currency'])('requires %s', (field) => {
    expect(verdict(without(bankAccountBody('EUR_DE'), field))).toBe(`Field '${field}' is required`);
  });

  it.each([
    ['USD', 'US', 'aba'],
    ['CAD', 'CA', 'bank_code'],
    ['HKD', 'HK', 'bank_code'],
    ['GBP', 'GB', 'sort_code'],
    ['AUD', 'AU', 'bsb_code'],
    ['INR', 'IN', 'ifsc'],
    ['CNH', 'CN', 'cnaps_number'],
    ['USD', 'GB', undefined],
    ['CNH', 'HK', undefined],
    ['EUR', 'DE', undefined],
  ])('keys the required bank_code_type by currency %s and country %s: %s', (currency, country, type) => {
    expect(requiredBankCodeType(currency, country)).toBe(type);
  });

  it.each([
    ['USD_US', 'USD accounts in US need bank_code_type aba'],
    ['CAD', 'CAD accounts need bank_code_type bank_code'],
    ['HKD', 'HKD accounts need bank_code_type bank_code'],
    ['GBP', 'GBP accounts need bank_code_type sort_code'],
    ['AUD', 'AUD accounts need bank_code_type bsb_code'],
    ['INR', 'INR accounts need bank_code_type ifsc'],
    ['CNH_CN', 'CNH accounts in CN need bank_code_type cnaps_number'],
  ] as const)('requires bank_code_type for %s', (kind, rule) => {
    const body = without(without(bankAccountBody(kind), 'bank_code_type'), 'bank_code_value');
    expect(verdict(body)).toBe(`Field 'bank_code_type' is required: ${rule}`);
    expect(verdict(bankAccountBody(kind, { bank_code_type: kind === 'GBP' ? 'aba' : 'sort_code' }))).toBe(`Invalid value for field 'bank_code_type': ${rule}`);
  });

  it('needs no bank code for USD outside US or CNH outside CN', () => {
    expect(verdict(bankAccountBody('EUR_DE', { currency: 'USD' }))).toBe('ok');
    expect(verdict(bankAccountBody('EUR_DE', { currency: 'CNH', bank_country_code: 'HK' }))).toBe('ok');
  });

  it.each([
    ['USD_US', ['02100002', '0210000211', '02100002A'], 'an aba code is exactly 9 digits'],
    ['CAD', ['03', '0033', 'A03'], 'a bank_code is exactly 3 digits'],
    ['HKD', ['04', '0044'], 'a bank_code is exactly 3 digits'],
    ['GBP', ['40127', '4012761', '40-12-76'], 'a sort_code is exactly 6 digits'],
    ['AUD', ['06200', '0620001', '062-000'], 'a bsb_code is exactly 6 digits'],
    ['CNH_CN', ['10210009999', '1021000999961', '10210009999A'], 'a cnaps_number is exactly 12 digits'],
    [
      'INR',
      ['HDFC000001', 'HDFC00000011', 'HDF10000001', 'HDFC1000001', 'hdfc0000001', 'HDFC0-00001'],
      'an ifsc is 11 characters: 4 letters A-Z, the digit 0, then 6 letters A-Z or digits',
    ],
  ] as const)('checks the %s bank_code_value format exactly', (kind, bad, rule) => {
    for (const value of bad) {
      expect(verdict(bankAccountBody(kind, { bank_code_value: value }))).toBe(`Invalid value for field 'bank_code_value': ${rule}`);
    }
  });

  it('accepts an ifsc with letters after its 0', () => {
    expect(verdict(bankAccountBody('INR', { bank_code_value: 'SBIN0ABC123' }))).toBe('ok');
  });

  it('requires bank_code_value with a bank_code_type, and a type with a value', () => {
    expect(verdict(without(bankAccountBody('GBP'), 'bank_code_value'))).toBe(
      "Field 'bank_code_value' is required: bank_code_type sort_code needs its value",
    );
    expect(verdict(bankAccountBody('EUR_DE', { bank_code_value: '123' }))).toBe("Field 'bank_code_type' is required: bank_code_value is given");
    expect(verdict(bankAccountBody('EUR_DE', { bank_code_type: 'iban', bank_code_value: '123' }))).toBe(
      "Invalid value for field 'bank_code_type': must be one of aba, bank_code, sort_code, bsb_code, ifsc, cnaps_number",
    );
  });

  it('requires bank_branch_code for CAD only', () => {
    expect(verdict(without(bankAccountBody('CAD'), 'bank_branch_code'))).toBe("Field 'bank_branch_code' is required: CAD accounts need bank_branch_code");
    expect(verdict(bankAccountBody('HKD'))).toBe('ok');
  });

  it('takes a SWIFT code of exactly 8 or 11 characters in BIC form', () => {
    for (const swift of ['DEUTDEFF', 'DEUTDEFF500']) expect(verdict(bankAccountBody('EUR_DE', { swift_code: swift }))).toBe('ok');
    for (const swift of ['DEUTDEF', 'DEUTDEFF5', 'DEUTDEFF50', 'DEUTDEFF5000']) {
      expect(verdict(bankAccountBody('EUR_DE', { swift_code: swift }))).toBe("Invalid value for field 'swift_code': must be 8 or 11 characters");
    }
    expect(verdict(bankAccountBody('EUR_DE', { swift_code: 'DEU1DEFF' }))).toMatch(/^Invalid value for field 'swift_code': must be a BIC/);
  });

  it('takes an account_number of 5-60 letters and digits', () => {
    for (const n of ['12345', 'DE89370400440532013000', '1'.repeat(60)]) expect(verdict(bankAccountBody('EUR_DE', { account_number: n }))).toBe('ok');
    for (const n of ['1234', '1'.repeat(61)]) {
      expect(verdict(bankAccountBody('EUR_DE', { account_number: n }))).toBe("Invalid value for field 'account_number': must be 5-60 characters");
    }
    expect(verdict(bankAccountBody('EUR_DE', { account_number: '1234 5678' }))).toBe(
      "Invalid value for field 'account_number': must contain only letters and digits",
    );
  });

  it('checks the country (ISO 3166-1 alpha-2) and the currency (ISO 4217)', () => {
    expect(verdict(bankAccountBody('EUR_DE', { bank_country_code: 'XX' }))).toBe(
      "Invalid value for field 'bank_country_code': must be an ISO 3166-1 alpha-2 country code",
    );
    expect(verdict(bankAccountBody('EUR_DE', { currency: 'EURO' }))).toBe("Invalid value for field 'currency': must be a three-letter ISO 4217 code");
    expect(verdict(bankAccountBody('EUR_DE', { currency: 123 }))).toBe("Invalid type for field 'currency'");
  });

  it('re-checks the rules on update against the stored currency, which cannot change', () => {
    const parse = (currency: string, body: Record<string, unknown>) => {
      try {
        parseInput(updateBankAccountRules(currency), updateBankAccountWire.toCommand(body));
        return 'ok';
      } catch (e) {
        return isDomainError(e) ? e.renamed(updateBankAccountWire.names).message : (e as Error).message;
      }
    };
    const body = without(bankAccountBody('GBP'), 'currency');
    expect(parse('GBP', body)).toBe('ok');
    expect(parse('GBP', { ...body, currency: 'GBP' })).toBe('ok');
    expect(parse('GBP', { ...body, currency: 'EUR' })).toBe(
      "Invalid value for field 'currency': the settlement currency of a bank account cannot be changed (it is GBP)",
    );
    expect(parse('INR', body)).toBe("Invalid value for field 'bank_code_type': INR accounts need bank_code_type ifsc");
  });

  it('makes an account number of zeros Invalid in the sandbox', () => {
    expect(sandboxAccountStatus('00000000')).toBe('Invalid');
    expect(sandboxAccountStatus('00000001')).toBe('Valid');
  });
});
