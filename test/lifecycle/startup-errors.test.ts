import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/ops/embedded';
import { applyMigrations, defaultMigrationsDir, migrationNames } from '../../src/ops/migrations';
import { refusingPort } from '../support/ports';
import { SERVER_TEST_TIMEOUT_MS, runUntilExit, type ExitedRun } from '../support/server-process';
import { tempDataDir } from '../support/temp-dirs';
import { createTestDatabase, withClient, type TestDatabase } from '../support/test-database';

// Server processes start here: the file's tests get the time a start may take (support/server-process.ts).
jest.setTimeout(SERVER_TEST_TIMEOUT_MS);

// Each start-up failure is one message on stderr: the cause, then the fix. No stack trace unless
// LOG_LEVEL=debug. The real server is started and must exit 1.
const work = tempDataDir('payrail-startup-errors-');
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

const external = (env: Record<string, string> = {}) => ({
  DATABASE_URL: database.url,
  PAYRAIL_JWT_SECRET: Buffer.alloc(32, 5).toString('base64'),
  PAYRAIL_DATA_DIR: path.join(work, 'data-external'),
  ...env,
});

/** Exit code 1 and stderr exactly: "payrail could not start: <cause>" and "  fix: <fix>". */
function expectOneMessage(run: ExitedRun, cause: RegExp, fix: RegExp): void {
  expect(run.code).toBe(1);
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^payrail could not start: /);
  expect(lines[0]).toMatch(cause);
  expect(lines[1]).toMatch(/^ {2}fix: /);
  expect(lines[1]).toMatch(fix);
  expect(run.stderr + run.stdout).not.toMatch(/^\s+at /m);
}

/** Runs the server against a PostgreSQL URL whose port refuses connections for the whole run. */
async function withRefusingPort(body: (port: number) => Promise<void>): Promise<void> {
  const refusing = await refusingPort();
  try {
    await body(refusing.port);
  } finally {
    await refusing.release();
  }
}

describe('a server that cannot start says why and what to do, in one message', () => {
  it('port in use', async () => {
    const taken = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const run = await runUntilExit(external({ PORT: String(port) }));
      expectOneMessage(run, new RegExp(`127\\.0\\.0\\.1:${port} is already in use`), new RegExp(`PORT=${port + 1} npm start`));
    } finally {
      taken.close();
    }
  });

  it('data dir not writable', async () => {
    const locked = path.join(work, 'locked');
    fs.mkdirSync(locked);
    // Root writes anywhere the mode bits forbid; the immutable attribute stops root too.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) execFileSync('chattr', ['+i', locked]);
    else fs.chmodSync(locked, 0o555);
    try {
      const run = await runUntilExit(external({ PAYRAIL_DATA_DIR: path.join(locked, 'data') }));
      expectOneMessage(run, new RegExp(`the data directory ${locked}/data is not writable \\((EPERM|EACCES)`), /make it writable for this user .*, or point PAYRAIL_DATA_DIR at a directory that is/);
    } finally {
      if (asRoot) execFileSync('chattr', ['-i', locked]);
      else fs.chmodSync(locked, 0o755);
    }
  });

  it('DATABASE_URL unreachable, without showing its password', () =>
    withRefusingPort(async (port) => {
      const run = await runUntilExit(external({ DATABASE_URL: `postgresql://payrail:s3cret-pw@127.0.0.1:${port}/payrail` }));
      expectOneMessage(run, new RegExp(`cannot reach the PostgreSQL at 127\\.0\\.0\\.1:${port}/payrail named by DATABASE_URL \\(.*ECONNREFUSED`), /start that server or correct DATABASE_URL/);
      expect(run.stderr).not.toContain('s3cret-pw');
    }));

  it('DATABASE_URL with a wrong password', async () => {
    const url = new URL(database.url);
    url.password = 'wrong-password';
    const run = await runUntilExit(external({ DATABASE_URL: url.toString() }));
    expectOneMessage(run, /refused the credentials in DATABASE_URL \(password authentication failed/, /correct the user and password in DATABASE_URL/);
  });

  it('invalid configuration', async () => {
    const run = await runUntilExit(external({ PORT: 'eighty' }));
    expectOneMessage(run, /invalid configuration: PORT: /, /correct or unset the variables it names/);
  });

  it('a migration that fails, with the embedded database stopped again', async () => {
    // A data dir whose database lacks the record of its first migration: applying it again
    // collides with the tables it created.
    const dataDir = path.join(work, 'data-migration');
    const db = await startEmbeddedPostgres({ dataDir });
    const last = migrationNames(defaultMigrationsDir())[0]!;
    try {
      await applyMigrations(db.url, defaultMigrationsDir());
      await withClient(db.url, (c) => c.query('DELETE FROM "_prisma_migrations" WHERE migration_name = $1', [last]));
    } finally {
      await db.stop();
    }
    const run = await runUntilExit({ PAYRAIL_DATA_DIR: dataDir });
    expectOneMessage(run, new RegExp(`migration ${last} failed and was rolled back: relation ".*" already exists`), new RegExp(`correct prisma/migrations/${last}/migration.sql`));
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });

  it('LOG_LEVEL=debug adds the stack trace', () =>
    withRefusingPort(async (port) => {
      const run = await runUntilExit(external({ DATABASE_URL: `postgresql://payrail:pw@127.0.0.1:${port}/payrail`, LOG_LEVEL: 'debug' }));
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^payrail could not start: cannot reach the PostgreSQL/);
      expect(run.stderr).toMatch(/^\s+at .*probe\.js/m);
    }));
});
