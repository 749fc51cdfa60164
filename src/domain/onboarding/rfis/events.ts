import type { Rfi } from '../../../generated/prisma/client';
import type { Database } from '../../../platform/db/client';
import { addEvent, type EventName } from '../../../platform/events/outbox';
import type { WriteSet } from '../../../platform/writes/write-set';
import { payloadOf } from '../../../platform/events/facts';
import { linkedFiles, type LinkedFile } from '../files/contract';
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

/** The files an RFI's answers attach, as its event shows them (no links). */
export const eventFilesOf = (db: Database, row: Rfi): Promise<ReadonlyMap<string, LinkedFile>> => linkedFiles(db, fileIdsOf(row));

/** An RFI's event, with the files its answers attach (eventFilesOf). */
export function addRfiEvent(writes: WriteSet, row: Rfi, eventName: RfiEventName, at: Date, files: ReadonlyMap<string, LinkedFile>): void {
  addEvent(writes, { accountId: row.accountId, eventName, sourceId: row.id, data: rfiPayload.facts(toRfiView(row, files)), at });
}

