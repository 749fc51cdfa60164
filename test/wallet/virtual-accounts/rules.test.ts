import { isLocalAvailable } from '../../../src/domain/wallet/beneficiaries/payment-methods';
import { SUPPORTED_CURRENCIES } from '../../../src/platform/money/currencies';
import { accountNumberFor } from '../../../src/domain/wallet/virtual-accounts/account-numbers';
import { SANDBOX_BANKS, type NumberFormat } from '../../../src/domain/wallet/virtual-accounts/banks';
import { openVirtualAccountCommand } from '../../../src/domain/wallet/virtual-accounts/rules';
import { openVirtualAccountWire } from '../../../src/rest-compat/wallet/virtual-accounts/wire';
import { ibanIsValid } from './fixtures';

const FORMATS: NumberFormat[] = [
  { kind: 'digits' },
  { kind: 'uk' },
  { kind: 'iban', country: 'DE', bankPart: '10020030' },
  { kind: 'iban', country: 'CH', bankPart: '08821' },
];

describe('account numbers', () => {
  it('never give one number twice, whatever the currencies of the accounts', () => {
    const seen = new Set<string>();
    let made = 0;
    for (let value = 1n; value <= 20_000n; value++) {
      for (const format of FORMATS) {
        seen.add(accountNumberFor(format, value));
        made++;
      }
    }
    expect(seen.size).toBe(made);
  });

  it('keep a permutation injective at the edges of the number space', () => {
    const uk = new Set([0n, 1n, 99_999_998n, 99_999_999n].map((v) => accountNumberFor({ kind: 'uk' }, v)));
    expect(uk.size).toBe(4);
    expect(() => accountNumberFor({ kind: 'uk' }, 100_000_000n)).toThrow(/exhausted/);
  });

  it.each([
    ['digits', FORMATS[0]!, /^88\d{10}$/],
    ['uk', FORMATS[1]!, /^\d{8}$/],
    ['iban DE', FORMATS[2]!, /^DE\d{2}10020030\d{10}$/],
    ['iban CH', FORMATS[3]!, /^CH\d{2}08821\d{12}$/],
  ])('have the %s shape, letters and digits as a deposit receiver_account_number needs', (_name, format, shape) => {
    for (const value of [1n, 2n, 12_345n, 9_876_543n]) expect(accountNumberFor(format, value)).toMatch(shape);
  });

  it('make IBANs whose ISO 13616 check digits hold', () => {
    for (const value of [1n, 2n, 3n, 777n, 123_456_789n]) {
      expect(ibanIsValid(accountNumberFor(FORMATS[2]!, value))).toBe(true);
      expect(ibanIsValid(accountNumberFor(FORMATS[3]!, value))).toBe(true);
    }
  });
});

describe('sandbox banks', () => {
  it('cover every supported currency, in a country where the currency is paid LOCAL', () => {
    expect(Object.keys(SANDBOX_BANKS).sort()).toEqual(SUPPORTED_CURRENCIES);
    for (const [currency, bank] of Object.entries(SANDBOX_BANKS)) expect([currency, isLocalAvailable(currency, bank.country)]).toEqual([currency, true]);
  });

  it('have 8-character BICs of the fictional bank code PRSB in their own country', () => {
    for (const bank of Object.values(SANDBOX_BANKS)) expect(bank.swiftCode).toMatch(new RegExp(`^PRSB${bank.country}[A-Z0-9]{2}$`));
  });

  it('give USD a routing number whose ABA check digit holds', () => {
    const d = [...SANDBOX_BANKS.USD!.bankCode].map(Number);
    expect((3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + d[2]! + d[5]! + d[8]!) % 10).toBe(0);
  });
});

describe('BT14 input', () => {
  it.each([
    [{ currency: 'USD' }, 'LOCAL'],
    [{ currency: 'USD', payment_method: null }, 'LOCAL'],
    [{ currency: 'USD', payment_method: '' }, 'LOCAL'],
    [{ currency: 'USD', payment_method: 'SWIFT' }, 'SWIFT'],
  ])('takes %j as payment_method %s', (body, method) => {
    // The bodies are BT14's wire bodies, read as the REST door reads them.
    expect(openVirtualAccountCommand.parse(openVirtualAccountWire.toCommand(body)).paymentMethod).toBe(method);
  });
});
