import type { Card } from '../../generated/prisma/client';
import { addEvent, type EventName } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import { toCardView } from './view';

/** The data of the card events: the card's state with the masked number only. */
export const cardEventPayload = (c: Card) => {
  const v = toCardView(c);
  return {
    card_id: v.id,
    card_order_id: v.cardOrderId,
    cardholder_id: v.cardholderId,
    card_number: v.cardNumber,
    card_currency: v.cardCurrency,
    card_status: v.status,
    order_status: v.orderStatus,
    update_reason: v.updateReason ?? '',
  };
};

export function addCardEvent(writes: WriteSet, eventName: EventName, c: Card, at: Date): void {
  addEvent(writes, { accountId: c.accountId, eventName, sourceId: c.id, data: cardEventPayload(c), at });
}
