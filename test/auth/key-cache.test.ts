import pg from 'pg';
import { KeyRecordCache } from '../../src/platform/auth/key-cache';
import type { KeyRecord } from '../../src/platform/auth/key-record';
import { createTestDatabase, type TestDatabase, withClient } from '../support/test-database';

/**
 * The cache's own rules (issue 7), with a counted stand-in for the database read and a real LISTEN
 * session: what is served from memory, what is stored, and when it is bypassed.
 */
let database: TestDatabase;
const caches: KeyRecordCache[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const cache of caches.splice(0)) await cache.close();
});
afterAll(() => database.drop());

const record = (clientId: string, status = 'ACTIVE'): KeyRecord => ({
  id: `id-${clientId}`,
  accountId: 'acc',
  clientId,
  apiKeyHash: 'h',
  status,
  expiresAt: null,
  allowedIps: [],
  permissions: [],
  shortReferenceId: 'PA1',
  parentId: null,
  accountStatus: 'ACTIVE',
  verificationStatus: 'APPROVED',
  businessTypes: ['BANKING'],
  accountCreatedAt: new Date('2026-11-21T10:00:00Z'),
  isSandbox: true,
  apiVersion: 'V1.0',
  treeFrozenTime: null,
});

/** A database read that counts its calls and answers what `answers` holds now. */
function countedReads(answers: Map<string, KeyRecord>) {
  const reads: string[] = [];
  return {
    reads,
    read: (clientId: string) => async () => {
      reads.push(clientId);
      return answers.get(clientId);
    },
  };
}

function makeCache(opts: { enabled?: boolean; limit?: number; connect?: () => pg.Client } = {}): KeyRecordCache {
  const cache = new KeyRecordCache({
    enabled: opts.enabled ?? true,
    limit: opts.limit,
    connect: opts.connect ?? (() => new pg.Client({ connectionString: database.url })),
    reconnectMinMs: 10,
    reconnectMaxMs: 20,
  });
  caches.push(cache);
  return cache;
}

/** Ends the cache's LISTEN session from the server side, as a database restart would. */
async function terminateListeners(): Promise<number> {
  return withClient(database.url, async (client) => {
    const { rowCount } = await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN payrail_auth' AND pid <> pg_backend_pid()`,
    );
    return rowCount ?? 0;
  });
}

