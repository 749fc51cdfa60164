import Decimal from 'decimal.js';
import type { RequestContext } from '../../../platform/context';
import { midRatePerUsd } from '../../wallet/fx/rates';
import { money } from '../../../platform/money/amount';

/** XUSD is the provider's USD ledger currency: priced 1:1 with USD (docs/decisions/issuing/transactions.md "Card transactions"). */
const pricedAs = (c: string) => (c === 'XUSD' ? 'USD' : c);

/**
 * The billing amount in the card's currency, at the FX area's mid rate (no spread: the network's
 * rate), rounded half up to cents and at least 0.01; null when either currency has no rate.
 * No read at all when the currencies are the same.
 */
export async function billingAmount(ctx: RequestContext, amount: Decimal, from: string, to: string, now: Date): Promise<Decimal | null> {
  if (pricedAs(from) === pricedAs(to)) return amount;
  const [fromPerUsd, toPerUsd] = await Promise.all([midRatePerUsd(ctx.db.prisma, pricedAs(from), now), midRatePerUsd(ctx.db.prisma, pricedAs(to), now)]);
  if (!fromPerUsd || !toPerUsd) return null;
  const billed = amount.times(toPerUsd).div(fromPerUsd).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return Decimal.max(billed, money('0.01'));
}
