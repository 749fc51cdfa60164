import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { OUTBOX_START, type TailedEvent } from '../../src/platform/events/tail';
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

async function takeEvents(stream: AsyncIterator<TailedEvent>, n: number): Promise<TailedEvent[]> {
  const events: TailedEvent[] = [];
  while (events.length < n) {
    const step = await stream.next();
    if (step.done) break;
    events.push(step.value);
  }
  return events;
}

const take = async (stream: AsyncIterator<TailedEvent>, n: number): Promise<string[]> => (await takeEvents(stream, n)).map((e) => e.eventName);

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

  it('a slow subscriber is cut (onOverflow, the socket closes with 1013) and resumes from the last event it took, missing none', async () => {
    const hub = new LiveHub({ db: pool, listenClient: () => new pg.Client({ connectionString: db.url }), logger: quiet, queueLimit: 2 });
    const mine = { accountId: randomUUID(), includeSubAccounts: false };
    let overflowed = 0;
    const slow = await hub.subscribe(mine, () => overflowed++);
    const firstTwo = takeEvents(slow, 2);
    await insertEvent('d.one', mine.accountId);
    await insertEvent('d.two', mine.accountId);
    const taken = await firstTwo;
    // It stops reading; three more events overflow its queue of two and end its stream.
    for (const name of ['d.three', 'd.four', 'd.five']) await insertEvent(name, mine.accountId);
    for (let i = 0; i < 200 && overflowed === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(overflowed).toBe(1);
    expect(await slow.next()).toEqual({ value: undefined, done: true });
    // Resumed after the last event it took: the three it lost, then live ones.
    const resumed = await hub.subscribe(mine, () => undefined, { after: taken[1]!.cursor });
    const rest = take(resumed, 4);
    await insertEvent('d.six', mine.accountId);
    expect(await rest).toEqual(['d.three', 'd.four', 'd.five', 'd.six']);
    await hub.close();
  });

  it('replays a long history in batches, in commit order, applying the filter to replay and live alike', async () => {
    const hub = new LiveHub({ db: pool, listenClient: () => new pg.Client({ connectionString: db.url }), logger: quiet });
    const mine = randomUUID();
    await pool.query(
      `INSERT INTO outbox_events (id, account_id, event_type, event_name, source_id, data, created_at)
       SELECT gen_random_uuid(), $1, 'PAYOUT', CASE WHEN i % 2 = 0 THEN 'e.even' ELSE 'e.odd' END, gen_random_uuid(), jsonb_build_object('i', i), now()
         FROM generate_series(1, 1201) AS i`,
      [mine],
    );
    const all = await hub.subscribe({ accountId: mine, includeSubAccounts: false }, () => undefined, { after: OUTBOX_START });
    const replayed = await takeEvents(all, 1201);
    expect(replayed.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: 1201 }, (_, i) => i + 1));
    const evens = await hub.subscribe({ accountId: mine, includeSubAccounts: false }, () => undefined, {
      after: OUTBOX_START,
      matches: (e) => e.eventName === 'e.even',
    });
    const evenEvents = takeEvents(evens, 601);
    await insertEvent('e.odd', mine);
    await insertEvent('e.even', mine);
    const got = await evenEvents;
    expect(got.length).toBe(601);
    expect(got.every((e) => e.eventName === 'e.even')).toBe(true);
    expect((got.at(-2)!.data as { i: number }).i).toBe(1200);
    await hub.close();
  });
});
