import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { TailedEvent } from '../../src/platform/events/tail';
import { LiveHub } from '../../src/platform/live/hub';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
let pool: pg.Pool;
const account = randomUUID();
const audience = { accountId: account, includeSubAccounts: false };
const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

async function insertEvent(name: string, of = account, type = 'PAYOUT'): Promise<string> {
  const id = randomUUID();
  await pool.query(
    `INSERT INTO outbox_events (id, account_id, event_type, event_name, source_id, data, created_at) VALUES ($1, $2, $5, $3, $4, '{}', now())`,
    [id, of, name, randomUUID(), type],
  );
  return id;
}

async function take(stream: AsyncIterator<TailedEvent>, n: number): Promise<string[]> {
  const names: string[] = [];
  while (names.length < n) {
    const step = await stream.next();
    if (step.done) break;
    names.push(step.value.eventName);
  }
  return names;
}

describe('LiveHub', () => {
  it('drops a subscriber that falls behind by more than its queue limit, without holding the others up', async () => {
    const counts: number[] = [];
    const hub = new LiveHub({ db: pool, listenClient: () => new pg.Client({ connectionString: db.url }), logger: quiet, queueLimit: 2, onSubscriberCount: (n) => counts.push(n) });
    let overflowed = 0;
    await hub.subscribe(audience, () => overflowed++); // never read
    const reader = await hub.subscribe(audience, () => undefined);
    const received = take(reader, 3);
    for (const name of ['a.one', 'a.two', 'a.three']) await insertEvent(name);
    expect(await received).toEqual(['a.one', 'a.two', 'a.three']);
    expect(overflowed).toBe(1);
    expect(hub.subscriberCount).toBe(1);
    expect(counts).toEqual([1, 2, 1]);
    await hub.close();
    expect(await reader.next()).toEqual({ value: undefined, done: true });
    expect(counts).toEqual([1, 2, 1, 0]);
  });

  it('still delivers by polling when no LISTEN session can be opened (a NOTIFY may be lost)', async () => {
    // A client for a port nothing listens on: every connect fails, the hub keeps retrying and polls.
    const hub = new LiveHub({
      db: pool,
      listenClient: () => new pg.Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 200 }),
      logger: quiet,
      pollMs: 100,
      reconnectMinMs: 50,
      reconnectMaxMs: 200,
    });
    const stream = await hub.subscribe(audience, () => undefined);
    const received = take(stream, 1);
    await insertEvent('b.polled');
    expect(await received).toEqual(['b.polled']);
    await hub.close();
  });

  it('only hands an event to the audience it reaches', async () => {
    const hub = new LiveHub({ db: pool, listenClient: () => new pg.Client({ connectionString: db.url }), logger: quiet });
    const otherAccount = randomUUID();
    const mine = await hub.subscribe(audience, () => undefined);
    const other = await hub.subscribe({ accountId: otherAccount, includeSubAccounts: true }, () => undefined);
    const typed = await hub.subscribe({ ...audience, types: new Set(['DEPOSIT'] as const) }, () => undefined);
    const received = Promise.all([take(mine, 2), take(other, 1), take(typed, 1)]);
    await insertEvent('c.mine');
    await insertEvent('c.other', otherAccount);
    await insertEvent('c.deposit', account, 'DEPOSIT');
    // Each stream's first events are exactly those meant for it, in commit order.
    expect(await received).toEqual([['c.mine', 'c.deposit'], ['c.other'], ['c.deposit']]);
    await hub.close();
  });
});
