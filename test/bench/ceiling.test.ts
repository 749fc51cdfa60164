import { preparePgbench, runCeiling } from '../../bench/ceiling';
import { createTestDatabase, withClient, type TestDatabase } from '../support/test-database';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await preparePgbench(db.url);
});
afterAll(() => db.drop());

const count = (table: string) =>
  withClient(db.url, async (c) => Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n));

describe('the bench ceiling (pgbench tpcb-like)', () => {
  it('makes the pgbench tables at scale 1 in their own schema, beside payrail tables it leaves alone', async () => {
    expect(await count('pgbench.pgbench_branches')).toBe(1);
    expect(await count('pgbench.pgbench_tellers')).toBe(10);
    expect(await count('pgbench.pgbench_accounts')).toBe(100_000);
    expect(await count('pgbench.pgbench_history')).toBe(0);
    const publicTables = await withClient(db.url, (c) =>
      c.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name LIKE 'pgbench%'`));
    expect(publicTables.rows).toEqual([]);
  });

  it('commits whole TPC-B transactions: every history row moved its account, teller and branch by its delta', async () => {
    const figures = await runCeiling(db.url, 3, 1);
    expect(figures.errors).toBe(0);
    expect(figures.transactions).toBeGreaterThan(0);
    expect(await count('pgbench.pgbench_history')).toBe(figures.transactions);
    const sums = await withClient(db.url, async (c) => (await c.query<Record<string, string>>(`SELECT
      (SELECT coalesce(sum(delta), 0) FROM pgbench.pgbench_history) AS history,
      (SELECT sum(abalance) FROM pgbench.pgbench_accounts) AS accounts,
      (SELECT sum(tbalance) FROM pgbench.pgbench_tellers) AS tellers,
      (SELECT sum(bbalance) FROM pgbench.pgbench_branches) AS branches`)).rows[0]);
    expect(new Set(Object.values(sums ?? {})).size).toBe(1);
    expect(figures.p99).toBeGreaterThanOrEqual(figures.p50);
  });
});
