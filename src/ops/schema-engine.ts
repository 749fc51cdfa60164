import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, SqlQuery, SqlResultSet } from '@prisma/driver-adapter-utils';
import type { DiffTarget, MigrationList, SchemaEngine, SchemasContainer } from '@prisma/schema-engine-wasm';
import { newPool } from '../platform/db/connections';
import { migrationNames } from './migrations';

/**
 * The one place that talks to Prisma's WebAssembly schema engine (an internal Prisma API: the
 * native engine the Prisma CLI wants is downloaded from outside npm and cannot run here).
 *
 * What works, measured with @prisma/schema-engine-wasm 8.1.0-2.59be4fda… and its own .wasm,
 * @prisma/adapter-pg 7.10.1 and PostgreSQL 18. (prisma/build/schema_engine_bg.wasm, 8.1.0-1.
 * d1b3f377…, the version the prisma CLI lists, has the same imports and loads with this glue,
 * but showed the same adapter problems; the package's own file is the one used.)
 * - The package's entry point imports the .wasm as an ES module, which Node cannot load without
 *   a flag: we instantiate schema_engine_bg.wasm ourselves against its JS glue.
 * - adapter-pg 7.10.1 cannot hand the engine PostgreSQL's `"char"` columns: see withCharColumns.
 * - adapter-pg splits migration scripts on ";": see withWholeScripts.
 * - adapter-pg's connectToShadowDb derives the shadow pool from the main pool's options: see
 *   pgFactory for the two traps (connectionString wins over `database`; hidden password).
 * - The engine connects at construction (it reads the server version), and the pg pools opened
 *   for it are never ended by the engine or the adapter; their idle timers kept Node alive ~10 s.
 *   Every call here owns and ends its pools and clears any timer the engine set, so callers and
 *   scripts exit cleanly without a dispose step.
 * - A Rust panic inside the engine surfaces as an uncaught exception (from a microtask), not as
 *   a rejected promise: it ends the process.
 */

export interface DiffMigrationsOptions {
  /** A server where a temporary shadow database may be created (and dropped) — e.g. an admin URL. */
  shadowDatabaseUrl: string;
  migrationsDir: string;
  /** schema.prisma, or a folder of .prisma files. */
  schemaPath: string;
  log?: (msg: string) => void;
}

/** SQL taking a database migrated by `migrationsDir` to `schemaPath`; '' when they agree. */
export async function diffMigrationsToSchema(opts: DiffMigrationsOptions): Promise<string> {
  const schema = readSchemas(opts.schemaPath);
  const { factory, close } = pgFactory(opts.shadowDatabaseUrl);
  try {
    return await withEngine(factory, schema, opts.log, (engine) =>
      diff(engine, { tag: 'migrations', ...migrationList(opts.migrationsDir) }, { tag: 'schemaDatamodel', ...schema }),
    );
  } finally {
    await close();
  }
}

/** SQL creating `schemaPath` from nothing. Needs no database. */
export async function diffEmptyToSchema(schemaPath: string): Promise<string> {
  const schema = readSchemas(schemaPath);
  return withEngine(offlineFactory(), schema, undefined, (engine) => diff(engine, { tag: 'empty' }, { tag: 'schemaDatamodel', ...schema }));
}

async function diff(engine: SchemaEngine, from: DiffTarget, to: DiffTarget): Promise<string> {
  const result = await engine.diff({ from, to, script: true, exitCode: null, filters: { externalTables: [], externalEnums: [] } });
  const sql = result.stdout ?? '';
  // With nothing to do the engine prints only "-- This is an empty migration.".
  const meaningful = sql.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('--'));
  return meaningful ? sql : '';
}

