import type { CardOrder } from '../../generated/prisma/client';
import { addEvent } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import { toRestCardOrder } from '../../rest-compat/card-orders/present';
import { toCardOrderView } from './view';

/**
 * The outbox payload: the order exactly as GET /v1/issuing/cards/orders/{card_order_id} returns it,
 * so a webhook's `data` is the object a receiver would GET (issue 11; docs/area-shape.md, "Event
 * payloads"). The event's source stays the card, as before: the order is what moved its money.
 */
const eventData = (o: CardOrder) => toRestCardOrder(toCardOrderView(o));

export function addCardOrderEvent(writes: WriteSet, o: CardOrder, at: Date): void {
  const eventName = o.orderType === 'RECHARGE' ? 'card.recharge.succeeded' : 'card.withdraw.succeeded';
  addEvent(writes, { accountId: o.accountId, eventName, sourceId: o.cardId, data: eventData(o), at });
}
