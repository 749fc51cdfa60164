/**
 * The simulated bank behind each currency's virtual accounts: one fictional "Payrail Sandbox Bank"
 * branch in the currency's home country, reachable on that country's clearing system (LOCAL) and
 * over SWIFT. Every BIC uses the bank code PRSB, which no real bank holds.
 */

/** How a bank writes its account numbers (see account-numbers.ts). */
export type NumberFormat =
  | { kind: 'digits' }
  | { kind: 'uk' }
  | { kind: 'iban'; country: 'DE' | 'CH'; bankPart: string };

export interface SandboxBank {
  country: string;
  city: string;
  swiftCode: string;
  /** The domestic bank identifier: ABA routing number, sort code, BSB, IFSC, bank code, … */
  bankCode: string;
  /** The clearing system LOCAL payments reach the account on. */
  rail: string;
  /** What a payer quotes on that system besides the account number; the bank code unless stated. */
  routingCode?: string;
  format: NumberFormat;
}

const digits: NumberFormat = { kind: 'digits' };
const bank = (country: string, city: string, swiftCode: string, bankCode: string, rail: string, more: Partial<SandboxBank> = {}): SandboxBank => ({
  country,
  city,
  swiftCode,
  bankCode,
  rail,
  format: digits,
  ...more,
});

/**
 * One bank per supported currency. CNH is the offshore renminbi, cleared in Hong Kong on RMB CHATS.
 * INR's clearing system is written IFSC, the word spec 2.12 uses for it (clearing_system IFSC).
 */
export const SANDBOX_BANKS: Readonly<Record<string, SandboxBank>> = {
  AED: bank('AE', 'Dubai', 'PRSBAEAD', '033', 'UAEFTS'),
  AUD: bank('AU', 'Sydney', 'PRSBAU2S', '802985', 'NPP'),
  BHD: bank('BH', 'Manama', 'PRSBBHBM', 'PRSB', 'FAWRI'),
  CAD: bank('CA', 'Toronto', 'PRSBCATT', '621', 'EFT', { routingCode: '062100001' }),
  CHF: bank('CH', 'Zurich', 'PRSBCHZZ', '08821', 'SIC', { format: { kind: 'iban', country: 'CH', bankPart: '08821' } }),
  CNH: bank('HK', 'Hong Kong', 'PRSBHKHH', '398', 'CHATS'),
  CNY: bank('CN', 'Shanghai', 'PRSBCNSH', '313290000017', 'CNAPS'),
  CZK: bank('CZ', 'Prague', 'PRSBCZPP', '2250', 'CERTIS'),
  DKK: bank('DK', 'Copenhagen', 'PRSBDKKK', '8990', 'STRAKSCLEARING'),
  EUR: bank('DE', 'Frankfurt am Main', 'PRSBDEFF', '10020030', 'SEPA', {
    routingCode: 'PRSBDEFF',
    format: { kind: 'iban', country: 'DE', bankPart: '10020030' },
  }),
  GBP: bank('GB', 'London', 'PRSBGB2L', '040412', 'FPS', { format: { kind: 'uk' } }),
  HKD: bank('HK', 'Hong Kong', 'PRSBHKHH', '398', 'FPS'),
  IDR: bank('ID', 'Jakarta', 'PRSBIDJA', '567', 'BIFAST'),
  INR: bank('IN', 'Mumbai', 'PRSBINBB', 'PRSB0000001', 'IFSC'),
  JPY: bank('JP', 'Tokyo', 'PRSBJPJT', '0399', 'ZENGIN', { routingCode: '0399001' }),
  KRW: bank('KR', 'Seoul', 'PRSBKRSE', '299', 'KFTC'),
  KWD: bank('KW', 'Kuwait City', 'PRSBKWKW', 'PRSB', 'KASSIP'),
  MXN: bank('MX', 'Mexico City', 'PRSBMXMM', '699', 'SPEI'),
  MYR: bank('MY', 'Kuala Lumpur', 'PRSBMYKL', '99', 'DUITNOW'),
  NOK: bank('NO', 'Oslo', 'PRSBNOKK', '9899', 'NICS'),
  NZD: bank('NZ', 'Auckland', 'PRSBNZ2A', '389900', 'SBI'),
  PHP: bank('PH', 'Manila', 'PRSBPHMM', '9909', 'PESONET'),
  PLN: bank('PL', 'Warsaw', 'PRSBPLPW', '19901000', 'ELIXIR'),
  SEK: bank('SE', 'Stockholm', 'PRSBSESS', '9989', 'BANKGIROT'),
  SGD: bank('SG', 'Singapore', 'PRSBSGSG', '7991', 'FAST'),
  THB: bank('TH', 'Bangkok', 'PRSBTHBK', '099', 'BAHTNET'),
  // A fictional ABA routing number with a valid check digit; routing numbers starting with 5 are unassigned.
  USD: bank('US', 'New York', 'PRSBUS33', '502200007', 'ACH'),
  VND: bank('VN', 'Hanoi', 'PRSBVNVX', '970499', 'NAPAS'),
  ZAR: bank('ZA', 'Johannesburg', 'PRSBZAJJ', '679900', 'RTC'),
};

export const sandboxBankFor = (currency: string): SandboxBank => {
  const found = SANDBOX_BANKS[currency];
  if (!found) throw new Error(`no sandbox bank for ${currency}`);
  return found;
};

export const BANK_NAME = 'Payrail Sandbox Bank';
export const bankAddressOf = (b: SandboxBank): string => `1 Sandbox Street, ${b.city}, ${b.country}`;