describe('the key record cache', () => {
  it('serves a second look-up from memory once listening, with the same values', async () => {
    const answers = new Map([['c1', record('c1')]]);
    const db = countedReads(answers);
    const cache = makeCache();
    await cache.ready();
    const first = await cache.lookUp('c1', db.read('c1'));
    const second = await cache.lookUp('c1', db.read('c1'));
    expect(db.reads).toEqual(['c1']);
    expect(second).toEqual(first);
    expect(second).toEqual(record('c1'));
  });

  it('never keeps a miss: an unknown client_id is read every time', async () => {
    const db = countedReads(new Map());
    const cache = makeCache();
    await cache.ready();
    expect(await cache.lookUp('nobody', db.read('nobody'))).toBeUndefined();
    expect(await cache.lookUp('nobody', db.read('nobody'))).toBeUndefined();
    expect(db.reads).toEqual(['nobody', 'nobody']);
    expect(cache.size).toBe(0);
  });

  it('clears on a notification on payrail_auth, from any connection', async () => {
    const answers = new Map([['c1', record('c1')]]);
    const db = countedReads(answers);
    const cache = makeCache();
    await cache.ready();
    await cache.lookUp('c1', db.read('c1'));
    answers.set('c1', record('c1', 'DISABLED'));
    const invalidated = cache.nextInvalidation();
    await withClient(database.url, (client) => client.query(`NOTIFY payrail_auth`));
    await invalidated;
    expect((await cache.lookUp('c1', db.read('c1')))?.status).toBe('DISABLED');
    expect(db.reads).toEqual(['c1', 'c1']);
  });

  it('does not store what a look-up read while an invalidation happened (the generation)', async () => {
    const cache = makeCache();
    await cache.ready();
    let release!: (r: KeyRecord) => void;
    const reading = cache.lookUp('c1', () => new Promise<KeyRecord>((resolve) => (release = resolve)));
    // The change commits and is announced while the (older) answer is on its way.
    cache.invalidate();
    release(record('c1'));
    expect((await reading)?.status).toBe('ACTIVE');
    expect(cache.size).toBe(0);
    const db = countedReads(new Map([['c1', record('c1', 'DISABLED')]]));
    expect((await cache.lookUp('c1', db.read('c1')))?.status).toBe('DISABLED');
    expect(db.reads).toEqual(['c1']);
  });

  it('is bypassed while its LISTEN session is not up, and cleared when it comes back', async () => {
    let reachable = false;
    const cache = makeCache({
      connect: () =>
        reachable
          ? new pg.Client({ connectionString: database.url })
          : new pg.Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 200 }),
    });
    const answers = new Map([['c1', record('c1')]]);
    const db = countedReads(answers);
    // Not listening yet (the server cannot be reached): every look-up reads, nothing is kept.
    await cache.lookUp('c1', db.read('c1'));
    await cache.lookUp('c1', db.read('c1'));
    expect(db.reads).toEqual(['c1', 'c1']);
    expect(cache.active).toBe(false);
    expect(cache.size).toBe(0);

    reachable = true;
    await cache.ready();
    await cache.lookUp('c1', db.read('c1'));
    await cache.lookUp('c1', db.read('c1'));
    expect(db.reads).toHaveLength(3);
    expect(cache.size).toBe(1);

    // The session is lost and cannot come back for now: the held entry goes, look-ups read again.
    reachable = false;
    const lost = cache.nextInvalidation();
    expect(await terminateListeners()).toBe(1);
    await lost;
    expect(cache.active).toBe(false);
    expect(cache.size).toBe(0);
    await cache.lookUp('c1', db.read('c1'));
    await cache.lookUp('c1', db.read('c1'));
    expect(db.reads).toHaveLength(5);
    expect(cache.size).toBe(0);

    // Back: cleared on reconnect (changes made meanwhile were not heard), then cached again.
    reachable = true;
    while (!cache.active) await cache.nextInvalidation();
    expect(cache.size).toBe(0);
    await cache.lookUp('c1', db.read('c1'));
    await cache.lookUp('c1', db.read('c1'));
    expect(db.reads).toHaveLength(6);
  });

  it('keeps at most `limit` entries, dropping the oldest', async () => {
    const answers = new Map(['a', 'b', 'c', 'd'].map((id) => [id, record(id)]));
    const db = countedReads(answers);
    const cache = makeCache({ limit: 3 });
    await cache.ready();
    for (const id of ['a', 'b', 'c', 'd']) await cache.lookUp(id, db.read(id));
    expect(cache.size).toBe(3);
    for (const id of ['b', 'c', 'd', 'a']) await cache.lookUp(id, db.read(id));
    expect(db.reads).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('reads every time when turned off (PAYRAIL_AUTH_CACHE=false), and opens no session', async () => {
    const db = countedReads(new Map([['c1', record('c1')]]));
    const cache = makeCache({ enabled: false, connect: () => { throw new Error('no LISTEN session when the cache is off'); } });
    await cache.ready();
    await cache.lookUp('c1', db.read('c1'));
    await cache.lookUp('c1', db.read('c1'));
    expect(db.reads).toEqual(['c1', 'c1']);
    expect(cache.size).toBe(0);
  });

  it('hands out records nobody can change in place', async () => {
    const db = countedReads(new Map([['c1', record('c1')]]));
    const cache = makeCache();
    await cache.ready();
    const held = (await cache.lookUp('c1', db.read('c1')))!;
    expect(Object.isFrozen(held)).toBe(true);
    expect(Object.isFrozen(held.permissions)).toBe(true);
  });
});

describe('watchers (live subscriptions check their access again at every change)', () => {
  it('are told of every notification, even with caching off, until they unsubscribe', async () => {
    const cache = makeCache({ enabled: false });
    let told = 0;
    // The session's first connect wakes the watchers too (a change may have gone unheard before it).
    const connected = cache.nextInvalidation();
    const unwatch = cache.onChange(() => told++);
    await connected;
    const before = told;
    const heard = cache.nextInvalidation();
    await withClient(database.url, (client) => client.query(`NOTIFY payrail_auth`));
    await heard;
    expect(told).toBe(before + 1);
    unwatch();
    const again = cache.nextInvalidation();
    await withClient(database.url, (client) => client.query(`NOTIFY payrail_auth`));
    await again;
    expect(told).toBe(before + 1);
  });
});
