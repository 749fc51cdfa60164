import type { z } from 'zod';
import { cardholderTime } from '../../../domain/issuing/cardholders/view';
import type { CardOrderView } from '../../../domain/issuing/card-orders/view';
import { jsonNumberOf } from '../../../platform/money/json-numeral';
import type { restCardOrder, restElevateLimitResult, restManagePinResult } from './schemas';

export const toRestCardOrder = (o: CardOrderView): z.input<typeof restCardOrder> => ({
  card_id: o.cardId,
  card_order_id: o.id,
  order_type: o.orderType,
  amount: jsonNumberOf(o.amount),
  card_currency: o.cardCurrency,
  create_time: cardholderTime(o.createdAt),
  update_time: cardholderTime(o.updatedAt),
  ...(o.completedAt ? { complete_time: cardholderTime(o.completedAt) } : {}),
  order_status: o.status,
});

export const toRestElevateLimitResult = (o: CardOrderView): z.input<typeof restElevateLimitResult> => ({
  card_id: o.cardId,
  card_order_id: o.id,
  order_status: o.status,
});

export const toRestManagePinResult = (o: CardOrderView): z.input<typeof restManagePinResult> => ({
  card_id: o.cardId,
  card_order_id: o.id,
  create_time: cardholderTime(o.createdAt),
});
