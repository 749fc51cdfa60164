import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, defaultMigrationsDir, migrationStatus } from '../../src/ops/migrations';
import { diffEmptyToSchema, diffMigrationsToSchema } from '../../src/ops/schema-engine';
import { adminUrl, createTestDatabase, withClient, type TestDatabase } from '../support/test-database';

const migrationsDir = defaultMigrationsDir();
const schemaPath = path.join(path.dirname(migrationsDir), 'schema.prisma');
const realNames = fs.readdirSync(migrationsDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const tmpDirs: string[] = [];
const databases: TestDatabase[] = [];

/** The real migrations plus two later ones, in a scratch folder the test may modify. */
function scratchMigrations(): { dir: string; names: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-migrations-'));
  tmpDirs.push(dir);
  fs.cpSync(migrationsDir, dir, { recursive: true });
  const extra: Record<string, string> = {
    '99990101000000_extra_a': 'CREATE TABLE extra_a (id int PRIMARY KEY);\nINSERT INTO extra_a VALUES (1);\n',
    '99990101000001_extra_b': 'CREATE TABLE extra_b (a_id int REFERENCES extra_a (id));\nINSERT INTO extra_b VALUES (1);\n',
  };
  for (const [name, sql] of Object.entries(extra)) {
    fs.mkdirSync(path.join(dir, name));
    fs.writeFileSync(path.join(dir, name, 'migration.sql'), sql);
  }
  return { dir, names: [...realNames, ...Object.keys(extra)] };
}

async function emptyDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase({ empty: true });
  databases.push(db);
  return db;
}

interface Row {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
}
const rowsOf = (url: string) => withClient(url, async (c) => (await c.query<Row>('SELECT * FROM _prisma_migrations ORDER BY migration_name')).rows);

afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('schema.prisma and prisma/migrations', () => {
  it('has at least one migration and a migration_lock.toml for postgresql', () => {
    expect(realNames.length).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(migrationsDir, 'migration_lock.toml'), 'utf8')).toMatch(/provider = "postgresql"/);
  });

  it('do not drift: replaying the migrations yields exactly the schema, but for the journal lines\' keys', async () => {
    const sql = await diffMigrationsToSchema({ shadowDatabaseUrl: adminUrl(), migrationsDir, schemaPath });
    // Prisma's schema keeps the journal lines' relations (queries filter and include through them);
    // the database has no foreign keys there on purpose: migration journal_lines_referenced_by_construction.
    const statements = sql.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('--'));
    expect(statements).toEqual([
      'ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "journal_entries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;',
      'ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_ledger_account_id_fkey" FOREIGN KEY ("ledger_account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;',
    ]);
  });

  it('the drift check is not vacuous: a schema change shows up as SQL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-schema-'));
    tmpDirs.push(dir);
    const changed = fs.readFileSync(schemaPath, 'utf8').replace(/(model Account \{\n)/, '$1  driftProbe String? @map("drift_probe")\n');
    fs.writeFileSync(path.join(dir, 'schema.prisma'), changed);
    const sql = await diffMigrationsToSchema({ shadowDatabaseUrl: adminUrl(), migrationsDir, schemaPath: path.join(dir, 'schema.prisma') });
    expect(sql).toMatch(/ALTER TABLE "accounts" ADD COLUMN\s+"drift_probe" TEXT/);
  });

  it('diffEmptyToSchema needs no database and creates every table', async () => {
    const sql = await diffEmptyToSchema(schemaPath);
    for (const table of ['accounts', 'access_profiles', 'api_keys', 'idempotency_keys']) expect(sql).toContain(`CREATE TABLE "${table}"`);
  });
});

describe('applyMigrations', () => {
  it('the test template already holds every migration', async () => {
    const db = await createTestDatabase();
    databases.push(db);
    await expect(applyMigrations(db.url, migrationsDir)).resolves.toEqual([]);
    const pool = new pg.Pool({ connectionString: db.url });
    try {
      await expect(migrationStatus(pool, migrationsDir)).resolves.toEqual({ pending: [] });
    } finally {
      await pool.end();
    }
  });

  it('applies in name order, records Prisma rows with sha256 checksums, and is idempotent', async () => {
    const { dir, names } = scratchMigrations();
    const db = await emptyDatabase();
    await withClient(db.url, async (c) => expect(await migrationStatus(c, dir)).toEqual({ pending: names }));

    await expect(applyMigrations(db.url, dir)).resolves.toEqual(names);
    await expect(applyMigrations(db.url, dir)).resolves.toEqual([]);

    const rows = await rowsOf(db.url);
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const row of rows) {
      expect(row.checksum).toBe(sha256(path.join(dir, row.migration_name, 'migration.sql')));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
    await withClient(db.url, async (c) => {
      expect(await migrationStatus(c, dir)).toEqual({ pending: [] });
      expect((await c.query('SELECT count(*)::int AS n FROM extra_b')).rows[0]).toEqual({ n: 1 });
    });
  });

  it('two concurrent runners apply each migration exactly once', async () => {
    const { dir, names } = scratchMigrations();
    const db = await emptyDatabase();
    const results = await Promise.all([applyMigrations(db.url, dir), applyMigrations(db.url, dir), applyMigrations(db.url, dir)]);
    expect(results.flat().sort()).toEqual(names);
    const rows = await rowsOf(db.url);
    expect(rows.map((r) => r.migration_name)).toEqual(names);
  });

  it('refuses to continue when an applied migration was edited', async () => {
    const { dir, names } = scratchMigrations();
    const db = await emptyDatabase();
    await applyMigrations(db.url, dir);
    fs.appendFileSync(path.join(dir, names[0]!, 'migration.sql'), '\n-- edited afterwards\n');
    fs.mkdirSync(path.join(dir, '99990101000002_later'));
    fs.writeFileSync(path.join(dir, '99990101000002_later', 'migration.sql'), 'CREATE TABLE later (id int);\n');
    await expect(applyMigrations(db.url, dir)).rejects.toThrow(`migration ${names[0]} was modified after it was applied`);
    // Nothing after the edited migration ran.
    expect((await rowsOf(db.url)).map((r) => r.migration_name)).toEqual(names);
  });

  it('rolls back a failing migration together with its row', async () => {
    const { dir, names } = scratchMigrations();
    const db = await emptyDatabase();
    fs.mkdirSync(path.join(dir, '99990101000002_broken'));
    fs.writeFileSync(path.join(dir, '99990101000002_broken', 'migration.sql'), 'CREATE TABLE half_done (id int);\nSELECT no_such_function();\n');
    await expect(applyMigrations(db.url, dir)).rejects.toThrow(/migration 99990101000002_broken failed and was rolled back/);
    expect((await rowsOf(db.url)).map((r) => r.migration_name)).toEqual(names);
    await withClient(db.url, async (c) => {
      expect((await c.query(`SELECT to_regclass('half_done') AS t`)).rows[0]).toEqual({ t: null });
      expect(await migrationStatus(c, dir)).toEqual({ pending: ['99990101000002_broken'] });
    });
  });
});
