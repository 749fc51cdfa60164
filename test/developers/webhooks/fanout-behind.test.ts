import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { anyEndpointEnabled, FANOUT_READER, fanOut, OUTBOX_BEHIND, outboxBehind } from '../../../src/domain/developers/webhooks/fanout';
import { UnroutedSkips } from '../../../src/jobs/webhook-pump';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

/**
 * The webhook pump asks, after each fan-out, whether the outbox holds events past its cursor. The
 * outbox only grows, so the question must be answered from the (tx_id, seq) index, not by comparing
 * every event ever written with the cursor.
 */
let db: TestDatabase;
let pool: pg.Pool;
const account = randomUUID();

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  await pool.query(
    `INSERT INTO outbox_events (id, account_id, event_type, event_name, source_id, data, created_at)
     SELECT gen_random_uuid(), $1, 'PAYOUT', 'payout.create.succeeded', gen_random_uuid(), '{}', now() FROM generate_series(1, 5000)`,
    [account],
  );
  await pool.query('ANALYZE outbox_events');
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const moveCursorToLast = () =>
  pool.query(
    `UPDATE outbox_readers SET (tx_id, seq) = (SELECT tx_id, seq FROM outbox_events ORDER BY tx_id DESC, seq DESC LIMIT 1) WHERE name = $1`,
    [FANOUT_READER],
  );

test('answers whether events lie past the fan-out cursor', async () => {
  expect(await outboxBehind(pool)).toBe(true);
  await moveCursorToLast();
  expect(await outboxBehind(pool)).toBe(false);
  await pool.query(
    `INSERT INTO outbox_events (id, account_id, event_type, event_name, source_id, data, created_at)
     VALUES (gen_random_uuid(), $1, 'PAYOUT', 'payout.create.succeeded', gen_random_uuid(), '{}', now())`,
    [account],
  );
  expect(await outboxBehind(pool)).toBe(true);
});

test('reads the outbox through its (tx_id, seq) index, never scanning every event', async () => {
  await moveCursorToLast();
  const { rows } = await pool.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${OUTBOX_BEHIND}`, [FANOUT_READER]);
  const plan = JSON.stringify(rows[0]!['QUERY PLAN']);
  const outboxScans = [...plan.matchAll(/"Node Type":"([^"]+)"[^{}]*?"Relation Name":"outbox_events"/g)].map((m) => m[1]);
  expect(outboxScans.length).toBeGreaterThan(0);
  expect(outboxScans).not.toContain('Seq Scan');
});

test('with no ENABLED endpoint a fan-out moves the cursor past every readable event and creates no delivery', async () => {
  const before = await pool.query<{ tx_id: string; seq: string }>(`SELECT tx_id::text, seq::text FROM outbox_readers WHERE name = $1`, [FANOUT_READER]);
  await pool.query(
    `INSERT INTO outbox_events (id, account_id, event_type, event_name, source_id, data, created_at)
     VALUES (gen_random_uuid(), $1, 'PAYOUT', 'payout.create.succeeded', gen_random_uuid(), '{}', now())`,
    [account],
  );
  const last = await pool.query<{ tx_id: string; seq: string }>(`SELECT tx_id::text, seq::text FROM outbox_events ORDER BY tx_id DESC, seq DESC LIMIT 1`);
  // Snapshots are cluster-wide: another test file's open transaction can keep the event unreadable a moment.
  let after = before;
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    expect(await fanOut(pool, new Date())).toBe(0);
    after = await pool.query<{ tx_id: string; seq: string }>(`SELECT tx_id::text, seq::text FROM outbox_readers WHERE name = $1`, [FANOUT_READER]);
    if (after.rows[0]?.tx_id === last.rows[0]?.tx_id && after.rows[0]?.seq === last.rows[0]?.seq) break;
  }
  expect(after.rows[0]).toEqual(last.rows[0]);
  expect(after.rows[0]).not.toEqual(before.rows[0]);
  expect(await outboxBehind(pool)).toBe(false);
  const deliveries = await pool.query(`SELECT 1 FROM webhook_deliveries`);
  expect(deliveries.rowCount).toBe(0);
});

test('tells whether any endpoint is ENABLED (a DISABLED one routes nothing)', async () => {
  expect(await anyEndpointEnabled(pool)).toBe(false);
  const endpoint = randomUUID();
  await pool.query(
    `INSERT INTO webhook_endpoints (id, account_id, url, all_events, secret_sealed, status, created_at, updated_at)
     VALUES ($1, $2, 'http://127.0.0.1:9/hook', true, 'sealed', 'DISABLED', now(), now())`,
    [endpoint, account],
  );
  expect(await anyEndpointEnabled(pool)).toBe(false);
  await pool.query(`UPDATE webhook_endpoints SET status = 'ENABLED' WHERE id = $1`, [endpoint]);
  expect(await anyEndpointEnabled(pool)).toBe(true);
  await pool.query(`DELETE FROM webhook_endpoints WHERE id = $1`, [endpoint]);
});

test('with no ENABLED endpoint the worker moves the cursor at most once per interval; with one, on every wake-up', () => {
  let now = 0;
  const skips = new UnroutedSkips(1000, () => now);
  expect(skips.due(false)).toBe(true);
  skips.moved();
  now = 999;
  expect(skips.due(false)).toBe(false);
  expect(skips.due(true)).toBe(true);
  now = 1000;
  expect(skips.due(false)).toBe(true);
  skips.moved();
  expect(skips.due(false)).toBe(false);
});
