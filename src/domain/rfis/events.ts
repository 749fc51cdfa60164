import type { Rfi } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { toRestRfi } from '../../rest-compat/rfis/present';
import { recordEvent, type EventName } from '../events/outbox';
import { linkedFiles } from '../files/contract';
import { toRfiView, fileIdsOf } from './view';

export type RfiEventName = Extract<EventName, `rfi.${string}`>;

/**
 * An RFI's event: the RFI as the REST door shows it, except that its files carry no download link
 * (`url` ""): a link is a bearer credential valid for minutes, and an event is delivered, and
 * retried, for days. A receiver gets fresh links with GET /v1/rfis/{id}. The envelope's source_id
 * is the RFI's UUID (outbox ids are UUIDs): rfi_id without its ACTREQ- prefix.
 */
export async function recordRfiEvent(tx: Tx, row: Rfi, eventName: RfiEventName, at: Date, db: Parameters<typeof linkedFiles>[0]): Promise<void> {
  const files = await linkedFiles(db, fileIdsOf(row));
  await recordEvent(tx, { accountId: row.accountId, eventName, sourceId: row.id, data: toRestRfi(toRfiView(row, files), ''), at });
}
