import type { CardOrder } from '../../../generated/prisma/client';
import { addEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WriteSet } from '../../../platform/writes/write-set';
import type { CardOrderType } from './rules';
import { toCardOrderView, type CardOrderView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

/**
 * The outbox payload: the order's view. The event's source stays the card: the order is what moved
 * its money.
 */
export const cardOrderPayload = payloadOf<CardOrderView>()('card_order', { createdAt: 'date', updatedAt: 'date', completedAt: 'date' });

/** The event of each kind of order when it completes (an elevation also when accepted and when it ends). */
const COMPLETED: Record<Exclude<CardOrderType, 'CREATE'>, EventName> = {
  RECHARGE: 'card.recharge.succeeded',
  WITHDRAW: 'card.withdraw.succeeded',
  ELEVATE_LIMIT: 'card.elevate_limit.succeeded',
  MANAGE_PIN: 'card.manage_pin.succeeded',
};

export function addCardOrderEvent(writes: WriteSet, o: CardOrder, at: Date, eventName: EventName = COMPLETED[o.orderType as Exclude<CardOrderType, 'CREATE'>]): void {
  addEvent(writes, { accountId: o.accountId, eventName, sourceId: o.cardId, data: cardOrderPayload.facts(toCardOrderView(o)), at });
}
