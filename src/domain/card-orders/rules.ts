import { z } from 'zod';
import type Decimal from 'decimal.js';
import { money } from '../money/amount';
import type { DomainError } from '../errors/domain-error';

/** CardOrder.order_type: CREATE is a card's creation order (cards.card_order_id), the others CI8 and CI9. */
export const CARD_ORDER_TYPES = ['CREATE', 'RECHARGE', 'WITHDRAW'] as const;
export type CardOrderType = (typeof CARD_ORDER_TYPES)[number];

/** CI8 / CI9 body as the route documents it; the amount's rules answer the endpoint's own message (amountOf). */
export const cardOrderInput = z.object({ amount: z.unknown().meta({ type: 'number', description: 'Greater than 0, at most 2 decimals' }) });

/** The amount of a recharge or withdraw: a JSON number above 0 with at most two decimals, else `invalid`. */
export function amountOf(raw: unknown, invalid: () => DomainError): Decimal {
  const v = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>).amount : undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw invalid();
  const amount = money(v);
  if (amount.decimalPlaces() > 2) throw invalid();
  return amount;
}
