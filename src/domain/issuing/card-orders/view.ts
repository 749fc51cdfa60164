import type { Card, CardOrder } from '../../../generated/prisma/client';
import { ORDER_SUCCESS_SECONDS } from '../cards/lifecycle';
import type { OrderStatus } from '../cards/rules';
import type { CardOrderType } from './rules';

/** A card order (CI8, CI9, CI12). Amounts as two-decimal strings, as card amounts are. */
export interface CardOrderView {
  id: string;
  cardId: string;
  orderType: CardOrderType;
  amount: string;
  cardCurrency: string;
  status: OrderStatus;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

export const toCardOrderView = (o: CardOrder): CardOrderView => ({
  id: o.id,
  cardId: o.cardId,
  orderType: o.orderType as CardOrderType,
  amount: o.amount.toFixed(2),
  cardCurrency: o.cardCurrency,
  status: o.status as OrderStatus,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
  completedAt: o.completedAt,
});

/**
 * A card's creation order, read from the card row: its amount is the card_limit asked for, and it
 * completed when its scheduled completion was due (ORDER_SUCCESS_SECONDS after creation).
 */
export const toCreationOrderView = (c: Card): CardOrderView => ({
  id: c.cardOrderId,
  cardId: c.id,
  orderType: 'CREATE',
  amount: c.cardLimit.toFixed(2),
  cardCurrency: c.cardCurrency,
  status: c.orderStatus as OrderStatus,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  completedAt: c.orderStatus === 'SUCCESS' ? new Date(c.createdAt.getTime() + ORDER_SUCCESS_SECONDS * 1000) : null,
});
