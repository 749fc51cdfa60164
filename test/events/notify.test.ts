import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { OUTBOX_CHANNEL } from '../../src/platform/events/tail';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf } from '../support/client';
import { makeMaster } from '../support/tenants';
import { depositBody } from '../wallet/deposits/fixtures';

/**
 * Readers wake on `payrail_outbox`. A group-commit batch (the money path) does not NOTIFY inside its
 * transaction — PostgreSQL serialises notifying commits — but right after it committed; every other
 * writer's NOTIFY comes from the outbox trigger at its commit.
 */
let t: TestApp;
let listener: pg.Client;
const received: pg.Notification[] = [];
let arrived: () => void = () => undefined;

beforeAll(async () => {
  t = await startTestApp();
  listener = new pg.Client(t.db.pool.options);
  await listener.connect();
  listener.on('notification', (n) => {
    if (n.channel !== OUTBOX_CHANNEL) return;
    received.push(n);
    arrived();
  });
  await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
});
afterAll(async () => {
  await listener.end();
  await t.close();
});

/** The next notification (the test's own writes are the only ones in its database). */
function next(): Promise<pg.Notification> {
  const seen = received.length;
  return new Promise((resolve) => {
    arrived = () => {
      if (received.length > seen) resolve(received[seen]!);
    };
    arrived();
  });
}

async function insertEvent(client: pg.PoolClient, marked: boolean): Promise<void> {
  await client.query('BEGIN');
  if (marked) await client.query(`SELECT set_config('payrail.outbox_notify', 'after_commit', true)`);
  await client.query(
    `INSERT INTO outbox_events (id, account_id, event_type, event_name, source_id, data, created_at) VALUES ($1, $2, 'PAYOUT', 'payout.create.succeeded', $3, '{}', now())`,
    [randomUUID(), randomUUID(), randomUUID()],
  );
  await client.query('COMMIT');
}

test('a transaction marked as a group-commit batch leaves the NOTIFY to after its commit; others notify from the trigger', async () => {
  const marked = await t.db.pool.connect();
  const plain = await t.db.pool.connect();
  try {
    const plainPid = (await plain.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const first = next();
    await insertEvent(marked, true);
    await insertEvent(plain, false);
    // Notifications arrive in commit order: had the marked transaction notified, its would come first.
    expect((await first).processId).toBe(plainPid);
  } finally {
    marked.release();
    plain.release();
  }
});

test('a money-moving request through the group commit wakes the readers once it has committed', async () => {
  const tenant = await makeMaster(t.services, { name: 'Notified' });
  const c = await clientOf(t, tenant);
  const woken = next();
  // A deposit commits through the group commit: its batch is marked, so this wake-up can only be the
  // post-commit one (without it the test would wait forever).
  const res = await c.post('/v1/simulation/deposit', depositBody());
  expect(res.status).toBe(200);
  const n = await woken;
  expect(n.channel).toBe(OUTBOX_CHANNEL);
  const events = await t.db.pool.query('SELECT count(*)::int AS n FROM outbox_events WHERE source_id = $1', [res.body.deposit_id]);
  expect(events.rows[0].n).toBeGreaterThan(0);
});
