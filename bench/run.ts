import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { throwawayDataDir } from '../src/db/embedded-location';
import { applyMigrations, defaultMigrationsDir } from '../src/db/migrations';

/**
 * `npm run bench`: payrail against a bare Fastify + pg baseline doing the same SQL, on loopback, in
 * one run. Both servers are child processes on one embedded PostgreSQL; autocannon loads them from
 * this process, scenario by scenario, each bounded in time (BENCH_SECONDS, default 5) and
 * connections (BENCH_CONNECTIONS, default 10); BENCH_ONLY picks scenarios by name. Prints req/s,
 * p50 and p99 and the ratio.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROOT = path.resolve(__dirname, '..', '..');
const SECRET = Buffer.alloc(32, 9).toString('base64');
const CLIENT_ID = 'bench-client-0001';
const API_KEY = 'bench-secret-key-0123456789abcdef';

function spawnAndWait(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timeout waiting for ${args.join(' ')}:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const match = ready.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}:\n${out}`)));
  });
}

async function json(base: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const parsed = (await res.json()) as Record<string, unknown>;
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

interface Scenario {
  name: string;
  payrail: autocannon.Request & { path: string };
  baseline: autocannon.Request & { path: string };
  idempotent?: boolean;
}

interface Figures { rps: number; p50: number; p99: number; non2xx: number; errors: number }

async function load(base: string, request: autocannon.Request & { path: string }, idempotent: boolean): Promise<Figures> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        ...request,
        ...(idempotent
          ? { setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, 'x-idempotency-key': randomUUID() } }) }
          : {}),
      },
    ],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

async function main(): Promise<void> {
  const dataDir = throwawayDataDir('payrail-bench-');
  const children: ChildProcess[] = [];
  const embedded = process.env.BENCH_DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir, settings: { fsync: 'off', synchronous_commit: 'off' } });
  const url = process.env.BENCH_DATABASE_URL ?? embedded!.url;
  try {
    await applyMigrations(url, defaultMigrationsDir());
    const env = { DATABASE_URL: url, PAYRAIL_JWT_SECRET: SECRET, PAYRAIL_DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1',
      PAYRAIL_SANDBOX_CLIENT_ID: CLIENT_ID, PAYRAIL_SANDBOX_API_KEY: API_KEY };
    const server = await spawnAndWait([...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), path.join(ROOT, 'dist/src/main.js')], env, /REST base URL\s+(http:\/\/[^\s]+)\/api/);
    children.push(server.child);
    const baseline = await spawnAndWait([path.join(ROOT, 'dist/bench/baseline-server.js')], env, /BASELINE (\d+)/);
    children.push(baseline.child);
    const payrail = server.match[1]!;
    const bare = `http://127.0.0.1:${baseline.match[1]}`;

    const token = String((await json(payrail, 'POST', '/api/v1/connect/token', {}, { client_id: CLIENT_ID, api_key: API_KEY })).auth_token);
    const auth = { 'x-auth-token': `Bearer ${token}`, 'content-type': 'application/json' };
    const routes = Object.keys(((await json(payrail, 'GET', '/api/openapi.json', {})) as { paths: Record<string, unknown> }).paths);

    const scenarios: Scenario[] = [
      {
        name: 'token exchange',
        payrail: { method: 'POST', path: '/api/v1/connect/token', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: CLIENT_ID, api_key: API_KEY }) },
        baseline: { method: 'POST', path: '/token', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: CLIENT_ID, api_key: API_KEY }) },
      },
      {
        name: 'GraphQL { viewer }',
        payrail: { method: 'POST', path: '/graphql', headers: auth, body: JSON.stringify({ query: '{ viewer { id name status } }' }) },
        baseline: { method: 'POST', path: '/viewer', headers: auth, body: '{}' },
      },
    ];

    if (routes.includes('/api/v1/simulation/deposit')) {
      // Fund the wallet the payout scenario debits (a sandbox deposit is credited in its request), then
      // freeze the bench tree's test clock so payouts made during the load stay READY_TO_SEND: both
      // servers measure the request path only (the baseline submits nothing either).
      await json(payrail, 'POST', '/api/v1/simulation/deposit', { ...auth, 'x-idempotency-key': randomUUID() }, { amount: 100000000, currency: 'USD', sender_swift_code: 'DBSSSGSGXXX' });
      await json(payrail, 'POST', '/api/v1/simulation/clock/advance', auth, { seconds: 1 });
      const deposit = { amount: 10, currency: 'USD', sender_swift_code: 'DBSSSGSGXXX' };
      scenarios.push({
        name: 'simulate deposit (idempotent)',
        payrail: { method: 'POST', path: '/api/v1/simulation/deposit', headers: auth, body: JSON.stringify(deposit) },
        baseline: { method: 'POST', path: '/deposit', headers: auth, body: JSON.stringify(deposit) },
        idempotent: true,
      });
    }
    if (routes.includes('/api/v1/balances')) {
      scenarios.push({
        name: 'list balances',
        payrail: { method: 'GET', path: '/api/v1/balances?page_number=1&page_size=10', headers: auth },
        baseline: { method: 'GET', path: '/balances', headers: auth },
      });
    }
    if (routes.includes('/api/v1/payouts') && routes.includes('/api/v1/beneficiaries')) {
      const beneficiary = await json(payrail, 'POST', '/api/v1/beneficiaries', { ...auth, 'x-idempotency-key': randomUUID() }, {
        entity_type: 'COMPANY', company_name: 'Bench Supplies Ltd', payment_method: 'LOCAL',
        bank_details: { bank_name: 'DBS Bank', bank_address: '12 Marina Blvd', bank_country_code: 'US', account_holder: 'Bench Supplies Ltd', account_currency_code: 'USD', account_number: '12345678', routing_code_type1: 'aba', routing_code_value1: '021000021' },
        address: { country: 'US', city: 'New York', street_address: '1 Main St', postal_code: '10001', state: 'NY' },
      });
      const payout = { currency: 'USD', amount: '1.00', purpose_code: 'WAGES_SALARY', payout_reference: 'bench run', payout_date: new Date().toISOString().slice(0, 10), beneficiary_id: beneficiary.beneficiary_id };
      scenarios.push({
        name: 'create payout (idempotent, ledger debit)',
        payrail: { method: 'POST', path: '/api/v1/payouts', headers: auth, body: JSON.stringify(payout) },
        baseline: { method: 'POST', path: '/payout', headers: auth, body: JSON.stringify(payout) },
        idempotent: true,
      });
    }

    // BENCH_ONLY=deposit,payout runs the scenarios whose names contain one of the words.
    const only = (process.env.BENCH_ONLY ?? '').split(',').map((w) => w.trim().toLowerCase()).filter(Boolean);
    const selected = only.length === 0 ? scenarios : scenarios.filter((s) => only.some((w) => s.name.toLowerCase().includes(w)));
    const rows: string[] = [];
    const pad = (s: string | number, n: number) => String(s).padStart(n);
    rows.push(`${'scenario'.padEnd(42)} ${pad('payrail req/s', 13)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} | ${pad('baseline req/s', 14)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} | ${pad('ratio', 6)}`);
    for (const s of selected) {
      const p = await load(payrail, s.payrail, !!s.idempotent);
      const b = await load(bare, s.baseline, !!s.idempotent);
      const warn = p.non2xx + p.errors > 0 || b.non2xx + b.errors > 0 ? `  (non-2xx/errors: payrail ${p.non2xx}/${p.errors}, baseline ${b.non2xx}/${b.errors})` : '';
      rows.push(`${s.name.padEnd(42)} ${pad(p.rps.toFixed(0), 13)} ${pad(p.p50, 7)} ${pad(p.p99, 7)} | ${pad(b.rps.toFixed(0), 14)} ${pad(b.p50, 7)} ${pad(b.p99, 7)} | ${pad((p.rps / b.rps).toFixed(2), 6)}${warn}`);
      process.stdout.write(`${rows.at(-1)}\n`);
    }
    process.stdout.write(`\n${SECONDS} s per scenario, ${CONNECTIONS} connections, loopback, ${os.cpus().length} cores; ratio = payrail req/s / baseline req/s\n\n${rows.join('\n')}\n`);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await embedded?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
