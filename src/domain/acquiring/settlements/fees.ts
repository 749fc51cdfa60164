import Decimal from 'decimal.js';
import { money, ZERO } from '../../../platform/money/amount';
import { minorUnits } from '../../../platform/money/currencies';

/**
 * payrail's acquiring fee schedule, charged on each settled capture in its settlement currency
 * (fee_currency = settlement_currency) and kept by the platform (ledger FEES):
 * - interchange_fee: 1.20 % of the settled amount (the issuer's share);
 * - scheme_fee: 0.15 % (the card network's share);
 * - transcation_fee: 0.30 USD per item, at the FX mid rate of the settlement currency;
 * - return_fee: 0 — it prices returned money (refunds, chargebacks), which settlement items of
 *   payments do not carry.
 * Each fee is rounded half-even to the currency's minor units. The fees never exceed the settled
 * amount: the fixed fee shrinks first, so a tiny capture nets to zero, never below.
 */
export const FEE_SCHEDULE = {
  interchangeRate: '0.012',
  schemeRate: '0.0015',
  transactionFeeUsd: '0.30',
  returnFee: '0',
} as const;

export interface SettlementFees {
  interchangeFee: Decimal;
  schemeFee: Decimal;
  transactionFee: Decimal;
  returnFee: Decimal;
  total: Decimal;
}

/** The fees of one item of `gross` in `currency`, whose mid rate is `perUsd` units per USD. */
export function settlementFees(gross: Decimal, currency: string, perUsd: Decimal): SettlementFees {
  const round = (d: Decimal) => d.toDecimalPlaces(minorUnits(currency), Decimal.ROUND_HALF_EVEN);
  const interchangeFee = round(gross.times(FEE_SCHEDULE.interchangeRate));
  const schemeFee = round(gross.times(FEE_SCHEDULE.schemeRate));
  const fixed = round(money(FEE_SCHEDULE.transactionFeeUsd).times(perUsd));
  const room = Decimal.max(ZERO, gross.minus(interchangeFee).minus(schemeFee));
  const transactionFee = Decimal.min(fixed, room);
  const returnFee = money(FEE_SCHEDULE.returnFee);
  return { interchangeFee, schemeFee, transactionFee, returnFee, total: interchangeFee.plus(schemeFee).plus(transactionFee).plus(returnFee) };
}
