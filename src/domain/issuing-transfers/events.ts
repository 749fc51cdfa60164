import type { IssuingTransfer } from '../../generated/prisma/client';
import { addEvent, type EventName } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import { toRestIssuingTransfer } from '../../rest-compat/issuing-transfers/present';
import { toIssuingTransferView } from './view';

/**
 * The outbox payload: the transfer exactly as GET /v1/issuing/transfers/{id} returns it, so a
 * webhook's `data` is the object a receiver would GET (issue 11; docs/area-shape.md, "Event payloads").
 */
const eventData = (t: IssuingTransfer) => toRestIssuingTransfer(toIssuingTransferView(t));

/** `issuing_balance.transfer_in/out.succeeded` (funding extension) or `issuing_transfer.create.succeeded` (CI24). */
export const addIssuingTransferEvent = (writes: WriteSet, t: IssuingTransfer, eventName: EventName, at: Date) =>
  addEvent(writes, { accountId: t.accountId, eventName, sourceId: t.id, data: eventData(t), at });
