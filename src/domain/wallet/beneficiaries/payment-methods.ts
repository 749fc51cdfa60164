/** Payment methods of spec 2.12: a local rail, or SWIFT. */
export const PAYMENT_METHODS = ['LOCAL', 'SWIFT'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const EUROZONE = 'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA';

/**
 * Where each supported currency is paid on a local rail: its home countries. CNH is the offshore
 * renminbi, cleared locally in mainland China and in Hong Kong (spec 2.12 pairs CN with CNH).
 */
const LOCAL_COUNTRIES: Readonly<Record<string, string>> = {
  AED: 'AE', AUD: 'AU', BHD: 'BH', CAD: 'CA', CHF: 'CH LI', CNH: 'CN HK', CNY: 'CN', CZK: 'CZ', DKK: 'DK',
  EUR: EUROZONE, GBP: 'GB', HKD: 'HK', IDR: 'ID', INR: 'IN', JPY: 'JP', KRW: 'KR', KWD: 'KW', MXN: 'MX',
  MYR: 'MY', NOK: 'NO', NZD: 'NZ', PHP: 'PH', PLN: 'PL', SEK: 'SE', SGD: 'SG', THB: 'TH', USD: 'US PR',
  VND: 'VN', ZAR: 'ZA',
};

/**
 * The currencies whose beneficiaries the official clients may check without a bank country (their
 * contract notes: "the default-route currencies are USD, GBP, EUR, SGD, CAD, AUD, HKD, MYR, IDR, PHP
 * and INR"), each with the country it is then routed to: its home country (EUR: Germany, where the
 * sandbox's euro bank is).
 */
export const DEFAULT_ROUTE_COUNTRY: Readonly<Record<string, string>> = {
  USD: 'US', GBP: 'GB', EUR: 'DE', SGD: 'SG', CAD: 'CA', AUD: 'AU', HKD: 'HK', MYR: 'MY', IDR: 'ID', PHP: 'PH', INR: 'IN',
};

export const isLocalAvailable = (currency: string, country: string): boolean =>
  (LOCAL_COUNTRIES[currency] ?? '').split(' ').includes(country);

export interface PaymentMethodOption {
  paymentMethod: PaymentMethod;
  name: string;
  description: string;
}

/**
 * PO10: LOCAL where the currency is paid on the country's own rail, SWIFT always. The same table
 * decides whether a LOCAL beneficiary is accepted, so the list and the rules never disagree.
 */
export function paymentMethodsFor(currency: string, country: string): PaymentMethodOption[] {
  const swift: PaymentMethodOption = {
    paymentMethod: 'SWIFT',
    name: 'SWIFT',
    description: `International wire of ${currency} to a bank in ${country} over the SWIFT network`,
  };
  if (!isLocalAvailable(currency, country)) return [swift];
  return [
    { paymentMethod: 'LOCAL', name: 'Local transfer', description: `Local bank transfer of ${currency} to a bank in ${country}` },
    swift,
  ];
}
