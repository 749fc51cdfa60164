import Decimal from 'decimal.js';
import { money } from '../money/amount';
import { minorUnits } from '../money/currencies';
import type { FeePaidBy, PaymentMethod } from './rules';

/**
 * payrail's payout fee schedule: a flat fee per payout, charged in the source currency on top of
 * the amount (the payer's wallet pays amount + fee). Expressed in US dollars and scaled to the
 * source currency by a fixed table of approximate rates, so a fee is the same order of size in
 * every currency, then rounded to the currency's minor units.
 *
 * - LOCAL: 1.
 * - SWIFT, fee_paid_by SHARED: 10 — payrail's sending fee; the beneficiary bears the charges of
 *   the banks on the way (outside payrail), so payrail delivers payout_amount in full.
 * - SWIFT, fee_paid_by OURS: 25 — the payer also prepays the correspondent charges.
 */
export const FEES_IN_USD: Readonly<Record<'LOCAL' | 'SWIFT_SHARED' | 'SWIFT_OURS', string>> = {
  LOCAL: '1',
  SWIFT_SHARED: '10',
  SWIFT_OURS: '25',
};

/** Units of each currency per US dollar (approximate, fixed: fees must not move with the market). */
const UNITS_PER_USD: Readonly<Record<string, string>> = {
  AED: '3.67', AUD: '1.5', BHD: '0.376', CAD: '1.37', CHF: '0.88', CNH: '7.2', CNY: '7.2', CZK: '23', DKK: '6.9',
  EUR: '0.92', GBP: '0.79', HKD: '7.8', IDR: '16000', INR: '84', JPY: '150', KRW: '1400', KWD: '0.307', MXN: '18',
  MYR: '4.5', NOK: '11', NZD: '1.65', PHP: '58', PLN: '4', SEK: '10.8', SGD: '1.34', THB: '35', USD: '1',
  VND: '25000', ZAR: '18',
};

export function payoutFee(currency: string, method: PaymentMethod, feePaidBy: FeePaidBy | null): Decimal {
  const usd = method === 'LOCAL' ? FEES_IN_USD.LOCAL : feePaidBy === 'OURS' ? FEES_IN_USD.SWIFT_OURS : FEES_IN_USD.SWIFT_SHARED;
  const fee = money(usd).times(UNITS_PER_USD[currency] ?? '1');
  return fee.toDecimalPlaces(minorUnits(currency), Decimal.ROUND_HALF_EVEN);
}
