import { randomUUID } from 'node:crypto';
import type { Tx } from '../../../src/platform/db/tx';
import { checkLedger } from '../../../src/platform/ledger/invariants';
import { nextCutAfter } from '../../../src/domain/acquiring/settlements/cut-time';
import { runSettlementCut } from '../../../src/domain/acquiring/settlements/cut';
import { startTestApp, type TestApp } from '../../support/app';
import { capturedIntent } from '../refunds/captured';
import { merchant } from '../refunds/fixtures';

/**
 * The daily cut is a scheduled job, not a row's lifecycle: it reads first (the captures, locked;
 * the settlement currencies; the cut's batches already written), then applies one write set. Here
 * it runs on a transaction that records every statement it is sent.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Sent {
  via: string;
  sql: string;
  /** The write set's form: the statement's one parameter is its JSON arguments. */
  writeSetForm: boolean;
}

const WRITES = /^\s*(INSERT|UPDATE|DELETE|WITH|SELECT payrail_post)\b/i;
const DELEGATE_WRITES = new Set(['create', 'createMany', 'update', 'updateMany', 'upsert', 'delete', 'deleteMany']);

function recording(tx: Tx, sent: Sent[]): Tx {
  return new Proxy(tx, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof key === 'string' && key.startsWith('$') && typeof value === 'function') {
        return (...args: unknown[]) => {
          const first = args[0];
          const sql = typeof first === 'string' ? first : Array.isArray(first) ? first.join('?') : String(first);
          sent.push({ via: key, sql, writeSetForm: args.length === 2 && typeof args[1] === 'string' && args[1].startsWith('{') });
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      if (typeof value === 'object' && value !== null) {
        return new Proxy(value, {
          get(d, op) {
            const f: unknown = Reflect.get(d, op);
            if (typeof f !== 'function') return f;
            return (...a: unknown[]) => {
              sent.push({ via: `${String(key)}.${String(op)}`, sql: DELEGATE_WRITES.has(String(op)) ? 'INSERT (a model write)' : 'SELECT (a model read)', writeSetForm: false });
              return (f as (...x: unknown[]) => unknown).apply(d, a);
            };
          },
        });
      }
      return value;
    },
  }) as Tx;
}

describe('the daily cut', () => {
  it('reads, then applies one write set: the batch, each item with its settled mark and posting, the event', async () => {
    const m = await merchant(t, 'One write set');
    await capturedIntent(t, m.id, { amount: '40.00', currency: 'USD' });
    await capturedIntent(t, m.id, { amount: '60.00', currency: 'USD' });
    const cut = nextCutAfter(t.clock.now());
    const sent: Sent[] = [];
    const batches = await t.db.prisma.$transaction((tx) => runSettlementCut(recording(tx, sent), m.id, cut, cut));
    expect(batches.map((b) => [b.currency, b.items])).toEqual([['USD', 2]]);

    const firstWrite = sent.findIndex((s) => WRITES.test(s.sql));
    expect(firstWrite).toBeGreaterThan(0);
    // Nothing is written before the last read, and everything from the first write on is the one write set.
    expect(sent.slice(0, firstWrite).filter((s) => WRITES.test(s.sql))).toEqual([]);
    const tail = sent.slice(firstWrite);
    expect(tail.filter((s) => !s.writeSetForm)).toEqual([]);
    // The batch, two items each with its settled mark and posting, the batch's event.
    expect(tail).toHaveLength(1 + 2 * 3 + 1);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('adds to the batch of the cut a run before it wrote, under its id, and tells only its own items', async () => {
    const m = await merchant(t, 'Late capture batch');
    const cut = nextCutAfter(t.clock.now());
    const earlier = randomUUID();
    await t.db.pool.query(
      `INSERT INTO settlement_batches (id, account_id, currency, cut_at, item_count, created_at) VALUES ($1, $2, 'USD', $3, 2, $3)`,
      [earlier, m.id, cut],
    );
    const p = await capturedIntent(t, m.id, { amount: '25.00', currency: 'USD' });
    const batches = await t.db.prisma.$transaction((tx) => runSettlementCut(tx, m.id, cut, cut));
    expect(batches.map((b) => [b.id, b.items])).toEqual([[earlier, 1]]);
    const item = await t.db.prisma.settlementItem.findUniqueOrThrow({ where: { paymentAttemptId: p.attemptId } });
    expect(item.batchId).toBe(earlier);
    expect((await t.db.prisma.settlementBatch.findUniqueOrThrow({ where: { id: earlier } })).itemCount).toBe(3);
    const events = await t.db.pool.query<{ source_id: string }>(
      `SELECT source_id::text FROM outbox_events WHERE account_id = $1 AND event_name = 'settlement.create.succeeded'`,
      [m.id],
    );
    expect(events.rows.map((r) => r.source_id)).toEqual([earlier]);
  });
});
