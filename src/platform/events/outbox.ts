import type { Tx } from '../db/tx';
import { applyInTransaction } from '../writes/apply';
import { columns, WriteSet } from '../writes/write-set';
import { newId } from '../ids/ids';
import { eventTypeOf, type EventName } from './catalogue';
import type { StoredFacts } from './facts';

export type { EventName, EventType } from './catalogue';

const OUTBOX_COLUMNS = 'id, account_id, event_type, event_name, source_id, data, data_version, created_at, delivered_at';

/**
 * The form of `data` this code writes: 2, the domain's view of what changed with its kind
 * (facts.ts StoredFacts), rendered for each door when read. Rows of version 1 hold the REST body
 * as it is sent. The column's default is 2 too, for the rows a group commit collects (its insert
 * names the columns it fills).
 */
export const OUTBOX_DATA_VERSION = 2;

export interface OutboxEventInput {
  accountId: string;
  eventName: EventName;
  sourceId: string;
  /** What changed, as the domain sees it: an area's view with its kind (an EventPayload's facts). */
  data: StoredFacts | Record<string, unknown>;
  at: Date;
}

/**
 * Adds an event to the outbox in the write set of its state change, so an event exists exactly when
 * its state change committed. Delivery (webhooks) reads the outbox later. The event_type comes from
 * the catalogue, never from the caller.
 */
export function addEvent(writes: WriteSet, event: OutboxEventInput): void {
  // The column list is explicit so that tx_id takes its default, the writing transaction's id.
  writes.collect({
    sql: `INSERT INTO outbox_events (${OUTBOX_COLUMNS}) SELECT ${OUTBOX_COLUMNS} FROM jsonb_populate_record(NULL::outbox_events, $1::jsonb)`,
    args: columns({
      id: newId(),
      accountId: event.accountId,
      eventType: eventTypeOf(event.eventName),
      eventName: event.eventName,
      sourceId: event.sourceId,
      data: event.data as Record<string, unknown>,
      dataVersion: OUTBOX_DATA_VERSION,
      createdAt: event.at,
      deliveredAt: null,
    }),
  }, 'outbox_events');
}

/** Writes an event into the outbox in the caller's transaction (addEvent, statement by statement). */
export async function recordEvent(tx: Tx, event: OutboxEventInput): Promise<void> {
  const writes = new WriteSet();
  addEvent(writes, event);
  await applyInTransaction(tx, writes);
}
