import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/ops/embedded';
import { throwawayDataDir } from '../src/ops/embedded-location';
import { applyMigrations, defaultMigrationsDir } from '../src/ops/migrations';
import { makeFixtures, QuotePool } from './fixtures';
import { IntentPool, makePaymentTemplates } from './payment-intents';
import { spawnAndWait, stopChild, BENCH_RATE_LIMITS } from './processes';
import { scenarios, selectScenarios, type Scenario } from './scenarios';
import { childPids, exitedChildTicks, ownSysTicks, ownTicks, postgresTicks, postmasterPid, TICK_MS } from './cpu-ticks';

/**
 * `npm run bench:cpu -- [words] [requests] [concurrency]`: CPU time per request of each scenario, for
 * payrail and the baseline, server process and PostgreSQL apart. Requests/s moves 2× on a machine
 * shared with other work; CPU per request (read from /proc before and after N requests, a few at a
 * time) moves far less, so a change can be judged while the bench itself would be noise.
 * PAYRAIL_NODE_ARGS passes flags to the payrail server (e.g. --cpu-prof). BENCH_CPU_STATEMENTS=N loads
 * pg_stat_statements (nested statements too) and prints, after each payrail run, the N statements that
 * took the most PostgreSQL time during it, and the tables read by sequential scan.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const SECRET = Buffer.alloc(32, 9).toString('base64');
const CREDENTIALS = { client_id: 'bench-client-0001', api_key: 'bench-secret-key-0123456789abcdef' };
const STATEMENTS = Number(process.env.BENCH_CPU_STATEMENTS ?? 0);

/** Where PostgreSQL spent a run's time: its top statements, and tables scanned sequentially. */
async function sqlProfile(url: string, reset: boolean): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (reset) {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await client.query('SELECT pg_stat_statements_reset(), pg_stat_reset()');
      return '';
    }
    const top = await client.query<{ calls: string; ms: string; per: string; query: string }>(
      `SELECT calls, round(total_exec_time::numeric, 1) AS ms, round((total_exec_time / calls)::numeric, 3) AS per,
              regexp_replace(left(query, 160), '\\s+', ' ', 'g') AS query
         FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT $1`, [STATEMENTS]);
    const scans = await client.query<{ relname: string; seq_scan: string; seq_tup_read: string }>(
      `SELECT relname, seq_scan, seq_tup_read FROM pg_stat_user_tables WHERE seq_scan > 0 ORDER BY seq_tup_read DESC LIMIT 10`);
    return [
      '  top statements (calls, total ms, ms per call):',
      ...top.rows.map((r) => `    ${r.calls.padStart(7)} ${r.ms.padStart(9)} ${r.per.padStart(7)}  ${r.query}`),
      '  sequential scans (table, scans, rows read):',
      ...scans.rows.map((r) => `    ${r.relname} ${r.seq_scan} ${r.seq_tup_read}`),
    ].join('\n');
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL's ticks by process kind (its process titles: walwriter, checkpointer, autovacuum…; client
 * backends by the application that connected), exited processes (autovacuum workers) apart.
 */
