import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/ops/embedded';
import { throwawayDataDir } from '../src/ops/embedded-location';
import { applyMigrations, defaultMigrationsDir } from '../src/ops/migrations';
import { beneficiaryBody, call } from './fixtures';
import { spawnAndWait, stopChild, BENCH_RATE_LIMITS } from './processes';

/**
 * `npm run bench:webhooks`: how long an event takes from its commit to a healthy local receiver,
 * in the sandbox (issue 11: within 2 s). payrail runs as `npm start` does (API and worker in one
 * process, the worker woken by the outbox's NOTIFY) on an embedded PostgreSQL with durable
 * defaults. BENCH_WEBHOOK_EVENTS (default 50) beneficiaries are created one after another, a little
 * apart so that each event stands alone; each makes one beneficiary.create.succeeded event.
 *
 * Each event is timed twice: from the moment its request was sent (the commit happens during the
 * request: an upper bound of commit -> receipt) and from the moment its answer arrived (after the
 * commit: a lower bound). docs/performance/webhook-latency.md records the figures.
 */
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 50);
const GAP_MS = 100;
const ROOT = path.resolve(__dirname, '..', '..');
const SECRET = Buffer.alloc(32, 9).toString('base64');
const CREDENTIALS = { client_id: 'bench-client-0001', api_key: 'bench-secret-key-0123456789abcdef' };

const say = (line = '') => process.stdout.write(`${line}\n`);

/** Receipt times by the beneficiary id the event's source_id names. */
function receiver(): Promise<{ url: string; received: Map<string, number>; close(): Promise<void> }> {
  const received = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { source_id: string };
      if (!received.has(envelope.source_id)) received.set(envelope.source_id, at);
      res.writeHead(200).end('ok');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        received,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (v: number) => `${v.toFixed(0)} ms`;

async function main(): Promise<number> {
  const dataDir = throwawayDataDir('payrail-bench-webhooks-');
  const children: ChildProcess[] = [];
  const embedded = process.env.BENCH_DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir });
  const url = process.env.BENCH_DATABASE_URL ?? embedded!.url;
  const hook = await receiver();
  try {
    await applyMigrations(url, defaultMigrationsDir());
    const env = { DATABASE_URL: url, PAYRAIL_JWT_SECRET: SECRET, PAYRAIL_KEK: `bench:${SECRET}`, PAYRAIL_DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1',
      PAYRAIL_SANDBOX_CLIENT_ID: CREDENTIALS.client_id, PAYRAIL_SANDBOX_API_KEY: CREDENTIALS.api_key, ...BENCH_RATE_LIMITS, PAYRAIL_MODE: 'sandbox',
      // The receiver is this machine's: the sandbox opt-in (the server listens on loopback too).
      PAYRAIL_OUTBOUND_ALLOW_LOOPBACK: '1' };
    const server = await spawnAndWait(ROOT, [path.join(ROOT, 'dist/src/main.js')], env, /REST base URL\s+(http:\/\/[^\s]+)\/api/);
    children.push(server.child);
    const base = server.match[1]!;
    const token = String((await call(base, 'POST', '/api/v1/connect/token', {}, CREDENTIALS)).auth_token);
    const auth = { 'x-auth-token': `Bearer ${token}` };
    await call(base, 'POST', '/api/v1/webhooks/endpoints', auth, { url: hook.url, event_names: ['beneficiary.create.succeeded'] });

    const sent = new Map<string, { sentAt: number; answeredAt: number }>();
    for (let i = 0; i < EVENTS; i++) {
      const sentAt = performance.now();
      const b = await call(base, 'POST', '/api/v1/beneficiaries', { ...auth, 'x-idempotency-key': crypto.randomUUID() }, { ...beneficiaryBody, company_name: `Bench Supplies ${i}` });
      sent.set(String(b.beneficiary_id), { sentAt, answeredAt: performance.now() });
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    const deadline = performance.now() + 30_000;
    while (hook.received.size < sent.size && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

    const fromSent: number[] = [];
    const fromAnswer: number[] = [];
    for (const [id, t] of sent) {
      const at = hook.received.get(id);
      if (at === undefined) continue;
      fromSent.push(at - t.sentAt);
      fromAnswer.push(at - t.answeredAt);
    }
    fromSent.sort((a, b) => a - b);
    fromAnswer.sort((a, b) => a - b);
    say(`webhook latency, ${sent.size} events one at a time (${GAP_MS} ms apart), sandbox, loopback receiver, ${os.cpus().length} cores`);
    say(`received: ${hook.received.size} of ${sent.size}`);
    if (fromSent.length > 0) {
      say(`request sent -> received (upper bound of commit -> receipt): median ${ms(quantile(fromSent, 0.5))}, p90 ${ms(quantile(fromSent, 0.9))}, worst ${ms(fromSent[fromSent.length - 1]!)}`);
      say(`answer received -> received (lower bound):                 median ${ms(quantile(fromAnswer, 0.5))}, p90 ${ms(quantile(fromAnswer, 0.9))}, worst ${ms(fromAnswer[fromAnswer.length - 1]!)}`);
      say(`goal (issue 11): every event within 2000 ms of its commit: ${fromSent[fromSent.length - 1]! <= 2000 && hook.received.size === sent.size ? 'met' : 'NOT met'}`);
    }
    return hook.received.size === sent.size ? 0 : 1;
  } finally {
    await Promise.all(children.map(stopChild));
    await hook.close();
    await embedded?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`bench:webhooks failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