function readSchemas(schemaPath: string): SchemasContainer {
  const stat = fs.statSync(schemaPath);
  const files = stat.isDirectory()
    ? fs.readdirSync(schemaPath, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.prisma')).sort().map((f) => path.join(schemaPath, f))
    : [schemaPath];
  return { files: files.map((f) => ({ path: f, content: fs.readFileSync(f, 'utf8') })) };
}

function migrationList(migrationsDir: string): MigrationList {
  const baseDir = path.resolve(migrationsDir);
  const names = migrationNames(baseDir);
  const lockPath = path.join(baseDir, 'migration_lock.toml');
  return {
    baseDir,
    // Without a lock file (no migration yet) the engine cannot tell the provider: it is fixed.
    lockfile: { path: 'migration_lock.toml', content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : 'provider = "postgresql"\n' },
    shadowDbInitScript: '',
    migrationDirectories: names.map((name) => {
      const file = path.join(baseDir, name, 'migration.sql');
      const content = fs.existsSync(file) ? { tag: 'ok' as const, value: fs.readFileSync(file, 'utf8') } : { tag: 'error' as const, value: `${file} is missing` };
      return { path: name, migrationFile: { path: 'migration.sql', content } };
    }),
  };
}

/**
 * adapter-pg 7.10.1's executeScript splits a migration on every ";", which cuts a function body
 * (`$$ … ; … $$`) apart. A script without parameters goes to PostgreSQL whole instead (the simple
 * query protocol runs several statements), as `psql -f` and our own migration runner send it.
 */
function withWholeScripts<T extends SqlDriverAdapter>(adapter: T): T {
  const client = (adapter as unknown as { client?: pg.Pool }).client;
  if (!client) throw new Error('adapter-pg changed: its adapter has no pg client to run a whole script on');
  adapter.executeScript = async (script: string) => {
    await client.query(script);
  };
  return adapter;
}

/**
 * adapter-pg over a pool we own. Its connectToShadowDb builds the shadow pool from
 * `{ ...pool.options, database }`, so the options hold discrete fields (a connectionString would
 * override `database`) and an enumerable password (pg-pool hides it, and the spread drops it).
 * Shadow adapters the engine leaves undisposed (error paths) are disposed here: that drops the
 * shadow database and ends its pool.
 */
function pgFactory(url: string): { factory: SqlMigrationAwareDriverAdapterFactory; close(): Promise<void> } {
  const config = poolConfig(url);
  const pool = newPool({ ...config, max: 2, idleTimeoutMillis: 1000, allowExitOnIdle: true });
  Object.defineProperty(pool.options, 'password', { value: config.password, enumerable: true, writable: true, configurable: true });
  const inner = new PrismaPg(pool);
  const shadows = new Set<SqlDriverAdapter>();
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => withCharColumns(await inner.connect()),
    async connectToShadowDb() {
      const shadow = withWholeScripts(withCharColumns(await inner.connectToShadowDb()));
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        shadows.delete(shadow);
        await dispose();
      };
      shadows.add(shadow);
      return shadow;
    },
  };
  const close = async () => {
    for (const shadow of shadows) await shadow.dispose().catch(() => undefined);
    await pool.end();
  };
  return { factory, close };
}

function poolConfig(url: string): pg.PoolConfig {
  const u = new URL(url);
  const sslmode = u.searchParams.get('sslmode');
  return {
    host: decodeURIComponent(u.hostname) || 'localhost',
    port: u.port ? Number(u.port) : 5432,
    user: decodeURIComponent(u.username) || undefined,
    password: decodeURIComponent(u.password) || undefined,
    database: decodeURIComponent(u.pathname.slice(1)) || undefined,
    ssl: sslmode && sslmode !== 'disable' ? { rejectUnauthorized: sslmode === 'verify-full' || sslmode === 'verify-ca' } : undefined,
  };
}

/** adapter-pg's query plumbing, private in its typings. */
interface PgQueryableInternals {
  performIO(query: SqlQuery): Promise<{ fields: { dataTypeID: number }[] }>;
  queryRaw(query: SqlQuery): Promise<SqlResultSet>;
  startTransaction?(...args: unknown[]): Promise<object>;
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const COLUMN_TYPE_CHARACTER = 6; // ColumnTypeEnum.Character

/**
 * adapter-pg 7.10.1 has no mapping for PostgreSQL's internal `"char"` type (oid 18), which the
 * engine's catalog queries return (pg_constraint.contype, pg_class.relkind) and then read as a
 * Rust char: without help a diff fails ("Column type 'char' could not be deserialized") or
 * panics. The rows come back as one-letter strings; we relabel such columns as text for
 * adapter-pg and report them to the engine as Character.
 */
function withCharColumns<T extends object>(target: T): T {
  const q = target as unknown as PgQueryableInternals;
  const charColumns = new WeakMap<SqlQuery, number[]>();
  const performIO = q.performIO.bind(q);
  const queryRaw = q.queryRaw.bind(q);
  q.performIO = async (query) => {
    const result = await performIO(query);
    const columns: number[] = [];
    result.fields.forEach((field, i) => {
      if (field.dataTypeID === PG_CHAR_OID) {
        field.dataTypeID = PG_TEXT_OID;
        columns.push(i);
      }
    });
    if (columns.length > 0) charColumns.set(query, columns);
    return result;
  };
  q.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const i of charColumns.get(query) ?? []) result.columnTypes[i] = COLUMN_TYPE_CHARACTER;
    return result;
  };
  if (q.startTransaction) {
    const startTransaction = q.startTransaction.bind(q);
    q.startTransaction = async (...args) => withCharColumns(await startTransaction(...args));
  }
  return target;
}

/**
 * diffEmptyToSchema touches no database, but the engine still runs one probe at construction
 * (namespace exists, version(), server_version_num). Answer it as PostgreSQL 18 (the embedded
 * server's version) and refuse anything else, so a change in the engine fails loudly.
 */
