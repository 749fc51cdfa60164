import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { FANOUT_READER, OUTBOX_BEHIND, outboxBehind } from '../../src/domain/webhooks/fanout';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

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
