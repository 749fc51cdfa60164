import { addEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WriteSet } from '../../../platform/writes/write-set';
import type { CardTransactionView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

/** The data of the card transaction events: the transaction's view at that step. */
export const cardTransactionPayload = payloadOf<CardTransactionView>()('card_transaction', { transactionTime: 'date', postedTime: 'date' });

export function addCardTransactionEvent(writes: WriteSet, accountId: string, eventName: EventName, t: CardTransactionView): void {
  addEvent(writes, { accountId, eventName, sourceId: t.id, data: cardTransactionPayload.facts(t), at: t.transactionTime });
}
