import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/database';
import { startEmbeddedPostgres } from '../src/ops/embedded';
import { throwawayDataDir } from '../src/ops/embedded-location';
import { applyMigrations, defaultMigrationsDir } from '../src/ops/migrations';
import { checkLedger } from '../src/platform/ledger/invariants';
import { durabilitySettings, preparePgbench, runCeiling } from './ceiling';
import { makeFixtures, QuotePool } from './fixtures';
// payment acceptance (issue 8)
import { IntentPool, makePaymentTemplates } from './payment-intents';
// card authorizations (issue 9)
import { makeCardFixtures } from './card-authorizations';
// authorization decisions (issue 11)
import { makeDecisionFixtures } from './auth-decisions';
import { failures, load, type Figures } from './load';
import { RssPeak, rssMb, spawnAndWait, stopChild, BENCH_RATE_LIMITS } from './processes';
import { CpuSplit, postmasterPid } from './cpu-ticks';
import {
  ceilingLine, ceilingTps, failureLine, goalLines, rssWarnings, scenarioLines, TABLE_HEADER, type Ceiling, type ScenarioResult,
} from './report';
import { isWrite, scenarios, selectScenarios, type Scenario } from './scenarios';

/**
 * `npm run bench`: payrail against a bare Fastify + pg baseline doing the same SQL, and both against
 * the database's own ceiling (pgbench's tpcb-like), in one run on one embedded PostgreSQL with its
 * durable defaults. Both servers are child processes; autocannon loads them from this process,
 * scenario by scenario, each run bounded in time (BENCH_SECONDS, default 5) and connections
 * (BENCH_CONNECTIONS, default 10); BENCH_ONLY picks scenarios by name. After the load, the ledger
 * check runs on the bench's database. Exit code 1 on any failed request or ledger violation; goals
 * are reported, never enforced. docs/performance/README.md explains the columns.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROOT = path.resolve(__dirname, '..', '..');
const SECRET = Buffer.alloc(32, 9).toString('base64');
const CREDENTIALS = { client_id: 'bench-client-0001', api_key: 'bench-secret-key-0123456789abcdef' };

const say = (line = '') => process.stdout.write(`${line}\n`);

interface Servers {
  payrail: string;
  baseline: string;
  /** The payrail server's process. */
  pid: number;
  /** The embedded database's postmaster (none with BENCH_DATABASE_URL). */
  postmaster: number | undefined;
}

async function runScenario(s: Scenario, servers: Servers, ceiling: number): Promise<ScenarioResult> {
  const opts = { connections: s.connections, seconds: SECONDS, idempotent: s.idempotent, bodyOk: s.bodyOk };
  // Enough for a run at the database's ceiling twice over: a write cannot plausibly outrun that.
  const maxRequests = Math.max(ceiling * 2, 2000) * SECONDS;
  const rss = new RssPeak(servers.pid);
  await s.prepare?.(maxRequests);
  rss.start();
  const cpu = new CpuSplit(servers.pid, servers.postmaster, s.sidecars);
  cpu.begin();
  const payrail = await load(servers.payrail, s.payrail, opts);
  const cpuSplit = cpu.end(payrail.total);
  rss.stop();
  let halfLoad: ScenarioResult['halfLoad'];
  if (isWrite(s)) {
    const rate = payrail.rps / 2;
    await s.prepare?.(rate * SECONDS * 1.5 + s.connections);
    rss.start();
    halfLoad = { rate, figures: await load(servers.payrail, s.payrail, { ...opts, rate }) };
    rss.stop();
  }
  await s.prepare?.(maxRequests);
  const baseline: Figures = await load(servers.baseline, s.baseline, opts);
  return { name: s.name, kind: s.kind, goalOf: s.goalOf, connections: s.connections, payrail, baseline, halfLoad, rssMb: rss.stop(), cpu: cpuSplit };
}

/** The ledger invariants (`npm run admin -- ledger-check`) on the bench's database, as report lines. */
async function ledgerCheck(url: string): Promise<{ clean: boolean; lines: string[] }> {
  const db = createDatabase(url, { poolSize: 2 });
  try {
    const violations = await checkLedger(db);
    const entries = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM journal_entries');
    if (violations.length === 0) return { clean: true, lines: [`ledger check: clean (${entries.rows[0]?.n} journal entries)`] };
    return {
      clean: false,
      lines: [`ledger check: ${violations.length} violation(s)`, ...violations.slice(0, 20).map((v) => `  ${v.kind} ${v.id}: ${v.detail}`)],
    };
  } finally {
    await db.close();
  }
}

