import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/ops/embedded';
import { clusterName, firstUnreachable, postgresNativeDir } from '../../src/ops/embedded-location';
import { packagedPostgres, postgresUserIds } from '../../src/ops/postgres-server';
import { StartupError } from '../../src/platform/runtime/startup-error';
import { tempDataDir } from '../support/temp-dirs';
import { withClient } from '../support/test-database';

// PostgreSQL runs as user "postgres" only when payrail runs as root; as another user it runs as
// that user, who can enter its own directories, and the cluster always stays in the data dir.
const asRoot = process.getuid?.() === 0;

// Like root's home: 0700, which user "postgres" cannot enter.
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-home-'));
// Where relocated clusters go in these tests (the server's default is /var/lib/payrail).
const relocationRoot = path.join(tempDataDir('payrail-relocated-'), 'clusters');
const started: EmbeddedDatabase[] = [];

afterAll(async () => {
  for (const db of started.reverse()) await db.stop();
  fs.rmSync(home, { recursive: true, force: true });
  fs.rmSync(path.dirname(relocationRoot), { recursive: true, force: true });
});

async function start(dataDir: string, clusterDir?: string): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedPostgres({ dataDir, clusterDir, relocationRoot });
  started.push(db);
  return db;
}

const query = <T>(url: string, sql: string) => withClient(url, async (c) => (await c.query(sql)).rows as T[]);
const state = (dataDir: string) => JSON.parse(fs.readFileSync(path.join(dataDir, 'embedded-postgres.json'), 'utf8')) as Record<string, unknown>;

describe('where the embedded cluster lives', () => {
  const dataDir = path.join(home, 'payrail', 'data');

  it('a data dir inside a directory "postgres" cannot enter: as root the cluster lives under the relocation root, and the directory keeps its mode', async () => {
    const db = await start(dataDir);
    const expected = asRoot ? path.join(relocationRoot, clusterName(dataDir)) : path.join(dataDir, 'postgres');
    expect(db.clusterDir).toBe(expected);
    expect(fs.existsSync(path.join(expected, 'PG_VERSION'))).toBe(true);
    expect(db.relocatedBecause).toBe(asRoot ? `user "postgres" cannot enter ${home}` : undefined);
    expect(state(dataDir).clusterDir).toBe(asRoot ? expected : undefined);
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);
    if (asRoot) expect(fs.statSync(relocationRoot).mode & 0o777).toBe(0o755);
    await query(db.url, 'CREATE TABLE keep (x int); INSERT INTO keep VALUES (7)');
    await db.stop();
  });

  it('the next start finds the recorded cluster, with its data, and says again why it is there', async () => {
    const db = await start(dataDir);
    expect(await query(db.url, 'SELECT x FROM keep')).toEqual([{ x: 7 }]);
    expect(db.relocatedBecause).toBe(asRoot ? `user "postgres" cannot enter ${home}` : undefined);
    await db.stop();
  });

  it('refuses a PAYRAIL_POSTGRES_DIR other than where the cluster of the data dir lives', async () => {
    const elsewhere = path.join(path.dirname(relocationRoot), 'elsewhere');
    const attempt = start(dataDir, elsewhere);
    await expect(attempt).rejects.toBeInstanceOf(StartupError);
    await expect(attempt).rejects.toThrow(/PAYRAIL_POSTGRES_DIR names .*elsewhere — unset PAYRAIL_POSTGRES_DIR to keep using/);
    expect(fs.existsSync(elsewhere)).toBe(false);
  });

  it('PAYRAIL_POSTGRES_DIR puts a new cluster where it says', async () => {
    const otherData = path.join(home, 'other', 'data');
    const chosen = path.join(path.dirname(relocationRoot), 'chosen');
    const db = await start(otherData, chosen);
    expect(db.clusterDir).toBe(chosen);
    expect(db.relocatedBecause).toBeUndefined();
    expect(fs.existsSync(path.join(chosen, 'PG_VERSION'))).toBe(true);
    expect(state(otherData).clusterDir).toBe(chosen);
    await db.stop();
  });

  it('a cluster inside a data dir that "postgres" can no longer enter: as root, one message saying how to move it', async () => {
    const open = tempDataDir('payrail-moved-');
    try {
      const movedData = path.join(open, 'data');
      const first = await start(movedData);
      expect(first.clusterDir).toBe(path.join(movedData, 'postgres'));
      await first.stop();
      fs.chmodSync(open, 0o700);
      if (asRoot) {
        const attempt = start(movedData);
        await expect(attempt).rejects.toBeInstanceOf(StartupError);
        await expect(attempt).rejects.toThrow(`cannot enter ${open} — stop payrail and move the cluster where "postgres" can reach it: mv ${path.join(movedData, 'postgres')} ${path.join(relocationRoot, clusterName(movedData))}`);
      } else {
        const again = await start(movedData);
        expect(again.clusterDir).toBe(path.join(movedData, 'postgres'));
        await again.stop();
      }
    } finally {
      fs.rmSync(open, { recursive: true, force: true });
    }
  });
});

describe('the PostgreSQL binaries', () => {
  it('as root, binaries in a directory "postgres" cannot enter are copied once under the relocation root, where "postgres" runs them', () => {
    const packaged = packagedPostgres();
    const hidden = path.join(home, 'checkout', 'native');
    fs.cpSync(packaged.nativeDir, hidden, { recursive: true, verbatimSymlinks: true });
    const dir = postgresNativeDir(asRoot, relocationRoot, { nativeDir: hidden, version: packaged.version });
    expect(dir).toBe(asRoot ? path.join(relocationRoot, `postgres-${packaged.version}`) : hidden);
    const ids = asRoot ? postgresUserIds() : {};
    const version = spawnSync(path.join(dir, 'bin', 'postgres'), ['--version'], { ...ids, encoding: 'utf8' });
    expect([version.error?.message, version.stdout]).toEqual([undefined, expect.stringMatching(/^postgres \(PostgreSQL\) \d+/)]);
    // Once: a second call finds the copy.
    expect(postgresNativeDir(asRoot, relocationRoot, { nativeDir: hidden, version: packaged.version })).toBe(dir);
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);
  });

  it('are run in place when "postgres" can reach them', () => {
    const packaged = packagedPostgres();
    const reachable = !asRoot || firstUnreachable(packaged.nativeDir) === undefined;
    expect(postgresNativeDir(asRoot, relocationRoot, packaged)).toBe(reachable ? packaged.nativeDir : path.join(relocationRoot, `postgres-${packaged.version}`));
  });
});
