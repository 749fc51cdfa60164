import { addEvent } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WriteSet } from '../../../platform/writes/write-set';
import type { TransferView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

export const transferPayload = payloadOf<TransferView>()('transfer', { createdAt: 'date', completedAt: 'date' });

/** `transfer.create.succeeded` for the acting account, carrying the transfer's view. */
export function addTransferEvent(writes: WriteSet, accountId: string, transfer: TransferView, at: Date): void {
  addEvent(writes, { accountId, eventName: 'transfer.create.succeeded', sourceId: transfer.id, data: transferPayload.facts(transfer), at });
}