function offlineFactory(): SqlMigrationAwareDriverAdapterFactory {
  const refuse = (what: string) => () => Promise.reject(new Error(`offline schema engine: unexpected ${what}`));
  const adapter: SqlDriverAdapter = {
    provider: 'postgres',
    adapterName: 'payrail-offline',
    async queryRaw(query: SqlQuery): Promise<SqlResultSet> {
      if (!query.sql.includes('server_version_num')) throw new Error(`offline schema engine: unexpected query ${query.sql.slice(0, 80)}`);
      // ColumnTypeEnum: Int32 = 0, Boolean = 5, Text = 7.
      return { columnNames: ['exists', 'version', 'numeric_version'], columnTypes: [5, 7, 0], rows: [[true, 'PostgreSQL 18.4', 180004]] };
    },
    executeRaw: refuse('executeRaw'),
    executeScript: refuse('executeScript'),
    startTransaction: refuse('transaction'),
    dispose: async () => undefined,
  };
  return { provider: 'postgres', adapterName: 'payrail-offline', connect: async () => adapter, connectToShadowDb: async () => adapter };
}

// ---- wasm loading -------------------------------------------------------------------------

interface Bindings {
  SchemaEngine: typeof SchemaEngine;
  version(): string;
}

interface Loaded {
  bindings: Bindings;
  /** Timers the engine set and that have not fired yet; cleared when no engine is in use. */
  timers: Set<NodeJS.Timeout>;
  active: number;
}

// One instance per process: the wasm-bindgen glue module holds the instance in a module-level
// variable, and Jest loads that module once per worker (host loader) but ours once per test file.
const CACHE = Symbol.for('payrail.schemaEngineWasm');

function load(): Loaded {
  const g = globalThis as { [CACHE]?: Loaded };
  if (g[CACHE]) return g[CACHE];
  // The glue reports Rust panics through this global (the Prisma CLI installs the same object);
  // without it a panic surfaces as "Cannot read properties of undefined (reading 'set_message')".
  const registry = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { message: string; get(): string; set_message(m: string): void } };
  registry.PRISMA_WASM_PANIC_REGISTRY ??= {
    message: '',
    get() {
      return this.message;
    },
    set_message(m: string) {
      this.message = `RuntimeError: ${m}`;
    },
  };
  const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  // ESM glue: Jest's sandboxed require refuses ES modules, the host loader (Node >= 20.19)
  // loads them; under Jest `node:module` is a shim over the host Module.
  const { Module } = require('node:module') as typeof import('node:module');
  const glue = new Module(__filename).require(gluePath) as Record<string, unknown> & Bindings & { __wbg_set_wasm(exports: WebAssembly.Exports): void };
  const timers = new Set<NodeJS.Timeout>();
  const imports: Record<string, unknown> = { ...glue };
  for (const name of Object.keys(imports).filter((n) => n.startsWith('__wbg_setTimeout_'))) {
    imports[name] = (fn: () => void, ms: number) => {
      const t: NodeJS.Timeout = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
      return t;
    };
  }
  // Under Jest the glue lives in the host realm while adapters, promises and errors come from the
  // test's vm realm, where `x instanceof Promise` against the glue's globals is false ("Unknown
  // error" from the connector). Brand checks by tag hold across realms.
  for (const name of Object.keys(imports)) {
    const match = /^__wbg_instanceof_([A-Za-z0-9]+)_[0-9a-f]+$/.exec(name);
    if (match) {
      const tag = `[object ${match[1]}]`;
      imports[name] = (value: unknown) => Object.prototype.toString.call(value) === tag;
    }
  }
  const wasm = new WebAssembly.Module(fs.readFileSync(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm')));
  const instance = new WebAssembly.Instance(wasm, { './schema_engine_bg.js': imports as WebAssembly.ModuleImports });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  g[CACHE] = { bindings: glue, timers, active: 0 };
  return g[CACHE];
}

async function withEngine<T>(factory: SqlMigrationAwareDriverAdapterFactory, schema: SchemasContainer, log: ((m: string) => void) | undefined, fn: (e: SchemaEngine) => Promise<T>): Promise<T> {
  const loaded = load();
  const bound = bindFactory(factory);
  const datamodels = schema.files.map((f): [string, string] => [f.path, f.content]);
  loaded.active++;
  let engine: SchemaEngine | undefined;
  try {
    engine = await loaded.bindings.SchemaEngine.new({ datamodels }, (line: string) => log?.(line), bound);
    return await fn(engine);
  } finally {
    engine?.free();
    if (--loaded.active === 0) {
      for (const t of loaded.timers) clearTimeout(t);
      loaded.timers.clear();
    }
  }
}

/**
 * The engine expects the error-capturing wrapper from @prisma/driver-adapter-utils — the copy
 * adapter-pg itself depends on, so both agree on the Result shapes.
 */
function bindFactory(factory: SqlMigrationAwareDriverAdapterFactory): object {
  const utilsPath = require.resolve('@prisma/driver-adapter-utils', { paths: [path.dirname(require.resolve('@prisma/adapter-pg'))] });
  const utils = require(utilsPath) as { bindMigrationAwareSqlAdapterFactory(f: SqlMigrationAwareDriverAdapterFactory): object };
  return utils.bindMigrationAwareSqlAdapterFactory(factory);
}
