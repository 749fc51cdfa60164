import type { CardOrder } from '../../generated/prisma/client';
import { addEvent, type EventName } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import { toRestCardOrder } from '../../rest-compat/card-orders/present';
import type { CardOrderType } from './rules';
import { toCardOrderView } from './view';

/**
 * The outbox payload: the order exactly as GET /v1/issuing/cards/orders/{card_order_id} returns it,
 * so a webhook's `data` is the object a receiver would GET (issue 11; docs/area-shape.md, "Event
 * payloads"). The event's source stays the card, as before: the order is what moved its money.
 */
const eventData = (o: CardOrder) => toRestCardOrder(toCardOrderView(o));

/** The event of each kind of order when it completes (an elevation also when accepted and when it ends). */
const COMPLETED: Record<Exclude<CardOrderType, 'CREATE'>, EventName> = {
  RECHARGE: 'card.recharge.succeeded',
  WITHDRAW: 'card.withdraw.succeeded',
  ELEVATE_LIMIT: 'card.elevate_limit.succeeded',
  MANAGE_PIN: 'card.manage_pin.succeeded',
};

export function addCardOrderEvent(writes: WriteSet, o: CardOrder, at: Date, eventName: EventName = COMPLETED[o.orderType as Exclude<CardOrderType, 'CREATE'>]): void {
  addEvent(writes, { accountId: o.accountId, eventName, sourceId: o.cardId, data: eventData(o), at });
}
