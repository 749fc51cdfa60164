import type pg from 'pg';
import { endpointEnabled, fanOutBatch, readerBehind, skipWithoutEndpoints } from './store';

export { OUTBOX_BEHIND } from './store';

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

/** Fans out everything readable now; answers the number of deliveries created. */
export async function fanOut(pool: pg.Pool, now: Date): Promise<number> {
  if (await skipWithoutEndpoints(pool, FANOUT_READER, now)) return 0;
  let deliveries = 0;
  for (;;) {
    const batch = await fanOutBatch(pool, FANOUT_READER, BATCH, now);
    deliveries += batch.deliveries;
    if (batch.events < BATCH) return deliveries;
  }
}

/**
 * Whether the outbox holds events past the cursor: committed but not yet readable (an older
 * transaction is still running), or not yet fanned out. The pump looks again shortly when so, rather
 * than wait for the next NOTIFY or poll.
 */
export async function outboxBehind(pool: pg.Pool): Promise<boolean> {
  return readerBehind(pool, FANOUT_READER);
}

/**
 * Whether any endpoint is ENABLED: a read, with no transaction id and nothing to flush at its commit.
 * The worker asks it on every wake-up; with no endpoint, the fan-out has nothing to route, and its
 * cursor move (a write, whose commit waits for a WAL flush) can wait for a later wake-up
 * (src/jobs/webhook-pump.ts).
 */
export async function anyEndpointEnabled(pool: pg.Pool): Promise<boolean> {
  return endpointEnabled(pool);
}
