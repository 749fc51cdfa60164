import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { GroupCommitter, wireBatch, type BatchItem } from '../../src/platform/db/group-commit';
import { addEvent } from '../../src/platform/events/outbox';
// The events written here are the payouts area's: its names are declared where it declares them.
import '../../src/domain/wallet/payouts/event-names';
import { STALE, WriteSet } from '../../src/platform/writes/write-set';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The group commit's wire format (docs/performance.md, "Statements named once per batch"): each
 * statement text travels once per batch under its name, and PostgreSQL runs a name only as the text
 * it was given.
 */
let db: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const GUARD = `SELECT 'true'::jsonb WHERE $1::jsonb->>'v' = 'ok'`;
const ECHO = `SELECT jsonb_build_object('echo', $1::jsonb->>'v')`;

test('a batch carries each statement text once, and ops name it', () => {
  const items: BatchItem[] = [1, 2, 3].map((i) => ({
    ops: [
      { sql: GUARD, args: { v: 'ok' }, returns: true, refuse: 0 },
      { sql: ECHO, args: { v: String(i) }, returns: true },
    ],
  }));
  const [statements, wired] = wireBatch(items);
  const named = JSON.parse(statements) as Record<string, string>;
  expect(Object.values(named).sort()).toEqual([ECHO, GUARD].sort());
  const ops = (JSON.parse(wired) as { ops: { q: string; a: unknown; r: boolean; x?: number }[] }[]).map((i) => i.ops);
  expect(ops[2]).toEqual([
    { q: Object.keys(named).find((k) => named[k] === GUARD), a: { v: 'ok' }, r: true, x: 0 },
    { q: Object.keys(named).find((k) => named[k] === ECHO), a: { v: '3' }, r: true },
  ]);
});

test('concurrent items commit together, each with its own outcome', async () => {
  const commits = new GroupCommitter(pool, { lanes: 1, maxBatch: 256 });
  try {
    const outcomes = await Promise.all(
      ['ok', 'no', 'ok', 'ok', 'no'].map((v, i) =>
        commits.submit({
          ops: [
            { sql: GUARD, args: { v }, returns: true, refuse: 0 },
            { sql: ECHO, args: { v: `item ${i}` }, returns: true },
          ],
        }),
      ),
    );
    expect(outcomes).toEqual([
      { o: 'applied', rows: [true, { echo: 'item 0' }] },
      { o: 'refused', refusal: 0 },
      { o: 'applied', rows: [true, { echo: 'item 2' }] },
      { o: 'applied', rows: [true, { echo: 'item 3' }] },
      { o: 'refused', refusal: 0 },
    ]);
  } finally {
    await commits.close();
  }
});

test('a statement name that is not its text is refused, and nothing runs', async () => {
  const [statements, items] = wireBatch([{ ops: [{ sql: ECHO, args: { v: 'x' }, returns: true }] }]);
  const forged = JSON.stringify(Object.fromEntries(Object.keys(JSON.parse(statements) as object).map((k) => [k, `SELECT jsonb_build_object('forged', $1::jsonb)`])));
  await expect(pool.query('SELECT payrail_apply_batch($1::jsonb, $2::jsonb)', [forged, items])).rejects.toMatchObject({ code: '22023' });
  const wrongName = JSON.stringify({ [`payrail_${randomUUID().replace(/-/g, '')}`]: ECHO });
  await expect(pool.query('SELECT payrail_apply_batch($1::jsonb, $2::jsonb)', [wrongName, items])).rejects.toMatchObject({ code: '22023' });
});

test('collected rows (events) are inserted at the end of the batch for applied items only, in item order', async () => {
  const account = randomUUID();
  const commits = new GroupCommitter(pool, { lanes: 1, maxBatch: 256 });
  try {
    const verdicts = ['ok', 'ok', 'no', 'ok', 'no', 'ok'];
    const outcomes = await Promise.all(
      verdicts.map((v, i) => {
        const writes = new WriteSet();
        addEvent(writes, { accountId: account, eventName: 'payout.create.succeeded', sourceId: randomUUID(), data: { n: i }, at: new Date() });
        writes.require({ sql: GUARD, args: { v } }, STALE);
        writes.run({ sql: ECHO, args: { v: `item ${i}` }, returns: true });
        return commits.submit({ ops: writes.ops });
      }),
    );
    expect(outcomes.map((o) => o.o)).toEqual(['applied', 'applied', 'refused', 'applied', 'refused', 'applied']);
    // The collected op keeps its place in the item's rows.
    expect(outcomes[0]).toEqual({ o: 'applied', rows: [null, true, { echo: 'item 0' }] });
    const events = await pool.query<{ n: number }>(
      `SELECT (data->>'n')::int AS n FROM outbox_events WHERE account_id = $1 ORDER BY tx_id, seq`,
      [account],
    );
    expect(events.rows.map((r) => r.n)).toEqual([0, 1, 3, 5]);
  } finally {
    await commits.close();
  }
});
