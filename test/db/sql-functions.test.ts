import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applySchema, defaultMigrationsDir, migrationNames, migrationStatus } from '../../src/ops/migrations';
import { defaultFunctionsDir, readFunctionFiles } from '../../src/ops/sql-functions';
import { ROW_INSERTED_TABLES } from '../../src/domain/areas';
import { generatedFunctionFiles, insertRowFunction } from '../../scripts/sql-functions';
import { createTestDatabase, withClient, type TestDatabase } from '../support/test-database';

/**
 * Every SQL function has one live definition, in prisma/functions/<name>.sql; migrations hold DDL and
 * data only; the runner applies a function file whenever its checksum differs from the recorded one.
 */

/** The last migration from before function files: no later migration may define a function. */
const LAST_MIGRATION_WITH_FUNCTIONS = '20261129400000_card_reveals_by_key';

const migrationsDir = defaultMigrationsDir();
const functionsDir = defaultFunctionsDir();
const files = readFunctionFiles(functionsDir);

const withoutComments = (sql: string) => sql.replace(/--[^\n]*/g, '');
const DEFINES_FUNCTION = /\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE)\s+("?[\w.]+"?)/gi;
const definedIn = (sql: string) => [...withoutComments(sql).matchAll(DEFINES_FUNCTION)].map((m) => m[1]!.replace(/"/g, ''));
/** The body between the first `$$` and the last: what PostgreSQL keeps as prosrc. */
const bodyOf = (sql: string) => sql.slice(sql.indexOf('$$') + 2, sql.lastIndexOf('$$'));

const tmpDirs: string[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of prisma/migrations and prisma/functions that a test may change. */
function scratchPrisma(): { migrations: string; functions: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-prisma-'));
  tmpDirs.push(root);
  const migrations = path.join(root, 'migrations');
  const functions = path.join(root, 'functions');
  fs.cpSync(migrationsDir, migrations, { recursive: true });
  fs.cpSync(functionsDir, functions, { recursive: true });
  return { migrations, functions };
}

async function emptyDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase({ empty: true });
  databases.push(db);
  return db;
}

describe('prisma/functions', () => {
  it('holds one function a file, named as its file, created or replaced, under a header saying what it is for', () => {
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      expect({ file: f.name, defines: definedIn(f.sql) }).toEqual({ file: f.name, defines: [f.name] });
      expect(withoutComments(f.sql)).toMatch(new RegExp(`^\\s*CREATE OR REPLACE FUNCTION ${f.name}\\(`));
      expect(f.sql.startsWith(`-- ${f.name}(`)).toBe(true);
    }
  });

  it('generated files are what their generator writes (npm run sql:functions)', () => {
    for (const [name, sql] of Object.entries(generatedFunctionFiles())) {
      expect({ name, sql: fs.readFileSync(path.join(functionsDir, name), 'utf8') }).toEqual({ name, sql });
    }
  });

  it('payrail_insert_row has a static INSERT for each table of ROW_INSERTED_TABLES, in its order, and dynamic SQL for any other', () => {
    const sql = fs.readFileSync(path.join(functionsDir, 'payrail_insert_row.sql'), 'utf8');
    const tested = [...sql.matchAll(/(?:IF|ELSIF) t = '(\w+)' THEN/g)].map((m) => m[1]);
    expect(tested).toEqual([...ROW_INSERTED_TABLES]);
    expect(bodyOf(insertRowFunction(['a_table']))).toMatch(/IF t = 'a_table' THEN[\s\S]*ELSIF skip_conflict THEN\s+EXECUTE format/);
    expect(() => insertRowFunction(['payouts; DROP TABLE x'])).toThrow(/not a plain table name/);
  });
});

describe('migrations hold DDL and data only', () => {
  it(`no migration after ${LAST_MIGRATION_WITH_FUNCTIONS} defines a function`, () => {
    const names = migrationNames(migrationsDir);
    expect(names).toContain(LAST_MIGRATION_WITH_FUNCTIONS);
    const later = names.filter((n) => n > LAST_MIGRATION_WITH_FUNCTIONS);
    const defining = later.filter((n) => definedIn(fs.readFileSync(path.join(migrationsDir, n, 'migration.sql'), 'utf8')).length > 0);
    expect(defining).toEqual([]);
  });

  it('the check is not vacuous: it finds the functions the earlier migrations define', () => {
    const earlier = migrationNames(migrationsDir).filter((n) => n <= LAST_MIGRATION_WITH_FUNCTIONS);
    const found = new Set(earlier.flatMap((n) => definedIn(fs.readFileSync(path.join(migrationsDir, n, 'migration.sql'), 'utf8'))));
    for (const f of files) expect(found).toContain(f.name);
    expect(definedIn('-- CREATE FUNCTION commented_out()\nCREATE  or replace\n FUNCTION "quoted"() RETURNS void')).toEqual(['quoted']);
  });
});

interface LiveFunction {
  name: string;
  signature: string;
  body: string;
}

const liveFunctions = (url: string) =>
  withClient(url, async (c) => {
    // Functions of the public schema, but for those an extension brings.
    const { rows } = await c.query<LiveFunction>(
      `SELECT p.proname AS name, p.oid::regprocedure::text AS signature, p.prosrc AS body
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
        ORDER BY 2`,
    );
    return rows;
  });

const recorded = (url: string) =>
  withClient(url, async (c) => (await c.query<{ name: string; checksum: string }>('SELECT name, checksum FROM payrail_sql_functions ORDER BY name')).rows);

describe('a migrated database', () => {
  it("holds exactly the files' functions, as the files define them, with their checksums recorded", async () => {
    const db = await createTestDatabase();
    databases.push(db);
    const live = await liveFunctions(db.url);
    expect(live.map((f) => f.name).sort()).toEqual(files.map((f) => f.name).sort());
    for (const f of files) {
      expect({ name: f.name, body: live.find((l) => l.name === f.name)!.body }).toEqual({ name: f.name, body: bodyOf(f.sql) });
    }
    expect(await recorded(db.url)).toEqual(files.map((f) => ({ name: f.name, checksum: f.checksum })));
    // The superseded entry points are gone.
    expect(live.map((f) => f.signature)).not.toContain('payrail_apply(jsonb)');
    expect(live.map((f) => f.signature)).not.toContain('payrail_apply_batch(jsonb)');
  });
});

describe('the runner and the function files', () => {
  it('applies every file once, then a file again only when its checksum changed; /readyz reports it meanwhile', async () => {
    const dir = scratchPrisma();
    const db = await emptyDatabase();
    const first = await applySchema(db.url, dir.migrations);
    expect(first.migrations).toEqual(migrationNames(migrationsDir));
    expect(first.functions).toEqual(files.map((f) => f.name));
    expect(await applySchema(db.url, dir.migrations)).toEqual({ migrations: [], functions: [] });

    const file = path.join(dir.functions, 'payrail_auth_notify.sql');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("pg_notify('payrail_auth', '')", "pg_notify('payrail_auth', 'changed')"));
    await withClient(db.url, async (c) => expect(await migrationStatus(c, dir.migrations)).toEqual({ pending: ['functions/payrail_auth_notify.sql'] }));

    expect(await applySchema(db.url, dir.migrations)).toEqual({ migrations: [], functions: ['payrail_auth_notify'] });
    const live = await liveFunctions(db.url);
    expect(live.find((f) => f.name === 'payrail_auth_notify')!.body).toContain("'changed'");
    const sha = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    expect((await recorded(db.url)).find((r) => r.name === 'payrail_auth_notify')!.checksum).toBe(sha);
  });

  it('concurrent runners apply each file exactly once', async () => {
    const dir = scratchPrisma();
    const db = await emptyDatabase();
    const results = await Promise.all([applySchema(db.url, dir.migrations), applySchema(db.url, dir.migrations), applySchema(db.url, dir.migrations)]);
    expect(results.flatMap((r) => r.functions).sort()).toEqual(files.map((f) => f.name).sort());
  });

  it('a file PostgreSQL refuses rolls back every file of the run, and says which one', async () => {
    const dir = scratchPrisma();
    const db = await emptyDatabase();
    await applySchema(db.url, dir.migrations, { functionsDir: null });
    fs.writeFileSync(path.join(dir.functions, 'payrail_zz_broken.sql'), '-- payrail_zz_broken(): broken\nCREATE OR REPLACE FUNCTION payrail_zz_broken() RETURNS int LANGUAGE sql AS $$ SELECT no_such_column FROM accounts $$;\n');
    await expect(applySchema(db.url, dir.migrations)).rejects.toThrow(/function file payrail_zz_broken\.sql failed and was rolled back/);
    await withClient(db.url, async (c) => {
      expect((await c.query(`SELECT to_regclass('payrail_sql_functions') AS t`)).rows[0]).toEqual({ t: null });
    });
    const pending = (await withClient(db.url, (c) => migrationStatus(c, dir.migrations))).pending;
    expect(pending).toEqual([...files.map((f) => `functions/${f.name}.sql`), 'functions/payrail_zz_broken.sql']);
  });

  it("a later migration's trigger gets the function file it executes applied first, in the migration's transaction", async () => {
    const dir = scratchPrisma();
    fs.writeFileSync(
      path.join(dir.functions, 'payrail_zz_probe_stamp.sql'),
      '-- payrail_zz_probe_stamp(): a probe\nCREATE OR REPLACE FUNCTION payrail_zz_probe_stamp() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  NEW.n := 42;\n  RETURN NEW;\nEND\n$$;\n',
    );
    const later = '99990101000000_probe_trigger';
    fs.mkdirSync(path.join(dir.migrations, later));
    fs.writeFileSync(
      path.join(dir.migrations, later, 'migration.sql'),
      'CREATE TABLE zz_probe (n int);\nCREATE TRIGGER zz_probe_stamp BEFORE INSERT ON zz_probe FOR EACH ROW EXECUTE FUNCTION payrail_zz_probe_stamp();\n',
    );
    const db = await emptyDatabase();
    const applied = await applySchema(db.url, dir.migrations);
    expect(applied.migrations).toContain(later);
    // Applied once, before the migration; the pass after the migrations found it current.
    expect(applied.functions.filter((n) => n === 'payrail_zz_probe_stamp')).toHaveLength(1);
    expect(applied.functions.sort()).toEqual([...files.map((f) => f.name), 'payrail_zz_probe_stamp'].sort());
    await withClient(db.url, async (c) => {
      expect((await c.query('INSERT INTO zz_probe VALUES (1) RETURNING n')).rows).toEqual([{ n: 42 }]);
    });
  });

  it('a copy of some migrations under another folder name gets no function files', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-before-'));
    tmpDirs.push(root);
    const names = migrationNames(migrationsDir).slice(0, 3);
    for (const n of names) fs.cpSync(path.join(migrationsDir, n), path.join(root, n), { recursive: true });
    const db = await emptyDatabase();
    expect(await applySchema(db.url, root)).toEqual({ migrations: names, functions: [] });
  });
});
