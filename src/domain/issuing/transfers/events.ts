import type { IssuingTransfer } from '../../../generated/prisma/client';
import { addEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WriteSet } from '../../../platform/writes/write-set';
import { toIssuingTransferView, type IssuingTransferView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

export const issuingTransferPayload = payloadOf<IssuingTransferView>()('issuing_transfer', { createdAt: 'date', completedAt: 'date' });

/** `issuing_balance.transfer_in/out.succeeded` (funding extension) or `issuing_transfer.create.succeeded` (CI24). */
export const addIssuingTransferEvent = (writes: WriteSet, t: IssuingTransfer, eventName: EventName, at: Date) =>
  addEvent(writes, { accountId: t.accountId, eventName, sourceId: t.id, data: issuingTransferPayload.facts(toIssuingTransferView(t)), at });
