import type { Rfi } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { recordEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import { linkedFiles } from '../files/contract';
import { toRfiView, fileIdsOf, type RfiView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

export type RfiEventName = Extract<EventName, `rfi.${string}`>;

/**
 * An RFI's event: the RFI's view, its files without a download link (path null): a link is a
 * bearer credential valid for minutes, and an event is delivered, and retried, for days. A receiver
 * gets fresh links by reading the RFI. The envelope's source_id is the RFI's UUID (outbox ids are
 * UUIDs): rfi_id without its ACTREQ- prefix.
 */
export const rfiPayload = payloadOf<RfiView>()('rfi', { createdAt: 'date', updatedAt: 'date' });

export async function recordRfiEvent(tx: Tx, row: Rfi, eventName: RfiEventName, at: Date, db: Parameters<typeof linkedFiles>[0]): Promise<void> {
  const files = await linkedFiles(db, fileIdsOf(row));
  await recordEvent(tx, { accountId: row.accountId, eventName, sourceId: row.id, data: rfiPayload.facts(toRfiView(row, files)), at });
}
