import { randomUUID } from 'node:crypto';
import { readRows } from '../../src/platform/db/reads';
import { startTestApp, type TestApp } from '../support/app';
import { makeMaster, makeSub, type Tenant } from '../support/tenants';

/**
 * readRows (src/platform/db/reads.ts): the reads a write set is prepared from run as a named statement on the
 * pool, or inside a caller's open transaction — the same rows either way, and inside the transaction
 * they see what it wrote and has not committed.
 */
let t: TestApp;
let master: Tenant;
let sub: Awaited<ReturnType<typeof makeSub>>;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Reads master' });
  sub = await makeSub(t.services, master, 'Reads sub');
});
afterAll(() => t.close());

const partiesRead = (ids: string[]) => ({
  name: 'test_reads_parties',
  text: `SELECT id, name, parent_id AS "parentId" FROM accounts WHERE id = ANY($1::uuid[]) AND status <> 'CLOSED' ORDER BY name`,
  values: [ids],
});

test('the pool and a caller\'s transaction answer the same rows', async () => {
  const ids = [master.account.id, sub.id, randomUUID()];
  const pooled = await readRows<{ id: string; name: string; parentId: string | null }>({ db: t.db }, partiesRead(ids));
  expect(pooled).toEqual([
    { id: master.account.id, name: 'Reads master', parentId: null },
    { id: sub.id, name: 'Reads sub', parentId: master.account.id },
  ]);
  const inTx = await t.db.prisma.$transaction((tx) => readRows({ db: t.db, tx }, partiesRead(ids)));
  expect(inTx).toEqual(pooled);
});

test("inside the caller's transaction the read sees its uncommitted write; the pool does not", async () => {
  const ids = [master.account.id, sub.id];
  const rollback = new Error('roll back');
  const seen = await t.db.prisma
    .$transaction(async (tx) => {
      await tx.$executeRaw`UPDATE accounts SET status = 'CLOSED' WHERE id = ${sub.id}::uuid`;
      const inside = await readRows<{ id: string }>({ db: t.db, tx }, partiesRead(ids));
      const outside = await readRows<{ id: string }>({ db: t.db }, partiesRead(ids));
      throw Object.assign(rollback, { inside, outside });
    })
    .catch((e: unknown) => e as typeof rollback & { inside: { id: string }[]; outside: { id: string }[] });
  expect(seen.inside.map((r) => r.id)).toEqual([master.account.id]);
  expect(seen.outside.map((r) => r.id).sort()).toEqual([master.account.id, sub.id].sort());
});
