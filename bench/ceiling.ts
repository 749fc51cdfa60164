import pg from 'pg';

/**
 * The ceiling: pgbench's built-in "tpcb-like" script, run through the `pg` driver from the bench
 * process against the bench's own PostgreSQL. The tables live in their own schema (`pgbench`), so
 * payrail's tables are untouched, at scale 1 as `pgbench -i -s 1` makes them.
 */
export const SCALE = 1;
const NBRANCHES = 1;
const NTELLERS = 10;
const NACCOUNTS = 100_000;

export interface CeilingFigures {
  tps: number;
  p50: number;
  p99: number;
  transactions: number;
  errors: number;
}

/** What `pgbench -i -s 1 -I dtGvp` does: drop, create, generate server-side, vacuum, primary keys. */
export async function preparePgbench(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`
      DROP SCHEMA IF EXISTS pgbench CASCADE;
      CREATE SCHEMA pgbench;
      CREATE TABLE pgbench.pgbench_history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22));
      CREATE TABLE pgbench.pgbench_tellers (tid int NOT NULL, bid int, tbalance int, filler char(84)) WITH (fillfactor = 100);
      CREATE TABLE pgbench.pgbench_accounts (aid int NOT NULL, bid int, abalance int, filler char(84)) WITH (fillfactor = 100);
      CREATE TABLE pgbench.pgbench_branches (bid int NOT NULL, bbalance int, filler char(88)) WITH (fillfactor = 100);
      INSERT INTO pgbench.pgbench_branches (bid, bbalance) SELECT bid, 0 FROM generate_series(1, ${NBRANCHES * SCALE}) AS bid;
      INSERT INTO pgbench.pgbench_tellers (tid, bid, tbalance) SELECT tid, (tid - 1) / ${NTELLERS} + 1, 0 FROM generate_series(1, ${NTELLERS * SCALE}) AS tid;
      INSERT INTO pgbench.pgbench_accounts (aid, bid, abalance, filler)
        SELECT aid, (aid - 1) / ${NACCOUNTS} + 1, 0, '' FROM generate_series(1, ${NACCOUNTS * SCALE}) AS aid;`);
    await c.query('VACUUM ANALYZE pgbench.pgbench_branches, pgbench.pgbench_tellers, pgbench.pgbench_accounts, pgbench.pgbench_history');
    await c.query(`
      ALTER TABLE pgbench.pgbench_branches ADD PRIMARY KEY (bid);
      ALTER TABLE pgbench.pgbench_tellers ADD PRIMARY KEY (tid);
      ALTER TABLE pgbench.pgbench_accounts ADD PRIMARY KEY (aid);`);
  } finally {
    await c.end();
  }
}

/** pgbench's random(lb, ub): uniform over the integers lb..ub, both included. */
const random = (lb: number, ub: number): number => lb + Math.floor(Math.random() * (ub - lb + 1));

/**
 * One tpcb-like transaction, statement by statement as pgbench sends it in its default
 * `--protocol=simple` mode: each statement is one round trip with its values written into the text.
 */
async function tpcb(c: pg.Client): Promise<void> {
  const aid = random(1, NACCOUNTS * SCALE);
  const bid = random(1, NBRANCHES * SCALE);
  const tid = random(1, NTELLERS * SCALE);
  const delta = random(-5000, 5000);
  await c.query('BEGIN;');
  await c.query(`UPDATE pgbench.pgbench_accounts SET abalance = abalance + ${delta} WHERE aid = ${aid};`);
  await c.query(`SELECT abalance FROM pgbench.pgbench_accounts WHERE aid = ${aid};`);
  await c.query(`UPDATE pgbench.pgbench_tellers SET tbalance = tbalance + ${delta} WHERE tid = ${tid};`);
  await c.query(`UPDATE pgbench.pgbench_branches SET bbalance = bbalance + ${delta} WHERE bid = ${bid};`);
  await c.query(`INSERT INTO pgbench.pgbench_history (tid, bid, aid, delta, mtime) VALUES (${tid}, ${bid}, ${aid}, ${delta}, CURRENT_TIMESTAMP);`);
  await c.query('END;');
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Runs tpcb-like on `connections` connections for `seconds`; latency per transaction in ms. */
export async function runCeiling(url: string, connections: number, seconds: number): Promise<CeilingFigures> {
  const clients = Array.from({ length: connections }, () => new pg.Client({ connectionString: url }));
  await Promise.all(clients.map((c) => c.connect()));
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  try {
    await Promise.all(
      clients.map(async (c) => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          try {
            await tpcb(c);
            latencies.push(performance.now() - t0);
          } catch {
            errors++;
            await c.query('ROLLBACK;').catch(() => undefined);
          }
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    tps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    transactions: latencies.length,
    errors,
  };
}

/** The durability settings the bench ran with, as the server reports them. */
export async function durabilitySettings(url: string): Promise<Record<string, string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const out: Record<string, string> = {};
    for (const name of ['fsync', 'synchronous_commit', 'full_page_writes', 'wal_sync_method']) {
      const { rows } = await c.query<Record<string, string>>(`SHOW ${name}`);
      out[name] = String(rows[0]?.[name]);
    }
    return out;
  } finally {
    await c.end();
  }
}
