import { addEvent, type EventName } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import { toRestCardTransaction } from '../../rest-compat/card-transactions/present';
import type { CardTransactionView } from './view';

/**
 * The data of the card transaction events: the transaction exactly as GET
 * /v1/issuing/transactions/{id} (CI23) answers it at that step, so a webhook's `data` is the object
 * a receiver would GET (issue 11; docs/area-shape.md, "Event payloads").
 */
export function addCardTransactionEvent(writes: WriteSet, accountId: string, eventName: EventName, t: CardTransactionView): void {
  addEvent(writes, { accountId, eventName, sourceId: t.id, data: toRestCardTransaction(t), at: t.transactionTime });
}
