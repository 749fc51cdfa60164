import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase, type EmbeddedOptions } from '../../src/ops/embedded';
import type { ServerExit } from '../../src/ops/embedded-supervisor';
import type { StartupError } from '../../src/platform/runtime/startup-error';
import { embeddedClusterOf, killPostmaster, postmasterPid } from '../support/embedded-postgres-control';
import { isRunning } from '../support/processes';
import { tempDataDir } from '../support/temp-dirs';
import { withClient } from '../support/test-database';

/**
 * The embedded PostgreSQL is supervised by the process that started it: when its postmaster dies
 * (SIGKILL here, as the OOM killer would), it is started again on the same cluster and port, with
 * crash recovery, and whoever started it is told; when it cannot be, whoever started it is told
 * why. Waits are on the supervisor's own events; the test decides when the database may come back.
 */

const root = tempDataDir('payrail-supervised-');
const started: EmbeddedDatabase[] = [];
const holds: { release(): void }[] = [];

afterAll(async () => {
  for (const h of holds) h.release();
  for (const db of started) await db.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

interface Watched {
  db: EmbeddedDatabase;
  dataDir: string;
  crashed: Promise<{ exit: ServerExit; message: string }>;
  restarted: Promise<{ info: { port: number; recovered: boolean; attempts: number }; message: string }>;
  gaveUp: Promise<StartupError>;
}

async function start(name: string, opts: Partial<EmbeddedOptions> = {}): Promise<Watched> {
  const dataDir = path.join(root, name);
  let crashed!: (v: { exit: ServerExit; message: string }) => void;
  let restarted!: (v: { info: { port: number; recovered: boolean; attempts: number }; message: string }) => void;
  let gaveUp!: (e: StartupError) => void;
  const w = {
    dataDir,
    crashed: new Promise<{ exit: ServerExit; message: string }>((r) => (crashed = r)),
    restarted: new Promise<{ info: { port: number; recovered: boolean; attempts: number }; message: string }>((r) => (restarted = r)),
    gaveUp: new Promise<StartupError>((r) => (gaveUp = r)),
  };
  const db = await startEmbeddedPostgres({
    dataDir,
    ...opts,
    supervision: {
      crashed: (exit, message) => crashed({ exit, message }),
      restarted: (info, message) => restarted({ info, message }),
      gaveUp: (error) => gaveUp(error),
    },
  });
  started.push(db);
  return { ...w, db };
}

const query = <T>(url: string, sql: string) => withClient(url, async (c) => (await c.query(sql)).rows as T[]);

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the embedded PostgreSQL supervisor', () => {
  it('restarts a postmaster killed with SIGKILL on the same port, with crash recovery, and keeps what committed', async () => {
    const w = await start('restarts');
    await query(w.db.url, 'CREATE TABLE kept (x int); INSERT INTO kept VALUES (7)');
    const cluster = embeddedClusterOf(w.dataDir);
    const killed = postmasterPid(cluster);
    killPostmaster(cluster, { hold: false });

    const { exit, message } = await w.crashed;
    expect(exit).toMatchObject({ pid: killed, signal: 'SIGKILL' });
    expect(message).toBe(`embedded PostgreSQL (pid ${killed}) exited unexpectedly (signal SIGKILL); restarting it`);
    const restarted = await w.restarted;
    expect(restarted.info).toMatchObject({ port: w.db.port, recovered: true });
    expect(restarted.message).toMatch(new RegExp(`^embedded PostgreSQL restarted on port ${w.db.port} after crash recovery \\(\\d+ ms, \\d+ attempts?\\)$`));

    expect(postmasterPid(cluster)).not.toBe(killed);
    expect(await query(w.db.url, 'SELECT x FROM kept')).toEqual([{ x: 7 }]);
    expect(embeddedClusterOf(w.dataDir).port).toBe(w.db.port);
  });

  it('stop() stops the restarted server', async () => {
    const w = started[0]!;
    const pid = postmasterPid(embeddedClusterOf(path.join(root, 'restarts')));
    await w.stop();
    expect(isRunning(pid)).toBe(false);
    expect(await accepts(w.port)).toBe(false);
  });

  it('keeps trying while the old server holds the cluster, and starts once it lets go', async () => {
    const w = await start('held');
    const cluster = embeddedClusterOf(w.dataDir);
    const hold = killPostmaster(cluster, { hold: true });
    holds.push(hold);
    await w.crashed;
    // Not back while the old checkpointer holds the shared memory, whatever the number of attempts.
    expect(await accepts(w.db.port)).toBe(false);
    hold.release();
    const { info } = await w.restarted;
    expect(info.attempts).toBeGreaterThanOrEqual(1);
    expect(await query(w.db.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('gives up after the bound and says why, naming the cluster and what PostgreSQL said', async () => {
    const w = await start('gives-up', { restartWithinMs: 1500 });
    const cluster = embeddedClusterOf(w.dataDir);
    holds.push(killPostmaster(cluster, { hold: true }));
    const error = await w.gaveUp;
    expect(error.problem).toMatch(
      new RegExp(`^the embedded PostgreSQL in ${cluster.clusterDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} exited \\(signal SIGKILL\\) and could not be restarted within 2 s: .*shared memory`),
    );
    expect(error.fix).toMatch(/its supervisor/);
    // Stopping after that is quick and starts nothing.
    await w.db.stop();
    expect(await accepts(w.db.port)).toBe(false);
  });

  it('after stop(), a server that died stays down', async () => {
    const w = await start('stopped');
    const cluster = embeddedClusterOf(w.dataDir);
    const hold = killPostmaster(cluster, { hold: true });
    holds.push(hold);
    await w.crashed;
    await w.db.stop();
    hold.release();
    // stop() returned once the restart loop had ended: no attempt is left to start it.
    expect(await accepts(w.db.port)).toBe(false);
  });
});
