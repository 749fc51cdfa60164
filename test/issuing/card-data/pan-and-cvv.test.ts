import { randomBytes } from 'node:crypto';
import { deriveCvv } from '../../../src/domain/issuing/card-data/cvv';
import { buildKeyring, parseCardDataKeys } from '../../../src/platform/sealing/keys';
import { generatePan, luhnCheckDigit, luhnValid, maskPan } from '../../../src/domain/issuing/card-data/pan';

const keyring = buildKeyring(parseCardDataKeys(`k1:${randomBytes(32).toString('base64')}`, 'test'));

describe('PAN generation', () => {
  it('computes the Luhn check digit of known numbers', () => {
    expect(luhnCheckDigit('411111111111111')).toBe('1');
    expect(luhnCheckDigit('555555555555444')).toBe('4');
    expect(luhnCheckDigit('37828224631000')).toBe('5');
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it.each([
    ['527735', 16],
    ['555071', 16],
    ['55524312', 16],
    ['411111', 19],
  ])('gives Luhn-valid numbers that start with BIN %s and have %i digits, over 5,000 draws', (bin, length) => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const pan = generatePan(bin, length);
      expect(pan).toMatch(new RegExp(`^${bin}\\d{${length - bin.length}}$`));
      expect(luhnValid(pan)).toBe(true);
      seen.add(pan);
    }
    // Random account digits: thousands of draws from at least 10^6 numbers are almost all distinct.
    expect(seen.size).toBeGreaterThan(4990);
  });

  it('draws each account digit position over all ten digits', () => {
    const pans = Array.from({ length: 2000 }, () => generatePan('527735'));
    for (let position = 6; position < 15; position++) {
      expect(new Set(pans.map((p) => p[position])).size).toBe(10);
    }
  });

  it('is 16 digits by default', () => {
    expect(generatePan('555071')).toHaveLength(16);
  });

  it.each([['12345'], ['1234567'], ['12345a'], ['']])('refuses the BIN %p', (bin) => {
    expect(() => generatePan(bin)).toThrow(expect.objectContaining({ code: 'card_data_invalid_bin' }));
  });

  it('refuses a length the BIN cannot fill with random digits', () => {
    expect(() => generatePan('55524312', 14)).toThrow(expect.objectContaining({ code: 'card_data_invalid_bin' }));
    expect(() => generatePan('527735', 20)).toThrow(expect.objectContaining({ code: 'card_data_invalid_bin' }));
  });
});

describe('maskPan', () => {
  it('shows the first 6 and last 4 digits only', () => {
    expect(maskPan('5277351234567890')).toBe('527735******7890');
    expect(maskPan('4111111111111111111')).toBe('411111*********1111');
  });
});

describe('CVV derivation', () => {
  it('is three digits, and the same every time for one card and expiry', () => {
    const pan = generatePan('527735');
    const cvv = deriveCvv(keyring.cvvKey('k1')!, pan, '1229');
    expect(cvv).toMatch(/^\d{3}$/);
    expect(deriveCvv(keyring.cvvKey('k1')!, pan, '1229')).toBe(cvv);
  });

  it('differs across cards and expiries, spread over the 1,000 values', () => {
    const cvvs = Array.from({ length: 3000 }, () => deriveCvv(keyring.cvvKey('k1')!, generatePan('527735'), '0131'));
    for (const c of cvvs) expect(c).toMatch(/^\d{3}$/);
    // 3,000 uniform draws from 1,000 values cover about 950 of them; a biased or constant map does not.
    expect(new Set(cvvs).size).toBeGreaterThan(900);
    const pan = generatePan('527735');
    const byExpiry = new Set(['0127', '0227', '0327', '0427', '0527', '0627', '0727', '0827'].map((e) => deriveCvv(keyring.cvvKey('k1')!, pan, e)));
    expect(byExpiry.size).toBeGreaterThan(4);
  });

  it('depends on the CVV key: another key gives other CVVs', () => {
    const other = buildKeyring(parseCardDataKeys(`k9:${randomBytes(32).toString('base64')}`, 'test'));
    const pans = Array.from({ length: 20 }, () => generatePan('527735'));
    const same = pans.filter((p) => deriveCvv(keyring.cvvKey('k1')!, p, '1229') === deriveCvv(other.cvvKey('k9')!, p, '1229'));
    expect(same.length).toBeLessThan(3);
  });

  it('refuses an expiry that is not MMYY', () => {
    expect(() => deriveCvv(keyring.cvvKey('k1')!, '5277351234567890', '1329')).toThrow(expect.objectContaining({ code: 'card_data_invalid_expiry' }));
    expect(() => deriveCvv(keyring.cvvKey('k1')!, '5277351234567890', '12/29')).toThrow(expect.objectContaining({ code: 'card_data_invalid_expiry' }));
  });
});
