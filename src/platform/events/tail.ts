import type { EventType } from './catalogue';

/**
 * Reading the outbox in commit-safe order, for every reader that follows it (webhook fan-out, live
 * subscriptions, the CLI's listen). Events are ordered by (tx_id, seq): the id of the transaction that
 * wrote them, then their insert order inside it. A reader only reads below pg_snapshot_xmin — the
 * oldest transaction still running — so a transaction that commits after a younger one can never slip
 * in behind a reader's cursor: nothing is skipped, whatever the commit order. The price is that an
 * event becomes readable only once every transaction older than its own has ended (milliseconds under
 * normal load; a long-running transaction holds readers back, never loses events).
 */

/** Where a reader is: after the event (txId, seq). Both are decimal strings (xid8 and bigint). */
export interface OutboxCursor {
  txId: string;
  seq: string;
}

export interface TailedEvent {
  id: string;
  accountId: string;
  eventType: EventType;
  eventName: string;
  sourceId: string;
  /** As stored: read it through a door's renderer (RenderEventData), which knows its version. */
  data: unknown;
  dataVersion: number;
  createdAt: Date;
  cursor: OutboxCursor;
}

/** Anything that runs a parameterised query: a pg Pool, PoolClient or Client. */
export interface Queryable {
  query<R extends object>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/** An outbox event as its row stores it (the columns every reader of the outbox selects). */
export interface StoredEventRow {
  id: string;
  account_id: string;
  event_type: string;
  event_name: string;
  source_id: string;
  data: unknown;
  data_version: number;
}

interface TailRow extends StoredEventRow {
  created_at: Date;
  tx_id: string;
  seq: string;
}

/**
 * The events after `cursor` that are safe to read now, oldest first, at most `limit`. `withData:
 * false` leaves the payloads (whole views) in the table, for readers that only route events.
 */
export async function readOutboxAfter(
  db: Queryable,
  cursor: OutboxCursor,
  limit: number,
  filter: { accountIds?: readonly string[] } = {},
  opts: { withData?: boolean } = {},
): Promise<TailedEvent[]> {
  const args: unknown[] = [cursor.txId, cursor.seq, limit];
  let where = '';
  if (filter.accountIds !== undefined) {
    args.push(filter.accountIds);
    where = `AND account_id = ANY($4::uuid[])`;
  }
  const { rows } = await db.query<TailRow>(
    `SELECT id, account_id, event_type, event_name, source_id, ${opts.withData === false ? 'NULL AS data' : 'data'}, data_version, created_at, tx_id::text AS tx_id, seq::text AS seq
       FROM outbox_events
      WHERE (tx_id, seq) > ($1::xid8, $2::bigint)
        AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
        ${where}
      -- Qualified: a bare name would sort by the text aliases above ('1000' < '999').
      ORDER BY outbox_events.tx_id, outbox_events.seq
      LIMIT $3`,
    args,
  );
  return rows.map(tailedEventOf);
}

const tailedEventOf = (r: TailRow): TailedEvent => ({
  id: r.id,
  accountId: r.account_id,
  eventType: r.event_type as EventType,
  eventName: r.event_name,
  sourceId: r.source_id,
  data: r.data,
  dataVersion: r.data_version,
  createdAt: r.created_at,
  cursor: { txId: r.tx_id, seq: r.seq },
});

/** Whose events a range read returns: one account's, or a master's and its sub-accounts'. */
export interface OutboxOwners {
  accountId: string;
  includeSubAccounts: boolean;
}

/**
 * The events of `owners` after `after` up to and including `upTo`, oldest first, at most `limit`:
 * a live subscription's replay. `upTo` is a position a tail reader has already passed (below the
 * oldest running transaction when it was read), so the range is final: no transaction can still
 * add an event inside it, and it needs no snapshot bound of its own.
 */
export async function readOutboxRange(db: Queryable, after: OutboxCursor, upTo: OutboxCursor, limit: number, owners: OutboxOwners): Promise<TailedEvent[]> {
  const who = owners.includeSubAccounts
    ? 'account_id = ANY(ARRAY(SELECT $5::uuid UNION ALL SELECT id FROM accounts WHERE parent_id = $5::uuid))'
    : 'account_id = $5::uuid';
  const { rows } = await db.query<TailRow>(
    `SELECT id, account_id, event_type, event_name, source_id, data, data_version, created_at, tx_id::text AS tx_id, seq::text AS seq
       FROM outbox_events
      WHERE (tx_id, seq) > ($1::xid8, $2::bigint) AND (tx_id, seq) <= ($3::xid8, $4::bigint) AND ${who}
      ORDER BY outbox_events.tx_id, outbox_events.seq
      LIMIT $6`,
    [after.txId, after.seq, upTo.txId, upTo.seq, owners.accountId, limit],
  );
  return rows.map(tailedEventOf);
}

/**
 * A cursor at "now": every event readable later than this call was written by a transaction that had
 * not ended when it was taken (tx_id >= xmin), so a new reader starting here misses nothing committed
 * after it started. It may see a few events committed just before (younger transactions that ended
 * while an older one ran); readers deduplicate on nothing and treat those as new.
 */
export async function outboxHead(db: Queryable): Promise<OutboxCursor> {
  const { rows } = await db.query<{ tx_id: string }>(`SELECT (pg_snapshot_xmin(pg_current_snapshot())::text::numeric - 1)::text AS tx_id`);
  return { txId: rows[0]!.tx_id, seq: '9223372036854775807' };
}

/** Whether position `a` comes after `b` in the tail's order. */
export const isPast = (a: OutboxCursor, b: OutboxCursor): boolean =>
  BigInt(a.txId) > BigInt(b.txId) || (BigInt(a.txId) === BigInt(b.txId) && BigInt(a.seq) > BigInt(b.seq));

/** The cursor before every event. */
export const OUTBOX_START: OutboxCursor = { txId: '0', seq: '0' };

/** The channel the outbox trigger NOTIFYs at each committing insert (payload empty: read the table). */
export const OUTBOX_CHANNEL = 'payrail_outbox';
