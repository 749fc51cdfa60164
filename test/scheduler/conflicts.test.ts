import { randomUUID } from 'node:crypto';
import { runDueTransitions } from '../../src/platform/scheduler/run';
import { defineTransition, scheduleTransition } from '../../src/platform/scheduler/transitions';
import { startTestApp, type TestApp } from '../support/app';
import { lockProbe, type LockProbe } from '../support/locks';

/**
 * A transition whose transaction is chosen as a deadlock's victim lost to another transaction, not
 * to its own rules: it runs again at once rather than waiting out a backoff (src/platform/scheduler/run.ts).
 * The deadlock is made, not hoped for: the handler holds row 1 and waits for row 2, which a holder
 * connection has; only then does the holder ask for row 1. The holder's deadlock_timeout is long,
 * so PostgreSQL's check runs in the handler's backend first and the handler is the victim.
 */

let t: TestApp;
let probe: LockProbe;
let runs = 0;
let handlerHoldsRowOne!: () => void;
let holdsRowOne: Promise<void>;

defineTransition('test.deadlock_once', async (tx) => {
  runs++;
  await tx.$executeRawUnsafe('UPDATE deadlock_rows SET v = v + 1 WHERE id = 1');
  if (runs === 1) handlerHoldsRowOne();
  await tx.$executeRawUnsafe('UPDATE deadlock_rows SET v = v + 1 WHERE id = 2');
});

beforeAll(async () => {
  t = await startTestApp();
  await t.db.pool.query('CREATE TABLE deadlock_rows (id int PRIMARY KEY, v int NOT NULL)');
  await t.db.pool.query('INSERT INTO deadlock_rows VALUES (1, 0), (2, 0)');
  probe = await lockProbe(t.url);
});
afterAll(async () => {
  await probe.close();
  await t.close();
});

describe('a transition that loses a deadlock', () => {
  it('runs again at once: DONE after one attempt, no error kept, its due time unchanged', async () => {
    const root = randomUUID();
    const dueAt = new Date(t.clock.now().getTime() - 1000);
    await t.db.prisma.$transaction((tx) =>
      scheduleTransition(tx, { accountId: root, rootAccountId: root, kind: 'test.deadlock_once', subjectId: root, dueAt, now: dueAt }),
    );
    holdsRowOne = new Promise<void>((resolve) => (handlerHoldsRowOne = resolve));
    await probe.holder.query('BEGIN');
    await probe.holder.query("SET LOCAL deadlock_timeout = '60s'");
    await probe.holder.query('UPDATE deadlock_rows SET v = v + 10 WHERE id = 2');

    const running = runDueTransitions(t.services, { realClock: true });
    await holdsRowOne;
    expect(await probe.waitingBackend(/deadlock_rows/, running)).toEqual(expect.any(Number));
    // Closing the cycle: the handler's backend finds it and is rolled back, which frees row 1.
    await probe.holder.query('UPDATE deadlock_rows SET v = v + 10 WHERE id = 1');
    await probe.holder.query('COMMIT');

    expect(await running).toBe(1);
    expect(runs).toBe(2);
    const row = await t.db.prisma.scheduledTransition.findFirstOrThrow({ where: { subjectId: root } });
    expect([row.status, row.attempts, row.lastError, row.dueAt.toISOString()]).toEqual(['DONE', 1, null, dueAt.toISOString()]);
    // The rolled-back run left nothing: each row moved by the holder (10) and by the one run that committed (1).
    expect((await t.db.pool.query('SELECT id, v FROM deadlock_rows ORDER BY id')).rows).toEqual([
      { id: 1, v: 11 },
      { id: 2, v: 11 },
    ]);
  });
});
