import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { transformFileSync } from '@swc/core';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/ops/embedded';
import { tempDataDir } from '../support/temp-dirs';
import { withClient } from '../support/test-database';

// One data directory, used in order by the tests below (each builds on the previous state).
const dataDir = tempDataDir('payrail-embedded-');
const pgDir = path.join(dataDir, 'postgres');
const statePath = path.join(dataDir, 'embedded-postgres.json');
const started: EmbeddedDatabase[] = [];
const logs: string[] = [];

async function start(): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedPostgres({ dataDir, log: (m) => logs.push(m) });
  started.push(db);
  return db;
}

const query = <T>(url: string, sql: string) => withClient(url, async (c) => (await c.query(sql)).rows as T[]);

/** Alive and not a zombie (an orphan reparented to a PID 1 that does not reap). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

const postmasterPid = () => Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** A pid that certainly belonged to a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

afterAll(async () => {
  for (const db of started.reverse()) await db.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('startEmbeddedPostgres', () => {
  it('initialises a cluster in an empty dataDir, creates database payrail and answers queries', async () => {
    const db = await start();
    expect(db.owned).toBe(true);
    expect(fs.existsSync(path.join(pgDir, 'PG_VERSION'))).toBe(true);
    expect(await query(db.url, 'SELECT 1 AS one, current_database() AS db')).toEqual([{ one: 1, db: 'payrail' }]);
    expect(await query(db.adminUrl, 'SELECT current_database() AS db')).toEqual([{ db: 'postgres' }]);
    const state = JSON.parse(fs.readFileSync(statePath, 'utf8')) as Record<string, unknown>;
    expect(state).toMatchObject({ port: db.port, ownerPid: process.pid, user: 'postgres' });
    expect(typeof state.password).toBe('string');
    expect(fs.statSync(statePath).mode & 0o777).toBe(0o600);
    await query(db.url, 'CREATE TABLE keep (x int); INSERT INTO keep VALUES (42)');
    await db.stop();
    expect(JSON.parse(fs.readFileSync(statePath, 'utf8'))).toMatchObject({ port: null, ownerPid: null, password: state.password });
  });

  it('keeps data across stop and start', async () => {
    const db = await start();
    expect(await query(db.url, 'SELECT x FROM keep')).toEqual([{ x: 42 }]);
  });

  it('a second start while the owner is alive reuses the running server', async () => {
    const owner = started[started.length - 1]!;
    const second = await start();
    expect(second.owned).toBe(false);
    expect(second.port).toBe(owner.port);
    expect(second.url).toBe(owner.url);
    await second.stop(); // a no-op for a reused server
    expect(await query(owner.url, 'SELECT x FROM keep')).toEqual([{ x: 42 }]);
    await owner.stop();
  });

  it.each([
    ['whose process is dead', deadPid],
    ['whose pid now belongs to another process', () => process.pid],
  ])('a stale postmaster.pid %s does not block start', async (_, pid) => {
    expect(fs.existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
    fs.writeFileSync(path.join(pgDir, 'postmaster.pid'), `${pid()}\n${pgDir}\n1700000000\n5999\n\n127.0.0.1\n  1234567         7\nready   \n`);
    const db = await start();
    expect(db.owned).toBe(true);
    expect(await query(db.url, 'SELECT x FROM keep')).toEqual([{ x: 42 }]);
    await db.stop();
  });

  it('shuts down the orphaned server of an owner killed with SIGKILL, then starts afresh', async () => {
    // The owner: another Node process running this very module (compiled by swc).
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-owner-'));
    try {
      // The module and the modules it imports, at the same relative places.
      for (const file of ['platform/db/connections', 'ops/embedded', 'ops/embedded-location', 'ops/embedded-processes', 'ops/embedded-state', 'ops/embedded-supervisor', 'ops/postgres-server', 'platform/runtime/data-dir', 'platform/runtime/startup-error']) {
        const { code } = transformFileSync(path.join(__dirname, '../../src', `${file}.ts`), {
          swcrc: false,
          jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
          module: { type: 'commonjs' },
        });
        fs.mkdirSync(path.join(work, path.dirname(file)), { recursive: true });
        fs.writeFileSync(path.join(work, `${file}.js`), code);
      }
      const script = `require('./ops/embedded.js').startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} })
        .then((db) => { process.stdout.write(JSON.stringify({ port: db.port }) + '\\n'); setInterval(() => {}, 1 << 30); })
        .catch((e) => { console.error(e); process.exit(1); });`;
      fs.writeFileSync(path.join(work, 'owner.js'), script);
      const owner = spawn(process.execPath, [path.join(work, 'owner.js')], {
        env: { ...process.env, NODE_PATH: path.join(__dirname, '../../node_modules') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      owner.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const ownerPort = await new Promise<number>((resolve, reject) => {
        owner.stdout.once('data', (d: Buffer) => resolve((JSON.parse(d.toString()) as { port: number }).port));
        owner.once('exit', (c) => reject(new Error(`owner exited (${c}): ${stderr}`)));
      });
      const orphan = postmasterPid();
      owner.kill('SIGKILL');
      await new Promise((resolve) => owner.once('exit', resolve));
      expect(alive(orphan)).toBe(true);

      const db = await start();
      expect(db.owned).toBe(true);
      expect(alive(orphan)).toBe(false);
      expect(postmasterPid()).not.toBe(orphan);
      expect(logs.some((l) => l.includes(`orphaned PostgreSQL (pid ${orphan}`))).toBe(true);
      expect(await query(db.url, 'SELECT x FROM keep')).toEqual([{ x: 42 }]);
      expect(typeof ownerPort).toBe('number');
      await db.stop();
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
