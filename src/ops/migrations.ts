import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { StartupError } from '../platform/runtime/startup-error';
import { newClient } from '../platform/db/connections';
import { applyFunctionFile, applyFunctionFiles, ensureFunctionsTable, FunctionFileError, functionsDirBeside, pendingFunctionFiles, readFunctionFiles, triggerFunctionsNeeded, type FunctionFile } from './sql-functions';

/**
 * Applies prisma/migrations/<name>/migration.sql files, recording them in Prisma's own
 * `_prisma_migrations` table (same DDL, sha256 checksums), so `prisma migrate` tooling elsewhere
 * reads the history as its own. Prisma's CLI cannot run here (it wants a native engine from
 * outside npm); this runner needs only pg. After the migrations it applies the SQL function files
 * (prisma/functions, sql-functions.ts) that changed.
 */

/** Prisma's table, column for column (schema-engine sql-migration-connector, PostgreSQL flavour). */
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** The advisory lock key `prisma migrate` takes too, so our runner and Prisma's exclude each other. */
const ADVISORY_LOCK_KEY = 72707369;

/** A migration that cannot be applied, with what to do about it (start-up and db:deploy print both). */
export class MigrationError extends StartupError {
  override name = 'MigrationError';
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

/** `<repo>/prisma/migrations`, from src/ops (jest, tsx) as from dist/src/ops (compiled). */
export function defaultMigrationsDir(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    // dist/ may hold a copied package.json (resolveJsonModule), never a prisma/ folder.
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'prisma'))) {
      return path.join(dir, 'prisma', 'migrations');
    }
    if (dir === path.dirname(dir)) throw new Error(`no prisma/ folder above ${__dirname}`);
  }
}

export function checksum(sql: string | Buffer): string {
  return createHash('sha256').update(sql).digest('hex');
}

/** Migration folder names in name (= timestamp) order, as Prisma orders them. */
export function migrationNames(migrationsDir: string): string[] {
  if (!fs.existsSync(migrationsDir)) return [];
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** Every migration with its SQL and checksum. A folder without migration.sql is an error. */
export function readMigrations(migrationsDir: string): MigrationFile[] {
  return migrationNames(migrationsDir).map((name) => {
    const file = path.join(migrationsDir, name, 'migration.sql');
    if (!fs.existsSync(file)) throw new MigrationError(`migration ${name} has no migration.sql`, `restore ${file}, or remove the empty folder ${path.dirname(file)}`);
    const bytes = fs.readFileSync(file);
    return { name, sql: bytes.toString('utf8'), checksum: checksum(bytes) };
  });
}

export interface ApplyOptions {
  /**
   * The function files applied after the migrations. Default: `functions` beside a folder named
   * `migrations` (sql-functions.ts functionsDirBeside); null: none.
   */
  functionsDir?: string | null;
}

/** What a run applied: migration names, then function files (by function name). */
export interface AppliedChanges {
  migrations: string[];
  functions: string[];
}

/** applySchema's migrations: the names applied. */
export async function applyMigrations(databaseUrl: string, migrationsDir: string, opts: ApplyOptions = {}): Promise<string[]> {
  return (await applySchema(databaseUrl, migrationsDir, opts)).migrations;
}

/**
 * Applies every migration not yet applied, in name order, each in its own transaction together
 * with its `_prisma_migrations` row; then, in one more transaction, every function file whose
 * checksum differs from the one recorded. Concurrent callers (two servers starting) queue on an
 * advisory lock and the later one finds nothing to do. Throws when an applied migration's file
 * changed or an earlier (Prisma) run left a failed migration.
 *
 * Because each migration runs in a transaction, statements that refuse one (CREATE INDEX
 * CONCURRENTLY, ALTER SYSTEM, VACUUM) cannot appear in a migration.
 */
export async function applySchema(databaseUrl: string, migrationsDir: string, opts: ApplyOptions = {}): Promise<AppliedChanges> {
  const migrations = readMigrations(migrationsDir);
  const functionsDir = opts.functionsDir === undefined ? functionsDirBeside(migrationsDir) : opts.functionsDir;
  const functionFiles = functionsDir ? readFunctionFiles(functionsDir) : [];
  const client = newClient({ connectionString: databaseUrl });
  await client.connect();
  const applied: AppliedChanges = { migrations: [], functions: [] };
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
    await client.query(CREATE_TABLE);
    const done = await appliedRows(client);
    for (const m of migrations) {
      const rows = done.filter((r) => r.migration_name === m.name && r.rolled_back_at === null);
      const finished = rows.find((r) => r.finished_at !== null);
      if (finished) {
        if (finished.checksum !== m.checksum) {
          throw new MigrationError(
            `migration ${m.name} was modified after it was applied (checksum ${finished.checksum} in the database, ${m.checksum} on disk)`,
            `restore prisma/migrations/${m.name}/migration.sql as it was applied, and put the change into a new migration (npm run db:migrate -- <name>)`,
          );
        }
        continue;
      }
      if (rows.length > 0) {
        throw new MigrationError(
          `migration ${m.name} failed in an earlier run and is recorded as unfinished`,
          `repair the database, then mark that attempt rolled back (UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = '${m.name}' AND finished_at IS NULL) and start again`,
        );
      }
      const first = triggerFunctionsNeeded(m.sql, functionFiles);
      await applyOne(client, m, first);
      applied.migrations.push(m.name);
      applied.functions.push(...first.map((f) => f.name));
    }
    if (functionsDir) applied.functions.push(...(await applyFunctions(client, functionFiles)));
  } finally {
    // Ending the session also releases the advisory lock.
    await client.end();
  }
  return applied;
}

