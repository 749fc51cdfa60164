import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/ops/embedded';
import { DEFAULT_RELOCATION_ROOT, postgresNativeDir } from '../../src/ops/embedded-location';
import { readPostmasterPid } from '../../src/ops/embedded-processes';
import { connectionUrl, readState } from '../../src/ops/embedded-state';
import { postgresUserIds, startPostgres, stopPostgres } from '../../src/ops/postgres-server';
import { descendants, isRunning } from './processes';

/**
 * What a test needs to take the embedded PostgreSQL of a server process away from under it: where
 * it runs, and a way to keep it from coming back until the test says so.
 */
export interface EmbeddedCluster {
  /** postgresql://… of database `payrail` (the port survives a supervised restart). */
  url: string;
  port: number;
  clusterDir: string;
}

export function embeddedClusterOf(dataDir: string): EmbeddedCluster {
  const state = readState(path.join(dataDir, 'embedded-postgres.json'));
  if (!state || state.port === null) throw new Error(`no running embedded PostgreSQL recorded in ${dataDir}`);
  return { url: connectionUrl(state, state.port, 'payrail'), port: state.port, clusterDir: state.clusterDir ?? path.join(dataDir, 'postgres') };
}

/** The live postmaster's pid, from its postmaster.pid. */
export function postmasterPid(cluster: EmbeddedCluster): number {
  const running = readPostmasterPid(cluster.clusterDir);
  if (!running || !isRunning(running.pid)) throw new Error(`no live postmaster in ${cluster.clusterDir}`);
  return running.pid;
}

/**
 * Kills the postmaster with SIGKILL, as the OOM killer or an operator's mistake would. With
 * `hold`, its checkpointer is stopped (SIGSTOP) first: a process still attached to the old shared
 * memory makes PostgreSQL refuse to start on the cluster ("pre-existing shared memory block is
 * still in use"), so the database stays away, whatever the machine's speed, until `release()`
 * kills that process. Client backends are not stopped: they end their sessions as they do after
 * any postmaster death, so connections break rather than hang.
 */
export function killPostmaster(cluster: EmbeddedCluster, opts: { hold: boolean }): { release(): void } {
  const pid = postmasterPid(cluster);
  let held: number | undefined;
  if (opts.hold) {
    held = descendants(pid).find((p) => p.cmdline.includes('checkpointer'))?.pid;
    if (held === undefined) throw new Error(`no checkpointer under postmaster ${pid}`);
    process.kill(held, 'SIGSTOP');
  }
  process.kill(pid, 'SIGKILL');
  return {
    release() {
      if (held !== undefined && isRunning(held)) process.kill(held, 'SIGKILL');
      held = undefined;
    },
  };
}

/**
 * A PostgreSQL run the way an operator runs one (payrail only connects to it, by DATABASE_URL):
 * nobody restarts it but the test, which stops it with a fast shutdown (what `pg_ctl restart` or
 * a failover does to the sessions) and starts it again on the same port when it chooses.
 */
export interface ExternalPostgres {
  /** postgresql://… of database `payrail`. */
  url: string;
  port: number;
  /** Fast shutdown (SIGINT: sessions end with 57P01), waiting for the exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
}

export async function externalPostgres(dataDir: string): Promise<ExternalPostgres> {
  // initdb, the password and database `payrail`, as the embedded mode makes them; then this test
  // runs the server itself, so that no supervisor of payrail's restarts it behind the test's back.
  const made = await startEmbeddedPostgres({ dataDir });
  await made.stop();
  const asRoot = process.getuid?.() === 0;
  const rt = { nativeDir: postgresNativeDir(asRoot, DEFAULT_RELOCATION_ROOT), ids: asRoot ? postgresUserIds() : undefined, onLog: () => undefined };
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = startPostgres(rt, { clusterDir: made.clusterDir, port: made.port, flags: ['-h', '127.0.0.1', '-c', 'unix_socket_directories='] });
    child = started.child;
    await started.ready;
  };
  await start();
  return {
    url: made.url,
    port: made.port,
    stop: async () => {
      if (child) await stopPostgres(child);
    },
    start,
  };
}
