import type pg from 'pg';
import { readOutboxAfter, type TailedEvent } from '../../../platform/events/tail';
import type { StoredEventRow } from '../../../platform/events/tail';

// The fan-out's statements (fanout.ts).

/**
 * One batch of the fan-out in one transaction: the reader's cursor locked (SKIP LOCKED: a second
 * worker finds nothing to do), up to `batchSize` events after it routed to their endpoints, and the
 * cursor moved past them; a crash rolls back deliveries and cursor together.
 */
export async function fanOutBatch(pool: pg.Pool, reader: string, batchSize: number, now: Date): Promise<{ events: number; deliveries: number }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const cursorRows = await client.query<{ tx_id: string; seq: string }>(
      `SELECT tx_id::text AS tx_id, seq::text AS seq FROM outbox_readers WHERE name = $1 FOR UPDATE SKIP LOCKED`,
      [reader],
    );
    const cursor = cursorRows.rows[0];
    if (!cursor) {
      await client.query('ROLLBACK');
      return { events: 0, deliveries: 0 };
    }
    // Routing needs no payloads: a delivery reads its event's body when it is sent.
    const events = await readOutboxAfter(client, { txId: cursor.tx_id, seq: cursor.seq }, batchSize, {}, { withData: false });
    if (events.length === 0) {
      await client.query('ROLLBACK');
      return { events: 0, deliveries: 0 };
    }
    const inserted = await insertDeliveries(client, events, now);
    const last = events[events.length - 1]!.cursor;
    await client.query(`UPDATE outbox_readers SET tx_id = $2::xid8, seq = $3::bigint, updated_at = $4 WHERE name = $1`, [reader, last.txId, last.seq, now]);
    await client.query('COMMIT');
    return { events: events.length, deliveries: inserted };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** One statement for the batch; deliveries are numbered (seq) in event order, which dispatch keeps per endpoint. */
