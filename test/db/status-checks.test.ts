import { defaultMigrationsDir, readMigrations } from '../../src/ops/migrations';
import { checkName, statusColumn } from '../../src/platform/lifecycle/status-columns';
import { declaredStatusColumns, establishedChecks, nextMigrationName, pendingStatements } from '../../scripts/status-checks';
import { createTestDatabase, withClient, type TestDatabase } from '../support/test-database';

/**
 * Every status column an area (its area.ts) or the platform declares is held to its domain array by
 * a CHECK constraint that npm run sql:checks generated from that array.
 */
const declared = declaredStatusColumns();

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

interface Found {
  name: string;
  table: string;
  columns: string[];
  definition: string;
}

async function checksInDatabase(): Promise<Found[]> {
  return withClient(db.url, async (c) =>
    (
      await c.query<Found>(`
        SELECT con.conname AS name, rel.relname AS "table", pg_get_constraintdef(con.oid) AS definition,
               ARRAY(SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = con.conrelid AND a.attnum = ANY (con.conkey)) AS columns
        FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid JOIN pg_namespace n ON n.oid = rel.relnamespace
        WHERE con.contype = 'c' AND n.nspname = current_schema()`)
    ).rows,
  );
}

describe('status columns', () => {
  it('are declared for the lifecycles and the other closed sets of every area', () => {
    const names = declared.map((c) => `${c.table}.${c.column}`);
    expect(names).toEqual(expect.arrayContaining(['payouts.status', 'payment_payouts.status', 'refunds.status', 'payment_intents.status', 'cards.order_status', 'scheduled_transitions.status']));
    expect(names.length).toBeGreaterThanOrEqual(27);
  });

  it('the migrations establish every declared constraint as declared: npm run sql:checks has nothing to write', () => {
    expect(pendingStatements(declared, establishedChecks(readMigrations(defaultMigrationsDir())))).toEqual([]);
  });

  it('each has, in the migrated database, a CHECK on that column allowing exactly its array', async () => {
    const found = await checksInDatabase();
    const byName = new Map(found.map((f) => [f.name, f]));
    const mismatches = declared.flatMap((c) => {
      const f = byName.get(checkName(c));
      if (!f) return [`${c.table}.${c.column}: no constraint`];
      const values = [...f.definition.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]);
      const ok = f.table === c.table && f.columns.length === 1 && f.columns[0] === c.column && JSON.stringify(values) === JSON.stringify(c.values);
      return ok ? [] : [`${c.table}.${c.column}: ${f.table}(${f.columns.join(',')}) ${f.definition}`];
    });
    expect(mismatches).toEqual([]);
  });

  it('refuses a value outside the array', async () => {
    await withClient(db.url, async (c) => {
      await expect(c.query(`INSERT INTO scheduled_transitions (id, account_id, root_account_id, kind, subject_id, due_at, status, attempts, created_at)
        VALUES (gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'k', gen_random_uuid(), now(), 'LATER', 0, now())`)).rejects.toThrow(/scheduled_transitions_status_check/);
    });
  });
});

describe('npm run sql:checks', () => {
  const payouts = statusColumn('payouts', 'status', ['A', 'B']);

  it('writes a new constraint, replaces a changed one and drops one no longer declared', () => {
    const established = new Map([[checkName(payouts), payouts], ['gone_status_check', statusColumn('gone', 'status', ['X'])]]);
    expect(pendingStatements([payouts], established)).toEqual(['ALTER TABLE "gone" DROP CONSTRAINT IF EXISTS "gone_status_check";']);
    expect(pendingStatements([statusColumn('payouts', 'status', ['A', 'B', "C'D"])], new Map([[checkName(payouts), payouts]]))).toEqual([
      'ALTER TABLE "payouts" DROP CONSTRAINT IF EXISTS "payouts_status_check";',
      `ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_check" CHECK ("status" IN ('A', 'B', 'C''D'));`,
    ]);
  });

  it('names its migration to sort after the last one', () => {
    expect(nextMigrationName(['20261201010000_outbox_data_version_default'], 'status_checks')).toBe('20261201020000_status_checks');
    expect(nextMigrationName(['20261231233000_x'], 'status_checks')).toBe('20270101003000_status_checks');
  });
});
