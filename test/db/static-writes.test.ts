import { createHash, randomUUID } from 'node:crypto';
import { GroupCommitter, wireBatch } from '../../src/platform/db/group-commit';
import { addTransition } from '../../src/platform/scheduler/transitions';
import { STALE, WriteSet } from '../../src/platform/writes/write-set';
import { startTestApp, type TestApp } from '../support/app';
import { payer, payoutBody } from '../wallet/payouts/fixtures';

/**
 * The group commit's static writes (migration batch_static_writes): rows inserted by the static
 * statements of payrail_insert_row (or by dynamic SQL for a table it does not list), rows guarded
 * unchanged by payrail_row_unchanged, and rows collected for one insert per table after the last item.
 */
let t: TestApp;
let commits: GroupCommitter;

beforeAll(async () => {
  t = await startTestApp();
  commits = new GroupCommitter(t.db.pool, { lanes: 1, maxBatch: 256 });
});
afterAll(async () => {
  await commits.close();
  await t.close();
});

const entry = (id: string, account: string) => ({
  id,
  accountId: account,
  kind: 'TEST',
  referenceType: 'test',
  referenceId: randomUUID(),
  description: null,
  createdAt: new Date(),
});

test('ops travel as row inserts, unchanged-row guards and collected rows, not as named statements', () => {
  const writes = new WriteSet();
  const beneficiary = randomUUID();
  writes.requireUnchanged('beneficiaries', { id: beneficiary, version: 3 }, STALE);
  writes.insertWithFreshReference('payouts', { id: 'p1' });
  writes.insert('refunds', { id: 'r1' });
  addTransition(writes, { accountId: 'a', rootAccountId: 'a', kind: 'k', subjectId: 's', dueAt: new Date(0), now: new Date(0) });
  const [statements, items] = wireBatch([{ ops: writes.ops }]);
  expect(JSON.parse(statements)).toEqual({});
  const [wired] = JSON.parse(items) as { ops: Record<string, unknown>[] }[];
  expect(wired!.ops).toEqual([
    { v: 'beneficiaries', a: { id: beneficiary, version: 3 }, x: 0 },
    { i: 'payouts', a: { id: 'p1' }, c: true, x: 1 },
    { i: 'refunds', a: { id: 'r1' } },
    { w: 'scheduled_transitions', a: expect.objectContaining({ kind: 'k', subject_id: 's', status: 'PENDING' }) },
  ]);
});

test('a listed table: a conflicting row is skipped when asked (0 rows), raises a unique violation otherwise', async () => {
  const p = await payer(t, 'Static insert conflicts');
  expect((await p.c.post('/v1/payouts', payoutBody(p.beneficiary))).status).toBe(200);
  const client = await t.db.pool.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT payrail_insert_row('payouts', to_jsonb(p), true) AS n FROM payouts p WHERE account_id = $1`,
      [p.id],
    );
    expect(rows).toEqual([{ n: '0' }]);
    await expect(
      client.query(`SELECT payrail_insert_row('payouts', to_jsonb(p), false) FROM payouts p WHERE account_id = $1`, [p.id]),
    ).rejects.toMatchObject({ code: '23505' });
  } finally {
    client.release();
  }
  expect(await t.db.prisma.payout.count({ where: { accountId: p.id } })).toBe(1);
});

test('a table outside the static list is inserted all the same; a clash refuses, a plain duplicate fails', async () => {
  const account = randomUUID();
  const id = randomUUID();
  const first = new WriteSet();
  first.insertWithFreshReference('journal_entries', entry(id, account));
  expect(await commits.submit({ ops: first.ops })).toEqual({ o: 'applied', rows: [true] });

  const clash = new WriteSet();
  clash.insertWithFreshReference('journal_entries', entry(id, account));
  expect(await commits.submit({ ops: clash.ops })).toEqual({ o: 'refused', refusal: 0 });

  const duplicate = new WriteSet();
  duplicate.insert('journal_entries', entry(id, account));
  expect(await commits.submit({ ops: duplicate.ops })).toMatchObject({ o: 'failed', state: '23505', constraint: 'journal_entries_pkey' });
  expect(await t.db.prisma.journalEntry.count({ where: { accountId: account } })).toBe(1);
});

test('an item that fails takes its collected rows with it; the others keep theirs, in order', async () => {
  const account = randomUUID();
  const taken = randomUUID();
  const seed = new WriteSet();
  seed.insert('journal_entries', entry(taken, account));
  expect((await commits.submit({ ops: seed.ops })).o).toBe('applied');

  const outcomes = await Promise.all(
    ['a', 'b', 'c'].map((subject) => {
      const writes = new WriteSet();
      addTransition(writes, { accountId: account, rootAccountId: account, kind: 'TEST', subjectId: randomUUID(), dueAt: new Date(), now: new Date() });
      writes.insert('journal_entries', entry(subject === 'b' ? taken : randomUUID(), account));
      return commits.submit({ ops: writes.ops });
    }),
  );
  expect(outcomes.map((o) => o.o)).toEqual(['applied', 'failed', 'applied']);
  expect(await t.db.prisma.scheduledTransition.count({ where: { accountId: account } })).toBe(2);
  expect(await t.db.prisma.journalEntry.count({ where: { accountId: account } })).toBe(3);
});

test('a named set insert of the previous version ({"s": name}) is still inserted, for applied items only', async () => {
  const account = randomUUID();
  const setSql = `INSERT INTO scheduled_transitions SELECT * FROM jsonb_populate_recordset(NULL::scheduled_transitions, $1::jsonb)`;
  const guardSql = `SELECT 'true'::jsonb WHERE $1::jsonb->>'v' = 'ok'`;
  const named = (sql: string) => `payrail_${createHash('md5').update(sql).digest('hex')}`;
  const row = (due: string) => ({
    id: randomUUID(), account_id: account, root_account_id: account, kind: 'TEST', subject_id: randomUUID(),
    due_at: due, status: 'PENDING', attempts: 0, last_error: null, created_at: due, done_at: null,
  });
  const items = ['ok', 'no', 'ok'].map((v, i) => ({
    ops: [{ s: named(setSql), a: row(`2026-01-0${i + 1}T00:00:00Z`) }, { q: named(guardSql), a: { v }, r: true, x: 0 }],
  }));
  const { rows } = await t.db.pool.query<{ outcomes: { o: string }[] }>('SELECT payrail_apply_batch($1::jsonb, $2::jsonb) AS outcomes', [
    JSON.stringify({ [named(setSql)]: setSql, [named(guardSql)]: guardSql }),
    JSON.stringify(items),
  ]);
  expect(rows[0]!.outcomes.map((o) => o.o)).toEqual(['applied', 'refused', 'applied']);
  const due = await t.db.prisma.scheduledTransition.findMany({ where: { accountId: account }, orderBy: { dueAt: 'asc' } });
  expect(due.map((d) => d.dueAt.toISOString())).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-03T00:00:00.000Z']);
});