async function insertDeliveries(client: pg.PoolClient, events: TailedEvent[], now: Date): Promise<number> {
  const r = await client.query(
    `INSERT INTO webhook_deliveries (id, endpoint_id, account_id, root_account_id, event_id, event_account_id, event_name,
                                     status, attempts, next_attempt_at, created_at, updated_at)
     SELECT gen_random_uuid(), e.id, e.account_id, coalesce(a.parent_id, a.id), ev.id, ev.account_id, ev.event_name,
            'PENDING', 0, ev.created_at, $6, $6
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::xid8[]) WITH ORDINALITY
              AS ev(id, account_id, event_name, created_at, tx_id, ord)
       JOIN accounts a ON a.id = ev.account_id
       JOIN webhook_endpoints e
         ON e.status = 'ENABLED'
        AND (e.account_id = ev.account_id OR e.account_id = a.parent_id)
        AND (e.all_events OR ev.event_name = ANY(e.event_names))
        AND e.created_xid < ev.tx_id
      ORDER BY ev.ord, e.id
     ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
    [events.map((e) => e.id), events.map((e) => e.accountId), events.map((e) => e.eventName), events.map((e) => e.createdAt), events.map((e) => e.cursor.txId), now],
  );
  return r.rowCount ?? 0;
}

/**
 * With no ENABLED endpoint there is nothing to route: one statement moves the cursor past every
 * readable event, instead of a transaction reading them (the worker wakes after every group-commit
 * batch, and most deployments, the bench among them, have no endpoint). Nothing is lost by it: an
 * endpoint this statement cannot see yet is being created or enabled by a transaction still running,
 * so its xid is at least the snapshot's xmin, above every event moved past; and the fan-out never
 * gives an endpoint events older than itself, nor events written while it was not ENABLED.
 */
const SKIP_WITHOUT_ENDPOINTS = `WITH none AS (SELECT NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE status = 'ENABLED') AS none),
       last AS (SELECT tx_id, seq FROM outbox_events WHERE tx_id < pg_snapshot_xmin(pg_current_snapshot())
                 ORDER BY tx_id DESC, seq DESC LIMIT 1),
       moved AS (UPDATE outbox_readers r SET tx_id = last.tx_id, seq = last.seq, updated_at = $2
                   FROM last, none
                  WHERE none.none AND r.name = $1 AND (last.tx_id, last.seq) > (r.tx_id, r.seq)
                 RETURNING 1)
  SELECT none.none AS skipped FROM none`;

/** Moves the reader's cursor past every readable event when no endpoint is ENABLED; answers whether it did. */
export async function skipWithoutEndpoints(pool: pg.Pool, reader: string, now: Date): Promise<boolean> {
  // Named: the worker runs it after every group-commit batch, and a named statement is planned once per connection.
  const skip = await pool.query<{ skipped: boolean }>({ name: 'payrail_webhooks_skip', text: SKIP_WITHOUT_ENDPOINTS, values: [reader, now] });
  return skip.rows[0]?.skipped === true;
}

/**
 * The cursor as a lateral parameter, so the (tx_id, seq) index finds the first event past it. As a
 * plain join the planner compared every event with the cursor: a sequential scan of the whole
 * outbox on each wake-up, growing with every event ever written (docs/performance.md).
 */
export const OUTBOX_BEHIND = `SELECT EXISTS (
    SELECT 1 FROM outbox_readers r
      CROSS JOIN LATERAL (SELECT 1 FROM outbox_events o WHERE (o.tx_id, o.seq) > (r.tx_id, r.seq)
                           ORDER BY o.tx_id, o.seq LIMIT 1) past
     WHERE r.name = $1) AS behind`;

/** Whether the outbox holds events past the reader's cursor. */
export async function readerBehind(pool: pg.Pool, reader: string): Promise<boolean> {
  const { rows } = await pool.query<{ behind: boolean }>({ name: 'payrail_webhooks_behind', text: OUTBOX_BEHIND, values: [reader] });
  return rows[0]?.behind ?? false;
}

/** Whether any endpoint is ENABLED (a read: no transaction id, nothing to flush at its commit). */
export async function endpointEnabled(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ enabled: boolean }>({
    name: 'payrail_webhooks_enabled',
    text: `SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE status = 'ENABLED') AS enabled`,
  });
  return rows[0]?.enabled ?? false;
}

// The dispatch's statements (dispatch.ts).

export interface ClaimRow {
  id: string;
  claim_token: string;
  endpoint_id: string;
  event_id: string;
  attempts: number;
  next_attempt_at: Date;
  first_attempt_at: Date | null;
  under_test_clock: boolean;
  simulated_at: Date | null;
  url: string;
  secret_sealed: string;
}

/**
 * Claims up to `limit` due deliveries until `leaseUntil`, at most one per endpoint, each the oldest
 * PENDING of its endpoint, rows locked SKIP LOCKED so two workers never claim one.
 */
export async function claimDueRows(pool: pg.Pool, now: Date, limit: number, leaseUntil: Date): Promise<ClaimRow[]> {
  const { rows } = await pool.query<ClaimRow>(
    `WITH due AS (
       SELECT d.id, e.url, e.secret_sealed, (c.frozen_time IS NOT NULL) AS under_test_clock,
              CASE WHEN c.frozen_time IS NOT NULL THEN
                greatest(d.next_attempt_at,
                         (SELECT p.last_attempt_at FROM webhook_deliveries p
                           WHERE p.endpoint_id = d.endpoint_id AND p.seq < d.seq
                           ORDER BY p.seq DESC LIMIT 1))
              END AS simulated_at
         FROM webhook_deliveries d
         JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.status = 'ENABLED'
         LEFT JOIN test_clocks c ON c.root_account_id = d.root_account_id
        WHERE d.status = 'PENDING'
          AND d.next_attempt_at <= coalesce(c.frozen_time, $1)
          AND (d.claimed_until IS NULL OR d.claimed_until < $1)
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p
                           WHERE p.endpoint_id = d.endpoint_id AND p.status = 'PENDING' AND p.seq < d.seq)
        ORDER BY d.next_attempt_at, d.seq
        LIMIT $2
        FOR UPDATE OF d SKIP LOCKED
     )
     UPDATE webhook_deliveries w SET claimed_until = $3, claim_token = gen_random_uuid()
       FROM due
      WHERE w.id = due.id
     RETURNING w.id, w.claim_token, w.endpoint_id, w.event_id, w.attempts, w.next_attempt_at, w.first_attempt_at,
               due.under_test_clock, due.simulated_at, due.url, due.secret_sealed`,
    [now, limit, leaseUntil],
  );
  return rows;
}

/** The outbox event a delivery sends, as the outbox stores it. */
export type EventRow = StoredEventRow;

/** The outbox event a delivery sends, as stored. */
export async function readOutboxEvent(pool: pg.Pool, eventId: string): Promise<EventRow | undefined> {
  const { rows } = await pool.query<EventRow>(`SELECT id, account_id, event_type, event_name, source_id, data, data_version FROM outbox_events WHERE id = $1`, [eventId]);
  return rows[0];
}
