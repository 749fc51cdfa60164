/**
 * The currencies payrail moves, with their ISO 4217 minor units: the number of decimals an amount
 * in that currency may carry (JPY 0, USD 2, KWD 3).
 */
export const CURRENCY_MINOR_UNITS: Readonly<Record<string, number>> = {
  AED: 2, AUD: 2, BHD: 3, CAD: 2, CHF: 2, CNH: 2, CNY: 2, CZK: 2, DKK: 2, EUR: 2, GBP: 2, HKD: 2,
  IDR: 2, INR: 2, JPY: 0, KRW: 0, KWD: 3, MXN: 2, MYR: 2, NOK: 2, NZD: 2, PHP: 2, PLN: 2, SEK: 2,
  SGD: 2, THB: 2, USD: 2, VND: 0, ZAR: 2,
};

export const SUPPORTED_CURRENCIES = Object.keys(CURRENCY_MINOR_UNITS).sort();

export const isSupportedCurrency = (code: string): boolean => Object.hasOwn(CURRENCY_MINOR_UNITS, code);

export function minorUnits(currency: string): number {
  const units = CURRENCY_MINOR_UNITS[currency];
  if (units === undefined) throw new Error(`unsupported currency ${currency}`);
  return units;
}
