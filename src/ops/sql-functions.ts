import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/**
 * prisma/functions/<name>.sql: the one live definition of each SQL function (and trigger function),
 * `CREATE OR REPLACE FUNCTION`, one function a file. Migrations hold DDL and data only (a migration
 * still creates the trigger that calls a trigger function, and drops a function no file defines any
 * more). After the migrations, the runner (migrations.ts) applies every file whose checksum differs
 * from the one recorded in `payrail_sql_functions`, all in one transaction under the migrations'
 * advisory lock. A change of a function is an edit of its file; a change CREATE OR REPLACE refuses
 * (another return type, renamed arguments) needs a migration that drops the old function first.
 * A migration that attaches a trigger to a function it does not define gets that function's file
 * applied first, in its own transaction (triggerFunctionsNeeded).
 */

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "payrail_sql_functions" (
    "name"        TEXT PRIMARY KEY,
    "checksum"    VARCHAR(64) NOT NULL,
    "applied_at"  TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
)`;

export interface FunctionFile {
  /** The file's name without .sql: the function it defines. */
  name: string;
  sql: string;
  checksum: string;
}

/** A function file PostgreSQL refused; nothing of the files' transaction was applied. */
export class FunctionFileError extends Error {
  override name = 'FunctionFileError';
  constructor(
    readonly file: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`function file ${file} failed and was rolled back: ${reason}`, options);
  }
}

/** `<repo>/prisma/functions`, from src/ops (jest, tsx) as from dist/src/ops (compiled). */
export function defaultFunctionsDir(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'prisma'))) {
      return path.join(dir, 'prisma', 'functions');
    }
    if (dir === path.dirname(dir)) throw new Error(`no prisma/ folder above ${__dirname}`);
  }
}

/**
 * The functions folder that goes with a migrations folder: `functions` beside a folder named
 * `migrations` (prisma/migrations -> prisma/functions). A copy of some migrations under another name
 * (a test replaying the schema as it stood before a migration) has none: the live functions are
 * written for the schema all the migrations make.
 */
export function functionsDirBeside(migrationsDir: string): string | undefined {
  const resolved = path.resolve(migrationsDir);
  if (path.basename(resolved) !== 'migrations') return undefined;
  const dir = path.join(path.dirname(resolved), 'functions');
  return fs.existsSync(dir) ? dir : undefined;
}

const fileChecksum = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Every function file, in name order. */
export function readFunctionFiles(functionsDir: string): FunctionFile[] {
  if (!fs.existsSync(functionsDir)) return [];
  return fs
    .readdirSync(functionsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => {
      const bytes = fs.readFileSync(path.join(functionsDir, f));
      return { name: f.slice(0, -'.sql'.length), sql: bytes.toString('utf8'), checksum: fileChecksum(bytes) };
    });
}

/** The checksums on disk, read once per process and folder: /readyz asks on every call. */
const checksumsOnDisk = new Map<string, Map<string, string>>();

function diskChecksums(functionsDir: string): Map<string, string> {
  let sums = checksumsOnDisk.get(functionsDir);
  if (!sums) {
    sums = new Map(readFunctionFiles(functionsDir).map((f) => [f.name, f.checksum]));
    checksumsOnDisk.set(functionsDir, sums);
  }
  return sums;
}

/** What pg.Pool and pg.Client have in common, as far as we use it. */
interface Queryable {
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

async function recordedChecksums(db: Queryable): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; checksum: string }>('SELECT name, checksum FROM "payrail_sql_functions"');
  return new Map(rows.map((r) => [r.name, r.checksum]));
}

const withoutComments = (sql: string): string => sql.replace(/--[^\n]*/g, '');

/**
 * The function files a migration needs applied before it runs: the functions its triggers execute
 * (`EXECUTE FUNCTION name(`) that it does not define itself. (The migrations from before function
 * files define every function their triggers execute, so for them this is empty.)
 */
export function triggerFunctionsNeeded(migrationSql: string, files: readonly FunctionFile[]): FunctionFile[] {
  const sql = withoutComments(migrationSql);
  const executed = new Set([...sql.matchAll(/\bEXECUTE\s+(?:FUNCTION|PROCEDURE)\s+"?(\w+)"?\s*\(/gi)].map((m) => m[1]!));
  const defined = new Set([...sql.matchAll(/\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE)\s+"?(\w+)"?/gi)].map((m) => m[1]!));
  return files.filter((f) => executed.has(f.name) && !defined.has(f.name));
}

/** The table of applied checksums, in the caller's transaction. */
export async function ensureFunctionsTable(client: pg.Client): Promise<void> {
  await client.query(CREATE_TABLE);
}

/** One file and its checksum's record, in the caller's transaction. */
export async function applyFunctionFile(client: pg.Client, f: FunctionFile): Promise<void> {
  // No parameters: the simple query protocol runs the file as one script.
  await client.query(f.sql);
  await client.query(
    `INSERT INTO "payrail_sql_functions" (name, checksum, applied_at) VALUES ($1, $2, clock_timestamp())
     ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = EXCLUDED.applied_at`,
    [f.name, f.checksum],
  );
}

/**
 * Applies, in one transaction, every file whose checksum differs from the recorded one, and records
 * the new checksums. The caller holds the migrations' advisory lock. Returns the names applied.
 */
export async function applyFunctionFiles(client: pg.Client, files: FunctionFile[]): Promise<string[]> {
  await client.query('BEGIN');
  let current: FunctionFile | undefined;
  try {
    await ensureFunctionsTable(client);
    const recorded = await recordedChecksums(client);
    const changed = files.filter((f) => recorded.get(f.name) !== f.checksum);
    for (const f of changed) {
      current = f;
      await applyFunctionFile(client, f);
    }
    await client.query('COMMIT');
    return changed.map((f) => f.name);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new FunctionFileError(current ? `${current.name}.sql` : '(none: recording the checksums)', reason, { cause: error });
  }
}

/** For /readyz and start-up warnings: function files not applied as they are on disk. */
export async function pendingFunctionFiles(db: Queryable, functionsDir: string): Promise<string[]> {
  const onDisk = diskChecksums(functionsDir);
  const { rows } = await db.query<{ exists: boolean }>(`SELECT to_regclass('"payrail_sql_functions"') IS NOT NULL AS exists`);
  const recorded = rows[0]?.exists ? await recordedChecksums(db) : new Map<string, string>();
  return [...onDisk].filter(([name, sum]) => recorded.get(name) !== sum).map(([name]) => name);
}
