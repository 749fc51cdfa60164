import Decimal from 'decimal.js';
import type { Tx } from '../../../platform/db/tx';
import { midRatePerUsd } from '../fx/rates';
import { money } from '../../../platform/money/amount';
import { minorUnits } from '../../../platform/money/currencies';
import { payoutErrors } from './errors';
import type { FeePaidBy, PaymentMethod } from './rules';

/**
 * payrail's payout fee schedule: a flat fee per payout, charged in the source currency on top of
 * the amount (the payer's wallet pays amount + fee). Expressed in US dollars and converted to the
 * source currency at the FX mid rate — the same rate table quotes and BT13 price from, so a fee
 * and a quote never disagree about what a currency is worth — then rounded to the currency's
 * minor units.
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

export function feeInUsd(method: PaymentMethod, feePaidBy: FeePaidBy | null): Decimal {
  return money(method === 'LOCAL' ? FEES_IN_USD.LOCAL : feePaidBy === 'OURS' ? FEES_IN_USD.SWIFT_OURS : FEES_IN_USD.SWIFT_SHARED);
}

/** A USD fee in `currency` at its mid rate (units per USD), rounded half-even to the currency's minor units. */
export const feeInCurrency = (usd: Decimal, currency: string, perUsd: Decimal): Decimal =>
  usd.times(perUsd).toDecimalPlaces(minorUnits(currency), Decimal.ROUND_HALF_EVEN);

/**
 * The fee of a payout in its source currency, inside the payout's transaction: one read of the
 * currency's rate (none for USD). A currency without a rate is refused, naming `currency`, rather
 * than priced as if it were dollars.
 */
export async function payoutFee(tx: Tx, currency: string, method: PaymentMethod, feePaidBy: FeePaidBy | null, now: Date): Promise<Decimal> {
  const perUsd = await midRatePerUsd(tx, currency, now);
  if (!perUsd) throw payoutErrors.feeRateUnavailable(currency);
  return feeInCurrency(feeInUsd(method, feePaidBy), currency, perUsd);
}