function postgresTicksByKind(postmaster: number): Map<string, number> {
  const byKind = new Map<string, number>();
  const add = (kind: string, ticks: number) => byKind.set(kind, (byKind.get(kind) ?? 0) + ticks);
  add('postmaster', ownTicks(postmaster));
  add('exited children', exitedChildTicks(postmaster));
  for (const c of childPids(postmaster)) {
    let title = '?';
    try {
      title = fs.readFileSync(`/proc/${c}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    } catch {
      continue;
    }
    // "postgres: walwriter", "postgres: user db 127.0.0.1(5432) idle": backends grouped as one kind.
    const kind = /^postgres: (\S+ \S+ [\d.]+\(\d+\))/.test(title) ? 'client backends' : title.replace(/^postgres: /, '');
    add(kind, ownTicks(c));
  }
  return byKind;
}

async function measure(s: Scenario, side: 'payrail' | 'baseline', base: string, pid: number, postmaster: number, n: number, c: number, url: string): Promise<string> {
  const req = s[side];
  const one = async () => {
    const headers: Record<string, string> = { ...(req.headers ?? {}) };
    if (s.idempotent) headers['x-idempotency-key'] = randomUUID();
    const res = await fetch(base + (req.nextPath ? req.nextPath() : req.path), { method: req.method, headers, body: req.nextBody ? req.nextBody() : req.body });
    const text = await res.text();
    if (res.status >= 300 || (s.bodyOk && !s.bodyOk(text))) throw new Error(`${s.name} ${side}: ${res.status} ${text.slice(0, 200)}`);
  };
  const run = async (count: number) => {
    let i = 0;
    await Promise.all(Array.from({ length: c }, async () => {
      while (i++ < count) await one();
    }));
  };
  await s.prepare?.(2 * n + 100);
  await run(Math.min(100, n)); // warm-up: JIT, plans, pools
  if (STATEMENTS > 0) await sqlProfile(url, true);
  const [server0, pg0, t0] = [ownTicks(pid), postgresTicks(postmaster), Date.now()];
  const [serverSys0, pgSys0] = [ownSysTicks(pid), postgresTicks(postmaster, true)];
  const kinds0 = STATEMENTS > 0 ? postgresTicksByKind(postmaster) : undefined;
  await run(n);
  const kinds = kinds0
    ? [...postgresTicksByKind(postmaster)].map(([k, v]) => [k, ((v - (kinds0.get(k) ?? 0)) * TICK_MS) / n] as const).filter(([, v]) => v > 0)
    : [];
  const server = ((ownTicks(pid) - server0) * TICK_MS) / n;
  const pg = ((postgresTicks(postmaster) - pg0) * TICK_MS) / n;
  const serverSys = ((ownSysTicks(pid) - serverSys0) * TICK_MS) / n;
  const pgSys = ((postgresTicks(postmaster, true) - pgSys0) * TICK_MS) / n;
  const wall = (Date.now() - t0) / n;
  const byKind = kinds.length > 0 ? `\n  PostgreSQL CPU by process (ms per request): ${kinds.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}` : '';
  const profile = STATEMENTS > 0 && side === 'payrail' ? `${byKind}\n${await sqlProfile(url, false)}` : '';
  return `${s.name.padEnd(22)} ${side.padEnd(9)} server ${server.toFixed(2).padStart(6)} ms CPU/req (kernel ${serverSys.toFixed(2)})   postgres ${pg.toFixed(2).padStart(5)} ms CPU/req (kernel ${pgSys.toFixed(2)})   ` +
    `(wall ${wall.toFixed(1)} ms/req at ${c} at a time)${profile}`;
}

async function main(): Promise<number> {
  const [words, n = '300', c = '4'] = process.argv.slice(2);
  const dataDir = throwawayDataDir('payrail-bench-cpu-');
  const settings: Record<string, string> = STATEMENTS > 0 ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' } : {};
  const db = await startEmbeddedPostgres({ dataDir, settings });
  const children: ChildProcess[] = [];
  try {
    await applyMigrations(db.url, defaultMigrationsDir());
    const postmaster = postmasterPid(db.clusterDir);
    const env = { DATABASE_URL: db.url, PAYRAIL_JWT_SECRET: SECRET, PAYRAIL_KEK: `bench:${SECRET}`, PAYRAIL_DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1',
      PAYRAIL_SANDBOX_CLIENT_ID: CREDENTIALS.client_id, PAYRAIL_SANDBOX_API_KEY: CREDENTIALS.api_key, ...BENCH_RATE_LIMITS };
    const nodeArgs = (process.env.PAYRAIL_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const server = await spawnAndWait(ROOT, [...nodeArgs, path.join(ROOT, 'dist/src/main.js')], env, /REST base URL\s+(http:\/\/[^\s]+)\/api/);
    children.push(server.child);
    const bare = await spawnAndWait(ROOT, [path.join(ROOT, 'dist/bench/baseline-server.js')], env, /BASELINE (\d+)/);
    children.push(bare.child);
    const fixtures = await makeFixtures(server.match[1]!, CREDENTIALS.client_id, CREDENTIALS.api_key);
    const quotes = new QuotePool(db.url, fixtures.templateQuoteId);
    const templates = await makePaymentTemplates(server.match[1]!, fixtures.auth, CREDENTIALS.client_id);
    const payments = {
      open: new IntentPool(db.url, { intentId: templates.openIntentId }),
      authorized: new IntentPool(db.url, { intentId: templates.authorizedIntentId, attemptId: templates.authorizedAttemptId }),
      refundableIntentId: templates.refundableIntentId,
    };
    for (const s of selectScenarios(scenarios(fixtures, CREDENTIALS, 10, quotes, payments), words)) {
      console.log(await measure(s, 'payrail', server.match[1]!, server.child.pid!, postmaster, Number(n), Number(c), db.url));
      console.log(await measure(s, 'baseline', `http://127.0.0.1:${bare.match[1]}`, bare.child.pid!, postmaster, Number(n), Number(c), db.url));
    }
    return 0;
  } finally {
    await Promise.all(children.map(stopChild));
    await db.stop();
    // Each run's cluster is its own (100-200 MB): left behind, a day of runs filled /tmp.
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code), (e: unknown) => {
  console.error(e);
  process.exit(1);
});
