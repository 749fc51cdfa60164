import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureWritableDir } from '../platform/runtime/data-dir';
import { StartupError } from '../platform/runtime/startup-error';
import { newClient } from '../platform/db/connections';
import { chooseClusterLocation, DEFAULT_RELOCATION_ROOT, hasCluster, POSTGRES_USER, postgresNativeDir } from './embedded-location';
import { isAlive, isPostmasterOf, readPostmasterPid, shutdownPid, sleep, withStartLock } from './embedded-processes';
import { connectionUrl, readState, writeState, type StateFile } from './embedded-state';
import { PostgresSupervisor, type SupervisionEvents } from './embedded-supervisor';
import { initCluster, postgresUserIds, startPostgres, stopPostgres, type PostgresRuntime } from './postgres-server';

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
  /** When the server this call starts dies: how long restart attempts go on (default 30 s). */
  restartWithinMs?: number;
  /** Told of a crash, a restart, or a restart that failed (default: each goes to `log`). */
  supervision?: Partial<SupervisionEvents>;
}

const USER = POSTGRES_USER;
const DATABASE = 'payrail';
const START_TIMEOUT_MS = 60_000;
const RESTART_WITHIN_MS = 30_000;
/** What PostgreSQL logs when it starts on a cluster that was not shut down cleanly. */
const RECOVERY = 'automatic recovery in progress';

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(opts.dataDir);
  ensureWritableDir(dataDir, 'PAYRAIL_DATA_DIR');
  return withStartLock(dataDir, 2 * START_TIMEOUT_MS, () => startLocked(dataDir, opts));
}

async function startLocked(dataDir: string, opts: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = opts.log ?? (() => undefined);
  const settings = opts.settings ?? {};
  // PostgreSQL refuses to run as root; it then runs as user "postgres".
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

  const settingFlags = Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
  const recentLog: string[] = []; // quoted in start-up errors: "could not bind", "FATAL: …"
  let recovering = false;
  let partial = ''; // output arrives in chunks that may end inside a line
  const rt: PostgresRuntime = {
    nativeDir: postgresNativeDir(asRoot, opts.relocationRoot ?? DEFAULT_RELOCATION_ROOT),
    ids: asRoot ? postgresUserIds() : undefined,
    onLog: (m) => {
      const lines = (partial + m).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') continue;
        recentLog.push(line);
        if (recentLog.length > 5) recentLog.shift();
        if (line.includes(RECOVERY)) recovering = true;
        log(line);
      }
    },
  };
  /** postgres on `port`, once it accepts connections; stopped again if it does not. */
  const launch = async (port: number): Promise<ChildProcess> => {
    // Loopback TCP only; no Unix socket (its path length and directory vary by machine).
    const started = startPostgres(rt, { clusterDir: pgDir, port, flags: ['-h', '127.0.0.1', '-c', 'unix_socket_directories=', ...settingFlags] });
    try {
      await withTimeout(started.ready, START_TIMEOUT_MS, 'did not become ready');
      return started.child;
    } catch (error) {
      await stopPostgres(started.child);
      throw error;
    }
  };

  if (!hasCluster(pgDir)) {
    // No complete cluster: a crash during an earlier initdb may have left files behind.
    fs.rmSync(pgDir, { recursive: true, force: true });
    log(`initialising PostgreSQL cluster in ${pgDir}`);
    writeState(statePath, { ...state, port: null, ownerPid: null });
    try {
      await initCluster(rt, {
        clusterDir: pgDir,
        user: state.user,
        password: state.password,
        // UTF-8 with the builtin provider: byte-order collation, identical on every machine.
        flags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
      });
    } catch (error) {
      throw new StartupError(
        `creating the PostgreSQL cluster in ${pgDir} failed: ${error instanceof Error ? error.message : String(error)}`,
        `make sure ${path.dirname(pgDir)} is on a writable local disk with free space, or set PAYRAIL_POSTGRES_DIR or DATABASE_URL`,
        { cause: error },
      );
    }
  }

  // A free port is picked fresh each start; another process may grab it before PostgreSQL
  // binds, so retry a few times.
  let child: ChildProcess | undefined;
  let port = 0;
  for (let attempt = 1; !child; attempt++) {
    port = await freePort();
    try {
      child = await launch(port);
    } catch (error) {
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
  const serverPort = port;
  const supervisor = new PostgresSupervisor({
    first: child,
    port: serverPort,
    clusterDir: pgDir,
    // Under the start lock, as a start: a payrail process starting meanwhile waits, then shares it.
    relaunch: () =>
      withStartLock(dataDir, 2 * START_TIMEOUT_MS, async () => {
        // The dead postmaster's pid file; PostgreSQL would refuse it if that pid runs again.
        const stale = readPostmasterPid(pgDir);
        if (stale && !isPostmasterOf(stale.pid, pgDir)) fs.rmSync(path.join(pgDir, 'postmaster.pid'), { force: true });
        recovering = false;
        return { child: await launch(serverPort), recovered: recovering };
      }),
    restartWithinMs: opts.restartWithinMs ?? RESTART_WITHIN_MS,
    recentLog: () => recentLog.join(' | '),
    events: {
      crashed: (_exit, message) => log(message),
      restarted: (_info, message) => log(message),
      gaveUp: (error) => log(error.message),
      ...opts.supervision,
    },
  });
  // Safety net: a process that exits without stop() (process.exit, uncaught error) still asks
  // PostgreSQL for a fast shutdown. Only SIGKILL leaves an orphan, handled by (b) next start.
  const onExit = () => supervisor.current.kill('SIGINT');
  process.on('exit', onExit);

  const own = urls(port);
  try {
    await ensureDatabase(own.adminUrl, DATABASE);
    writeState(statePath, { ...state, port, ownerPid: process.pid });
  } catch (error) {
    await supervisor.stop();
    process.off('exit', onExit);
    throw error;
  }
  log(`embedded PostgreSQL ready on port ${port}`);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.off('exit', onExit);
      await supervisor.stop();
      const current = readState(statePath);
      if (current?.ownerPid === process.pid && current.port === port) writeState(statePath, { ...current, port: null, ownerPid: null });
    })());
  return { ...own, owned: true, stop };
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
  const client = newClient({ connectionString: adminUrl });
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
    const client = newClient({ connectionString: url });
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

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
