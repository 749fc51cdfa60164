import pg from 'pg';
import { createDatabase, type ServiceDatabase } from '../../src/database';
import { newClient, newPool } from '../../src/platform/db/connections';
import { OutboxNotifier } from '../../src/platform/db/outbox-notifier';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * A session that ends under payrail (the server restarted or crashed, a failover, a network cut)
 * is an error the holder of the connection meets on its next statement, never an `'error'` event
 * nobody listens to: node-postgres emits one when a session ends while no query of it runs, and
 * an unheard `'error'` event ends the process. Sessions are ended here with pg_terminate_backend,
 * which a client sees exactly as a server going away (FATAL, then the socket closes).
 */

let database: TestDatabase;
let admin: pg.Client;
let db: ServiceDatabase;
const lost: Error[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  db = createDatabase(database.url, { poolSize: 4, authCache: true, onConnectionLost: (err) => lost.push(err) });
});

afterAll(async () => {
  await db?.close();
  await admin?.end();
  await database?.drop();
});

async function backendPid(client: pg.ClientBase): Promise<number> {
  return (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
}

async function terminate(pid: number): Promise<void> {
  await admin.query('SELECT pg_terminate_backend($1)', [pid]);
}

const ECHO = `SELECT jsonb_build_object('echo', $1::jsonb->>'v')`;

const ended = (client: pg.ClientBase) => new Promise<void>((resolve) => client.once('end', () => resolve()));

describe('a connection whose session ends', () => {
  it('lent by the pool, idle inside a transaction: the process carries on, the holder\'s next statement fails, the pool serves on', async () => {
    const lent = await db.pool.connect();
    await lent.query('BEGIN');
    const pid = await backendPid(lent);
    const gone = ended(lent);
    await terminate(pid);
    await gone;
    await expect(lent.query('SELECT 1')).rejects.toThrow();
    lent.release();
    expect(lost.some((e) => /terminating connection due to administrator command|Connection terminated/.test(e.message))).toBe(true);
    const { rows } = await db.pool.query<{ one: number }>('SELECT 1 AS one');
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('lent by the pool to a Prisma transaction, between two statements: the transaction fails, the next one commits', async () => {
    let pid = 0;
    const failed = db.prisma.$transaction(async (tx) => {
      pid = (await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0]!.pid;
      await terminate(pid);
      // The backend has exited: its FATAL is on the way while no statement of this transaction runs.
      while ((await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount! > 0) await new Promise((r) => setTimeout(r, 10));
      await tx.$queryRaw`SELECT 1`;
    });
    await expect(failed).rejects.toThrow();
    expect(pid).toBeGreaterThan(0);
    await expect(db.prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 1 AS one`)).resolves.toEqual([{ one: 1 }]);
  });

  it('every session of the database at once, under group-commit writes: writes resume, the LISTEN sessions come back', async () => {
    await db.keyRecords.ready();
    const notifier = new OutboxNotifier(db.pool.options, 'payrail_outbox');
    notifier.poke();
    const write = (i: number) => db.commits.submit({ ops: [{ sql: ECHO, args: { v: String(i) }, returns: true }] });
    const first = Array.from({ length: 20 }, (_v, i) => write(i));
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    const second = Array.from({ length: 20 }, (_v, i) => write(20 + i));
    const answers = await Promise.allSettled([...first, ...second]);
    // Each write was applied, or failed with an error its caller sees; none went unheard.
    for (const a of answers) if (a.status === 'fulfilled') expect(a.value.o).toBe('applied');
    // Writes resume: a pooled connection whose end was not yet read fails its one write (a caller
    // cannot know whether an interrupted write committed, so nothing retries it blindly), and is
    // dropped; the pool holds at most 4 of them.
    let resumed: unknown;
    for (let attempt = 0; attempt <= 4 && resumed === undefined; attempt++) resumed = await write(40).catch(() => undefined);
    expect(resumed).toEqual({ o: 'applied', rows: [{ echo: '40' }] });
    // The auth cache's LISTEN session reconnects on its own (backoff), and is served from memory again.
    const deadline = Date.now() + 20_000;
    while (!db.keyRecords.active && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(db.keyRecords.active).toBe(true);
    notifier.poke();
    await notifier.close();
  });
});

describe('every connection payrail opens listens for errors', () => {
  it('a dedicated client (LISTEN sessions, migrations, probes) survives its session\'s end', async () => {
    const heard: Error[] = [];
    const client = newClient({ connectionString: database.url }, (e) => heard.push(e));
    await client.connect();
    const gone = ended(client);
    await terminate(await backendPid(client));
    await gone;
    expect(heard.length).toBeGreaterThan(0);
    await client.end().catch(() => undefined);
  });

  it('a pool lends clients that listen for errors, new and reused', async () => {
    const pool = newPool({ connectionString: database.url, max: 1 });
    try {
      for (let i = 0; i < 2; i++) {
        const client = await pool.connect();
        expect(client.listenerCount('error')).toBeGreaterThan(0);
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});
