import { toRestTransfer } from '../../rest-compat/transfers/present';
import { addEvent } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import type { TransferView } from './view';

/** `transfer.create.succeeded` for the acting account, carrying the transfer as BT8 (GET /v1/transfer/{id}) answers it. */
export function addTransferEvent(writes: WriteSet, accountId: string, transfer: TransferView, at: Date): void {
  addEvent(writes, { accountId, eventName: 'transfer.create.succeeded', sourceId: transfer.id, data: toRestTransfer(transfer), at });
}