async function main(): Promise<number> {
  const dataDir = throwawayDataDir('payrail-bench-');
  const children: ChildProcess[] = [];
  // The server's defaults (fsync, synchronous_commit, full_page_writes on): what production runs.
  const embedded = process.env.BENCH_DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir });
  const url = process.env.BENCH_DATABASE_URL ?? embedded!.url;
  try {
    await applyMigrations(url, defaultMigrationsDir());
    const settings = await durabilitySettings(url);
    say(`database: ${Object.entries(settings).map(([k, v]) => `${k}=${v}`).join(', ')}`);
    const env = { DATABASE_URL: url, PAYRAIL_JWT_SECRET: SECRET, PAYRAIL_KEK: `bench:${SECRET}`, PAYRAIL_DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1',
      PAYRAIL_SANDBOX_CLIENT_ID: CREDENTIALS.client_id, PAYRAIL_SANDBOX_API_KEY: CREDENTIALS.api_key, ...BENCH_RATE_LIMITS,
      // The decision endpoint scenario's customer runs on this machine: the sandbox's loopback opt-in.
      PAYRAIL_OUTBOUND_ALLOW_LOOPBACK: '1' };
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const server = await spawnAndWait(ROOT, [...nodeArgs, path.join(ROOT, 'dist/src/main.js')], env, /REST base URL\s+(http:\/\/[^\s]+)\/api/);
    children.push(server.child);
    const bare = await spawnAndWait(ROOT, [path.join(ROOT, 'dist/bench/baseline-server.js')], env, /BASELINE (\d+)/);
    children.push(bare.child);
    const servers: Servers = {
      payrail: server.match[1]!, baseline: `http://127.0.0.1:${bare.match[1]}`, pid: server.child.pid!,
      postmaster: embedded ? postmasterPid(embedded.clusterDir) : undefined,
    };

    const fixtures = await makeFixtures(servers.payrail, CREDENTIALS.client_id, CREDENTIALS.api_key);
    const quotes = new QuotePool(url, fixtures.templateQuoteId);
    // payment acceptance (issue 8): the intents the payment scenarios confirm and capture
    const paymentTemplates = await makePaymentTemplates(servers.payrail, fixtures.auth, CREDENTIALS.client_id);
    const payments = {
      open: new IntentPool(url, { intentId: paymentTemplates.openIntentId }),
      authorized: new IntentPool(url, { intentId: paymentTemplates.authorizedIntentId, attemptId: paymentTemplates.authorizedAttemptId }),
      refundableIntentId: paymentTemplates.refundableIntentId,
    };
    // card authorizations (issue 9): the bench account's cards and its funded issuing balance
    const cards = await makeCardFixtures(servers.payrail, fixtures.auth);
    // authorization decisions (issue 11): a local decision endpoint, its own process, for the sub-account's cards
    const endpoint = await spawnAndWait(ROOT, [path.join(ROOT, 'dist/bench/decision-endpoint.js')], {}, /DECISION (\d+) ([A-Za-z0-9+/=]+)\n/);
    children.push(endpoint.child);
    const decisions = await makeDecisionFixtures(servers.payrail, fixtures.auth, fixtures.subAccountId, {
      url: `http://127.0.0.1:${endpoint.match[1]}`,
      publicKey: Buffer.from(endpoint.match[2]!, 'base64').toString('utf8'),
      pid: endpoint.child.pid!,
    });
    const selected = selectScenarios(scenarios(fixtures, CREDENTIALS, CONNECTIONS, quotes, payments, cards, decisions), process.env.BENCH_ONLY);
    const restingRss = `payrail process before any load: ${(rssMb(servers.pid) ?? 0).toFixed(0)} MB RSS`;
    say(restingRss);

    await preparePgbench(url);
    const ceiling: Ceiling = { before: await runCeiling(url, CONNECTIONS, SECONDS) };
    say(ceilingLine('before', ceiling.before, CONNECTIONS, SECONDS));
    say();
    say(TABLE_HEADER);
    const results: ScenarioResult[] = [];
    for (const s of selected) {
      const r = await runScenario(s, servers, ceiling.before.tps);
      results.push(r);
      for (const line of scenarioLines(r, undefined)) say(line);
    }
    ceiling.after = await runCeiling(url, CONNECTIONS, SECONDS);
    say(ceilingLine('after', ceiling.after, CONNECTIONS, SECONDS));
    await Promise.all(children.splice(0).map(stopChild));
    const ledger = await ledgerCheck(url);

    const tps = ceilingTps(ceiling);
    say();
    say(`${SECONDS} s per run, ${CONNECTIONS} connections (hot wallet: ${results.find((r) => r.kind === 'hot')?.connections ?? '-'}), loopback, ` +
      `${os.cpus().length} cores; database ${Object.entries(settings).map(([k, v]) => `${k}=${v}`).join(', ')}`);
    say(ceilingLine('before', ceiling.before, CONNECTIONS, SECONDS));
    say(ceilingLine('after', ceiling.after, CONNECTIONS, SECONDS));
    say(`ceiling (mean of before and after): ${tps.toFixed(0)} tps; ÷ base = payrail req/s ÷ baseline req/s; ÷ ceil = payrail req/s ÷ ceiling; ` +
      'p50/p99 in ms; RSS = peak VmRSS of the payrail process');
    say(restingRss);
    say();
    say(TABLE_HEADER);
    for (const r of results) for (const line of scenarioLines(r, tps)) say(line);
    say();
    say('goals (issue 7; a scenario a later issue added, that issue\'s):');
    for (const line of goalLines(results, tps)) say(`  ${line}`);
    for (const line of rssWarnings(results)) say(line);
    say();
    say('failed requests (non-2xx, connection errors, GraphQL errors):');
    for (const r of results) say(`  ${failureLine(r)}`);
    if (quotes.misses > 0) say(`  the quote pool ran dry ${quotes.misses} time(s): those conversions were sent with a spent quote`);
    // payment acceptance (issue 8)
    for (const [name, pool] of Object.entries({ open: payments.open, authorized: payments.authorized })) {
      if (pool.misses > 0) say(`  the ${name} intent pool ran dry ${pool.misses} time(s): those requests were sent for a spent intent`);
    }
    const failed = results.some((r) => failures(r.payrail) + failures(r.baseline) + (r.halfLoad ? failures(r.halfLoad.figures) : 0) > 0) ||
      ceiling.before.errors + ceiling.after.errors > 0;
    say();
    for (const line of ledger.lines) say(line);
    if (failed) say('bench failed: some requests or ceiling transactions failed');
    if (!ledger.clean) say('bench failed: the ledger check found violations');
    return failed || !ledger.clean ? 1 : 0;
  } finally {
    await Promise.all(children.map(stopChild));
    await embedded?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
