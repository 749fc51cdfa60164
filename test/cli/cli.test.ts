import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { makeMaster, makeSub, type Tenant } from '../support/tenants';
import { REPO } from '../support/server-process';
import { startTestApp } from '../support/app';
import { listen, startLiveApp, untilSubscribers, type LiveApp } from '../live/support';
import { refusingPort, relay } from '../support/ports';

const CLI = path.join(REPO, 'dist', 'scripts', 'cli.js');

/**
 * The receiver's check, as the official client's WebhookVerifier.constructEvent makes it: both
 * headers, a timestamp within 300 s, and a constant-time match of hex(HMAC-SHA512(secret, rawBody +
 * timestamp)).
 */
function verifies(secret: string, rawBody: string, headers: http.IncomingHttpHeaders): boolean {
  const signature = headers['x-wk-signature'];
  const timestamp = headers['x-wk-timestamp'];
  if (typeof signature !== 'string' || typeof timestamp !== 'string') return false;
  if (Math.abs(Date.now() / 1000 - parseInt(timestamp, 10)) > 300) return false;
  const expected = Buffer.from(createHmac('sha512', secret).update(rawBody + timestamp).digest('hex'), 'hex');
  const got = Buffer.from(signature, 'hex');
  return got.length === expected.length && timingSafeEqual(got, expected);
}

interface Delivery {
  rawBody: string;
  headers: http.IncomingHttpHeaders;
}

