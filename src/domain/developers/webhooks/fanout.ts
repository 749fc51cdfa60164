import type pg from 'pg';
import { readOutboxAfter, type TailedEvent } from '../../../platform/events/tail';

/**
 * The fan-out: reads the outbox after the persisted cursor and inserts one PENDING delivery per
 * event x matching ENABLED endpoint, advancing the cursor in the same transaction. The cursor row is
 * locked (SKIP LOCKED: a second worker simply finds nothing to do), so each event is fanned out
 * exactly once whatever the number of workers, and a crash rolls back deliveries and cursor together.
 *
 * An event matches the endpoints of its own account and of that account's master, that are ENABLED,
 * subscribed to its name (or to every event), and were created by a transaction older than the
 * event's: an endpoint created later does not receive earlier events.
 */

export const FANOUT_READER = 'webhooks';
const BATCH = 500;

async function fanOutBatch(pool: pg.Pool, now: Date): Promise<{ events: number; deliveries: number }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const cursorRows = await client.query<{ tx_id: string; seq: string }>(
      `SELECT tx_id::text AS tx_id, seq::text AS seq FROM outbox_readers WHERE name = $1 FOR UPDATE SKIP LOCKED`,
      [FANOUT_READER],
    );
    const cursor = cursorRows.rows[0];
    if (!cursor) {
      await client.query('ROLLBACK');
      return { events: 0, deliveries: 0 };
    }
    // Routing needs no payloads: a delivery reads its event's body when it is sent.
    const events = await readOutboxAfter(client, { txId: cursor.tx_id, seq: cursor.seq }, BATCH, {}, { withData: false });
    if (events.length === 0) {
      await client.query('ROLLBACK');
      return { events: 0, deliveries: 0 };
    }
    const inserted = await insertDeliveries(client, events, now);
    const last = events[events.length - 1]!.cursor;
    await client.query(`UPDATE outbox_readers SET tx_id = $2::xid8, seq = $3::bigint, updated_at = $4 WHERE name = $1`, [FANOUT_READER, last.txId, last.seq, now]);
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

/** Fans out everything readable now; answers the number of deliveries created. */
export async function fanOut(pool: pg.Pool, now: Date): Promise<number> {
  // Named: the worker runs it after every group-commit batch, and a named statement is planned once per connection.
  const skip = await pool.query<{ skipped: boolean }>({ name: 'payrail_webhooks_skip', text: SKIP_WITHOUT_ENDPOINTS, values: [FANOUT_READER, now] });
  if (skip.rows[0]?.skipped === true) return 0;
  let deliveries = 0;
  for (;;) {
    const batch = await fanOutBatch(pool, now);
    deliveries += batch.deliveries;
    if (batch.events < BATCH) return deliveries;
  }
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

/**
 * Whether the outbox holds events past the cursor: committed but not yet readable (an older
 * transaction is still running), or not yet fanned out. The pump looks again shortly when so, rather
 * than wait for the next NOTIFY or poll.
 */
export async function outboxBehind(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ behind: boolean }>({ name: 'payrail_webhooks_behind', text: OUTBOX_BEHIND, values: [FANOUT_READER] });
  return rows[0]?.behind ?? false;
}

/**
 * Whether any endpoint is ENABLED: a read, with no transaction id and nothing to flush at its commit.
 * The worker asks it on every wake-up; with no endpoint, the fan-out has nothing to route, and its
 * cursor move (a write, whose commit waits for a WAL flush) can wait for a later wake-up
 * (src/jobs/webhook-pump.ts).
 */
export async function anyEndpointEnabled(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ enabled: boolean }>({
    name: 'payrail_webhooks_enabled',
    text: `SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE status = 'ENABLED') AS enabled`,
  });
  return rows[0]?.enabled ?? false;
}
