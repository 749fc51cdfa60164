import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { OUTBOX_START, outboxHead, readOutboxAfter, type OutboxCursor } from '../../src/platform/events/tail';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
let pool: pg.Pool;
const account = randomUUID();

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

async function insertEvent(client: pg.PoolClient | pg.Pool, name: string): Promise<string> {
  const id = randomUUID();
  await client.query(
    `INSERT INTO outbox_events (id, account_id, event_type, event_name, source_id, data, created_at) VALUES ($1, $2, 'PAYOUT', $3, $4, '{}', now())`,
    [id, account, name, randomUUID()],
  );
  return id;
}

async function drain(cursor: OutboxCursor): Promise<{ names: string[]; cursor: OutboxCursor }> {
  const names: string[] = [];
  for (;;) {
    const page = await readOutboxAfter(pool, cursor, 2, { accountIds: [account] });
    if (page.length === 0) return { names, cursor };
    names.push(...page.map((e) => e.eventName));
    cursor = page[page.length - 1]!.cursor;
  }
}

/**
 * Reads until `count` events have come. Transaction ids and snapshots are cluster-wide, so a
 * transaction of another test file's database holds this reader back until it ends: wait for it.
 */
async function drainUntil(cursor: OutboxCursor, count: number): Promise<{ names: string[]; cursor: OutboxCursor }> {
  const names: string[] = [];
  const deadline = Date.now() + 20_000;
  while (names.length < count && Date.now() < deadline) {
    const more = await drain(cursor);
    names.push(...more.names);
    cursor = more.cursor;
    if (names.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { names, cursor };
}

test('events of one transaction are read in the order it wrote them', async () => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const n of ['t.1', 't.2', 't.3', 't.4', 't.5']) await insertEvent(client, n);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  const { names } = await drainUntil(OUTBOX_START, 5);
  expect(names).toEqual(['t.1', 't.2', 't.3', 't.4', 't.5']);
});

test('an older transaction committing after a younger one is not skipped by a reader between the two commits', async () => {
  const start = await outboxHead(pool);
  const older = await pool.connect();
  const younger = await pool.connect();
  try {
    await older.query('BEGIN');
    await older.query('SELECT pg_current_xact_id()'); // takes its transaction id first
    await younger.query('BEGIN');
    await insertEvent(younger, 'young');
    await younger.query('COMMIT');

    // The younger event is committed, but the older transaction is still running: nothing is readable yet.
    const before = await drain(start);
    expect(before.names).toEqual([]);

    await insertEvent(older, 'old');
    await older.query('COMMIT');
    const after = await drainUntil(before.cursor, 2);
    expect(after.names).toEqual(['old', 'young']);
  } finally {
    older.release();
    younger.release();
  }
});

test('a reader starting at the head sees what commits after it started', async () => {
  const head = await outboxHead(pool);
  await insertEvent(pool, 'after-head');
  const { names } = await drainUntil(head, 1);
  expect(names).toEqual(['after-head']);
});

test('order is numeric, not textual, where the numbers gain a digit (seq 10^k - 1 -> 10^k)', async () => {
  const start = await outboxHead(pool);
  const client = await pool.connect();
  const names = Array.from({ length: 10 }, (_, i) => `d.${i}`);
  try {
    await client.query('BEGIN');
    // The next values are 10^k - 4 .. 10^k + 5, above every seq used so far: they gain a digit.
    await client.query(
      `SELECT setval(pg_get_serial_sequence('outbox_events', 'seq'), (10::numeric ^ (length((SELECT coalesce(max(seq), 0) FROM outbox_events)::text) + 1))::bigint - 5)`,
    );
    for (const n of names) await insertEvent(client, n);
    const { rows } = await client.query<{ seq: string }>(`SELECT seq::text AS seq FROM outbox_events WHERE event_name = ANY($1) ORDER BY seq::bigint`, [['d.0', 'd.9']]);
    // The ten rows straddle a power of ten, where text order and number order differ.
    expect(rows.map((r) => r.seq.length)).toEqual([rows[0]!.seq.length, rows[0]!.seq.length + 1]);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  const read = await drainUntil(start, names.length);
  expect(read.names.filter((n) => n.startsWith('d.'))).toEqual(names);
});