/** A local receiver that records every POST it gets and answers 200. */
async function receiver(): Promise<{ url: string; deliveries: Delivery[]; close(): Promise<void> }> {
  const deliveries: Delivery[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ rawBody: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/webhooks`, deliveries, close: () => new Promise((r) => server.close(() => r())) };
}

interface Run {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

function run(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exited };
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let live: LiveApp;
let master: Tenant;
let credentials: string[];

beforeAll(async () => {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  live = await startLiveApp();
  master = await makeMaster(live.t.services, { name: 'CLI Co' });
  credentials = ['--url', live.base, '--client-id', master.clientId, '--api-key', master.apiKey];
});
afterAll(() => live.t.close());

describe('npm run cli -- listen / trigger', () => {
  it('listen forwards a triggered payout.create.succeeded, signed so the official algorithm verifies it; Ctrl-C exits 0', async () => {
    const rx = await receiver();
    const listen = run(['listen', '--forward-to', rx.url, ...credentials]);
    try {
      const secret = await until('the signing secret', () => /signing secret (whsec_[0-9a-f]+)/.exec(listen.out())?.[1]);
      await untilSubscribers(live.base, 1);

      const trigger = run(['trigger', 'payout.create.succeeded', ...credentials]);
      expect([await trigger.exited, trigger.err()]).toEqual([0, '']);
      const payoutId = /payout_id\s+([0-9a-f-]{36})/.exec(trigger.out())![1]!;
      const beneficiaryId = /beneficiary_id\s+([0-9a-f-]{36})/.exec(trigger.out())![1]!;

      const delivery = await until('the payout event at the receiver', () =>
        rx.deliveries.find((d) => (JSON.parse(d.rawBody) as { source_id: string }).source_id === payoutId),
      );
      expect(verifies(secret, delivery.rawBody, delivery.headers)).toBe(true);
      expect(verifies('whsec_wrong', delivery.rawBody, delivery.headers)).toBe(false);
      const envelope = JSON.parse(delivery.rawBody) as Record<string, unknown>;
      expect(envelope).toMatchObject({ event_type: 'PAYOUT', event_name: 'payout.create.succeeded', source_id: payoutId });
      expect(envelope.data).toMatchObject({ payout_id: payoutId });
      const row = await live.t.db.prisma.outboxEvent.findFirst({ where: { sourceId: payoutId } });
      expect(envelope.event_id).toBe(row!.id);
      // Everything the trigger made arrived, in commit order, and every delivery verifies.
      expect(rx.deliveries.map((d) => (JSON.parse(d.rawBody) as { event_name: string }).event_name)).toEqual([
        'deposit.create.succeeded',
        'deposit.complete.succeeded',
        'beneficiary.create.succeeded',
        'payout.create.succeeded',
      ]);
      expect(rx.deliveries.every((d) => verifies(secret, d.rawBody, d.headers))).toBe(true);
      expect(JSON.parse(rx.deliveries[2]!.rawBody).source_id).toBe(beneficiaryId);
      // One line per event: time, name, id, the receiver's status.
      await until('the printed line', () => (listen.out().includes(`payout.create.succeeded  ${row!.id}  -> 200`) ? true : undefined));

      listen.child.kill('SIGINT');
      expect(await listen.exited).toBe(0);
      expect(listen.out()).toContain('stopped');
    } finally {
      listen.child.kill('SIGKILL');
      await rx.close();
    }
  });

  it('listen --events forwards only the named events, and prints a network error when the receiver is down', async () => {
    const down = await refusingPort(); // held, so nothing listens there while the test runs
    const listen = run(['listen', '--forward-to', `http://127.0.0.1:${down.port}/hook`, '--events', 'deposit.complete.succeeded', ...credentials]);
    try {
      await until('ready', () => (listen.out().includes('ready') ? true : undefined));
      await untilSubscribers(live.base, 1);
      const trigger = run(['trigger', 'deposit.complete.succeeded', ...credentials]);
      expect(await trigger.exited).toBe(0);
      const depositId = /deposit_id\s+([0-9a-f-]{36})/.exec(trigger.out())![1]!;
      const row = await live.t.db.prisma.outboxEvent.findFirst({ where: { sourceId: depositId, eventName: 'deposit.complete.succeeded' } });
      const line = await until('the error line', () => listen.out().split('\n').find((l) => l.includes(row!.id)));
      expect(line).toMatch(/deposit\.complete\.succeeded {2}[0-9a-f-]{36} {2}-> error: /);
      expect(listen.out()).not.toContain('deposit.create.succeeded');
      listen.child.kill('SIGINT');
      expect(await listen.exited).toBe(0);
    } finally {
      listen.child.kill('SIGKILL');
      await down.release();
    }
  });

  it('listen reconnects when its server goes away and comes back, and forwards what follows', async () => {
    const rx = await receiver();
    const first = await listen(await startTestApp({ database: { url: live.t.url } }));
    // The CLI's server address is a relay's: the second server gets a port of its own from the OS,
    // and the relay moves to it, rather than the test assuming the first server's port is still free.
    const front = await relay(Number(new URL(first.base).port));
    const listening = run(['listen', '--forward-to', rx.url, '--url', `http://127.0.0.1:${front.port}`, '--client-id', master.clientId, '--api-key', master.apiKey]);
    let second: LiveApp | undefined;
    try {
      await until('ready', () => (listening.out().includes('ready') ? true : undefined));
      await untilSubscribers(first.base, 1);
      front.down();
      await first.t.close();
      await until('the lost connection', () => (listening.out().includes('connection lost') ? true : undefined));
      second = await listen(await startTestApp({ database: { url: live.t.url } }));
      front.to(Number(new URL(second.base).port));
      await until('reconnected', () => (listening.out().includes('reconnected') ? true : undefined), 30_000);
      await untilSubscribers(second.base, 1);
      const trigger = run(['trigger', 'beneficiary.create.succeeded', ...credentials]);
      expect(await trigger.exited).toBe(0);
      const beneficiaryId = /beneficiary_id\s+([0-9a-f-]{36})/.exec(trigger.out())![1]!;
      const delivery = await until('the forwarded event', () => rx.deliveries.find((d) => d.rawBody.includes(beneficiaryId)));
      expect(JSON.parse(delivery.rawBody)).toMatchObject({ event_name: 'beneficiary.create.succeeded', source_id: beneficiaryId });
      listening.child.kill('SIGINT');
      expect(await listening.exited).toBe(0);
    } finally {
      listening.child.kill('SIGKILL');
      await second?.t.close();
      await front.close();
      await rx.close();
    }
  });

  it('trigger takes the sandbox credentials npm start saved in the data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-cli-'));
    try {
      fs.writeFileSync(path.join(dataDir, 'sandbox-credentials.json'), JSON.stringify({ accountId: master.account.id, clientId: master.clientId, apiKey: master.apiKey }));
      const trigger = run(['trigger', 'beneficiary.create.succeeded', '--url', live.base], { PAYRAIL_DATA_DIR: dataDir });
      expect(await trigger.exited).toBe(0);
      expect(trigger.out()).toContain(`client_id ${master.clientId} (${path.join(dataDir, 'sandbox-credentials.json')})`);
      expect(trigger.out()).toMatch(/beneficiary_id\s+[0-9a-f-]{36}/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('each supported trigger emits the event it names', async () => {
    await makeSub(live.t.services, master, 'CLI Sub'); // a transfer goes to a sub-account of the caller
    const names = [
      'deposit.complete.failed',
      'beneficiary.update.succeeded',
      'beneficiary.delete.succeeded',
      'conversion.create.succeeded',
      'transfer.create.succeeded',
      'cardholder.create.succeeded',
    ];
    for (const name of names) {
      const trigger = run(['trigger', name, ...credentials]);
      expect([name, await trigger.exited, trigger.err()]).toEqual([name, 0, '']);
      const ids = [...trigger.out().matchAll(/_id\s+([0-9a-f-]{36})/g)].map((m) => m[1]!);
      const events = await live.t.db.prisma.outboxEvent.findMany({ where: { sourceId: { in: ids }, eventName: name } });
      expect([name, events.length]).toEqual([name, 1]);
    }
  });

  it('--help exits 0; an unknown event name lists the supported ones and exits 2; a refused key exits 1', async () => {
    for (const args of [['--help'], ['listen', '--help'], ['trigger', '--help']]) {
      const help = run(args);
      expect([args, await help.exited]).toEqual([args, 0]);
      expect(help.out()).toContain('usage: npm run cli -- <command>');
    }
    const unknown = run(['trigger', 'payout.teleport.succeeded', ...credentials]);
    expect(await unknown.exited).toBe(2);
    expect(unknown.err()).toContain('cannot trigger payout.teleport.succeeded');
    expect(unknown.err()).toContain('payout.create.succeeded');
    const refused = run(['trigger', 'deposit.create.succeeded', '--url', live.base, '--client-id', master.clientId, '--api-key', 'wrong']);
    expect(await refused.exited).toBe(1);
    expect(refused.err()).toMatch(/^error: POST \/v1\/connect\/token answered 4\d\d/);
    const noForward = run(['listen', ...credentials]);
    expect(await noForward.exited).toBe(2);
    expect(noForward.err()).toContain('listen needs --forward-to URL');
  });
});