async function applyFunctions(client: pg.Client, files: FunctionFile[]): Promise<string[]> {
  try {
    return await applyFunctionFiles(client, files);
  } catch (error) {
    if (!(error instanceof FunctionFileError)) throw error;
    throw new MigrationError(
      error.message,
      `correct prisma/functions/${error.file}; a change CREATE OR REPLACE refuses (return type, argument names) needs a migration that drops the function first (the migrations were applied; no function file was)`,
      { cause: error },
    );
  }
}

/** `m` in a transaction with its row; first the function files its triggers need (sql-functions.ts). */
async function applyOne(client: pg.Client, m: MigrationFile, functionsFirst: FunctionFile[]): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, clock_timestamp(), 0)', [randomUUID(), m.checksum, m.name]);
    if (functionsFirst.length > 0) await ensureFunctionsTable(client);
    for (const f of functionsFirst) await applyFunctionFile(client, f);
    // No parameters: the simple query protocol runs the whole multi-statement script.
    await client.query(m.sql);
    await client.query('UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE migration_name = $1 AND finished_at IS NULL', [m.name]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      `migration ${m.name} failed and was rolled back: ${reason}`,
      `correct prisma/migrations/${m.name}/migration.sql, or the database objects it collides with, and start again (nothing of it was applied)`,
      { cause: error },
    );
  }
}

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/** What pg.Pool and pg.Client have in common, as far as we use it. */
interface Queryable {
  query<R extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<R>>;
}

async function appliedRows(db: Queryable): Promise<MigrationRow[]> {
  const { rows } = await db.query<MigrationRow>('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at');
  return rows;
}

/**
 * For /readyz and start-up warnings: migrations on disk not (successfully) applied, then function
 * files not applied as they are on disk (as `functions/<name>.sql`).
 */
export async function migrationStatus(db: pg.Pool | pg.Client, migrationsDir: string): Promise<{ pending: string[] }> {
  // Names only: this runs on every /readyz, no need to read and hash the migrations.
  const names = migrationNames(migrationsDir);
  const q: Queryable = db;
  const functionsDir = functionsDirBeside(migrationsDir);
  const functions = functionsDir ? (await pendingFunctionFiles(db, functionsDir)).map((n) => `functions/${n}.sql`) : [];
  const { rows } = await q.query<{ exists: boolean }>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS exists`);
  if (!rows[0]?.exists) return { pending: [...names, ...functions] };
  const done = new Set((await appliedRows(q)).filter((r) => r.finished_at !== null && r.rolled_back_at === null).map((r) => r.migration_name));
  return { pending: [...names.filter((n) => !done.has(n)), ...functions] };
}
