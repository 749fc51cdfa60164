import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createDatabase, type Database } from '../../src/db/client';
import { checkLedger } from '../../src/domain/ledger/invariants';
import { money } from '../../src/domain/money/amount';
import { embeddedClusterOf, killPostmaster, type EmbeddedCluster } from '../support/embedded-postgres-control';
import { postJson, runPool, sendUntilAnswered, type Answer, type RestCaller } from '../support/rest-load';
import { startServer, stopServer, tokenOver, type ServerProcess } from '../support/server-process';
import { tempDataDir } from '../support/temp-dirs';

/**
 * The database goes away under a payout load: the embedded PostgreSQL's postmaster is killed with
 * SIGKILL while payouts are in flight. The API process stays up, answers what it cannot do with
 * the 5xx of each route's envelope (never another answer), says not ready until the database is
 * back, restarts the database itself (crash recovery), and carries on. Every request sent before,
 * during and after the outage, sent again with its key, has exactly one effect.
 *
 * The database is kept away deterministically (killPostmaster's `hold`), so that "during" means
 * "while it cannot be back", however slow the machine; the bounds below are generous caps, not
 * expectations.
 */

const CONCURRENCY = 8;
/** Answers that must arrive after the load starts before the kill lands. */
const LOADED_AFTER = 40;
/** Requests answered while the database is held away. */
const DURING = 24;
const AFTER = 40;
/** The bound: writes resume within 30 s of the kill. */
const RESUME_WITHIN_MS = 30_000;
const INTERNAL_500 = { message: 'An internal error occurred, please try again later' };

const payoutDate = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const dataDir = tempDataDir('payrail-dbloss-');
const running: ServerProcess[] = [];
const held: { release(): void }[] = [];
let server: ServerProcess;
let caller: RestCaller;
let cluster: EmbeddedCluster;
let beneficiary: string;

interface Sent {
  key: string;
  body: Record<string, unknown>;
  amount: string;
  phase: 'before' | 'at-kill' | 'during' | 'after';
  answer?: Answer;
}
const sent: Sent[] = [];
let killedAt = 0;

function payout(phase: Sent['phase'], i: number): Sent {
  const key = randomUUID();
  const amount = ((100 + (i % 97)) / 100).toFixed(2);
  return { key, phase, amount, body: { currency: 'USD', amount, purpose_code: 'WAGES_SALARY', payout_reference: key, payout_date: payoutDate, beneficiary_id: beneficiary } };
}

async function send(p: Sent): Promise<Answer | undefined> {
  return postJson(caller, '/v1/payouts', p.body, p.key);
}

async function get(route: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${caller.base}/api${route}`, { headers: { 'x-auth-token': caller.token, 'x-client-id': caller.clientId } });
  return { status: res.status, body: await res.json() };
}

async function readyz(): Promise<number> {
  return (await fetch(`${server.base}/readyz`)).status;
}

/** Polls `probe` until it is true; `what` names the wait in the error past the cap. */
async function until(what: string, probe: () => Promise<boolean>, capMs: number): Promise<void> {
  const deadline = Date.now() + capMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${capMs} ms\n${server.stdout().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

afterAll(async () => {
  for (const h of held) h.release();
  for (const s of running) if (s.child.exitCode === null && s.child.signalCode === null) await stopServer(s, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL killed with SIGKILL under a payout load', () => {
  it('starts on a fresh embedded database with a funded wallet and a beneficiary', async () => {
    server = await startServer({ PAYRAIL_DATA_DIR: path.join(dataDir, 'main'), LOG_LEVEL: 'info' }, { timeoutMs: 60_000 });
    running.push(server);
    cluster = embeddedClusterOf(path.join(dataDir, 'main'));
    const tok = await tokenOver(server.base, server.clientId, server.apiKey!);
    caller = { base: server.base, token: tok.token!, clientId: server.clientId };
    const funded = await postJson(caller, '/v1/simulation/deposit', { amount: 100000, currency: 'USD', sender_swift_code: 'HSBCHKHH', sender_account_number: 'funding', sender_name: 'Loss test' }, randomUUID());
    expect(funded?.status).toBe(200);
    const created = await postJson(caller, '/v1/beneficiaries', {
      entity_type: 'COMPANY',
      company_name: 'Acme Supplies',
      address: { country: 'US', city: 'New York', street_address: '1 Main St', postal_code: '10001', state: 'NY' },
      payment_method: 'LOCAL',
      bank_details: {
        bank_name: 'First Bank', bank_address: '1 Wall St', bank_country_code: 'US', account_holder: 'Acme Supplies Inc',
        account_currency_code: 'USD', account_number: '12345678', routing_code_type1: 'aba', routing_code_value1: '021000021',
      },
    }, randomUUID());
    expect(created?.status).toBe(200);
    beneficiary = (JSON.parse(created!.body) as { beneficiary_id: string }).beneficiary_id;
  });

  it('answers payouts sent before the outage', async () => {
    const before = Array.from({ length: 20 }, (_v, i) => payout('before', i));
    sent.push(...before);
    await runPool(before, CONCURRENCY, async (p) => {
      p.answer = await send(p);
    });
    for (const p of before) expect([p.key, p.answer?.status]).toEqual([p.key, 200]);
  });

  it('stays alive when the postmaster is killed under load; requests fail with the 5xx of their envelope and /readyz says not ready', async () => {
    let answered = 0;
    let kill: { release(): void } | undefined;
    let downSeen = false;
    let failedWhileDown = 0;
    let give = false;
    let i = 0;
    const load = runPool(
      Array.from({ length: 100_000 }, () => undefined),
      CONCURRENCY,
      async () => {
        const p = payout(kill ? 'during' : 'at-kill', i++);
        sent.push(p);
        p.answer = await send(p);
        if (++answered === LOADED_AFTER) {
          kill = killPostmaster(cluster, { hold: true });
          held.push(kill);
          killedAt = Date.now();
        }
        if (downSeen && p.answer?.status === 500) failedWhileDown++;
      },
      () => give || failedWhileDown >= DURING,
    );
    try {
      await until('the kill lands under load', async () => kill !== undefined, 60_000);
      await until('/readyz says not ready', async () => (await readyz()) === 503, 30_000);
      downSeen = true;
      expect(await (await fetch(`${server.base}/readyz`)).json()).toEqual({ status: 'not_ready', reason: 'database unreachable' });
      await until(`${DURING} requests fail while the database is away`, async () => failedWhileDown >= DURING, 60_000);
    } finally {
      give = true;
      await load;
    }

    // The process is alive and says so.
    expect([server.child.exitCode, server.child.signalCode]).toEqual([null, null]);
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    // Every request got an answer: an effect committed before the backends died (200), or the 500
    // of the account-center envelope (spec 7.1: message only, retry with the same key); never another.
    const loaded = sent.filter((s) => s.phase === 'at-kill' || s.phase === 'during');
    for (const p of loaded) {
      const answer = p.answer && (p.answer.status === 200 ? 200 : { status: p.answer.status, body: JSON.parse(p.answer.body) as unknown });
      expect([p.key, answer]).toEqual([p.key, p.answer?.status === 200 ? 200 : { status: 500, body: INTERNAL_500 }]);
    }
    // The card-issuance family answers its own 500 (envelope A), GraphQL its internal error.
    expect(await get('/v1/issuing/balances')).toEqual({ status: 500, body: { type: 'api_error', code: 'api_error', message: 'An internal error occurred, please try again' } });
    const gql = await fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': caller.token },
      body: JSON.stringify({ query: '{ payouts(first: 1) { totalCount } }' }),
    }).then((r) => r.json() as Promise<{ data?: unknown; errors?: { extensions: { code: string; httpStatus: number } }[] }>);
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'internal_error', httpStatus: 500 });
    // Still not ready while the database cannot be back; and the crash was logged.
    expect(await readyz()).toBe(503);
    expect(server.stdout()).toMatch(/embedded PostgreSQL \(pid \d+\) exited unexpectedly \(signal SIGKILL\); restarting it/);
  }, 120_000);

  it('restarts PostgreSQL with crash recovery once it can, logs it, and writes resume within 30 s of the kill', async () => {
    for (const h of held) h.release();
    await until('/readyz says ready again', async () => (await readyz()) === 200, RESUME_WITHIN_MS);
    const first = payout('after', 0);
    sent.push(first);
    // A 500 stores nothing: the same key is sent again until the write goes through.
    await until('a write goes through', async () => (first.answer = await send(first))?.status === 200, killedAt + RESUME_WITHIN_MS - Date.now());
    expect(Date.now() - killedAt).toBeLessThan(RESUME_WITHIN_MS);
    expect(server.stdout()).toMatch(/embedded PostgreSQL restarted on port \d+ after crash recovery/);
    expect([server.child.exitCode, server.child.signalCode]).toEqual([null, null]);
    expect(embeddedClusterOf(path.join(dataDir, 'main')).port).toBe(cluster.port);
  }, 60_000);

  it('answers payouts sent after the outage', async () => {
    const after = Array.from({ length: AFTER - 1 }, (_v, i) => payout('after', i + 1));
    sent.push(...after);
    await runPool(after, CONCURRENCY, async (p) => {
      p.answer = await send(p);
    });
    for (const p of after) expect([p.key, p.answer?.status]).toEqual([p.key, 200]);
  });

  it('a client retrying with the same key gets exactly one effect: keys sent before, during and after the outage', async () => {
    const replayed = new Map<string, Answer>();
    await runPool(sent, CONCURRENCY, async (p) => {
      replayed.set(p.key, await sendUntilAnswered(() => send(p), Date.now() + 15_000));
    });
    for (const p of sent) {
      const again = replayed.get(p.key)!;
      expect([p.key, again.status]).toEqual([p.key, 200]);
      // An answer given before is given again, byte for byte; a 500 left nothing behind but the retry's effect.
      if (p.answer?.status === 200) expect([p.key, again.body, again.replayed]).toEqual([p.key, p.answer.body, true]);
    }
    const db: Database = createDatabase(cluster.url, { poolSize: 2, authCache: false });
    try {
      const { rows: payouts } = await db.pool.query<{ id: string; ref: string; amount: string }>(
        `SELECT id, payout_reference AS ref, source_amount::text AS amount FROM payouts WHERE account_id = $1`,
        [server.accountId],
      );
      const byRef = new Map<string, { id: string; amount: string }[]>();
      for (const r of payouts) byRef.set(r.ref, [...(byRef.get(r.ref) ?? []), r]);
      expect(payouts.length).toBe(sent.length);
      for (const p of sent) {
        const rows = byRef.get(p.key) ?? [];
        expect([p.key, rows.length]).toEqual([p.key, 1]);
        expect([p.key, money(rows[0]!.amount).eq(p.amount)]).toEqual([p.key, true]);
        expect([p.key, (JSON.parse(replayed.get(p.key)!.body) as { payout_id: string }).payout_id]).toEqual([p.key, rows[0]!.id]);
      }
      const { rows: entries } = await db.pool.query<{ reference_id: string; n: number }>(
        `SELECT reference_id, count(*)::int AS n FROM journal_entries WHERE reference_id = ANY($1::uuid[]) GROUP BY reference_id`,
        [payouts.map((p) => p.id)],
      );
      expect(entries.length).toBe(payouts.length);
      expect(entries.filter((e) => e.n !== 1)).toEqual([]);
      expect(await checkLedger(db)).toEqual([]);
    } finally {
      await db.close();
    }
    process.stdout.write(`database loss: ${sent.filter((s) => s.phase === 'at-kill').length} sent under load before the kill landed, ${sent.filter((s) => s.phase === 'during').length} sent while it was away\n`);
  }, 120_000);

  it('stops cleanly afterwards', async () => {
    expect(await stopServer(server, 'SIGTERM')).toBe(0);
  });
});

describe('an embedded PostgreSQL that cannot be restarted', () => {
  it('makes the process exit with one clear message, so that a supervisor restarts the whole', async () => {
    const dir = path.join(dataDir, 'gives-up');
    const s = await startServer({ PAYRAIL_DATA_DIR: dir, PAYRAIL_POSTGRES_RESTART_TIMEOUT_SECONDS: '2' }, { timeoutMs: 60_000 });
    running.push(s);
    // Held for good: every restart attempt meets the old shared memory still in use.
    held.push(killPostmaster(embeddedClusterOf(dir), { hold: true }));
    const code = await s.exited;
    expect(code).toBe(1);
    const out = s.stdout();
    expect(out).toMatch(/payrail cannot carry on: the embedded PostgreSQL in \S+ exited \(signal SIGKILL\) and could not be restarted within 2 s/);
    expect(out).toMatch(/fix: /);
    expect(out.match(/cannot carry on/g)).toHaveLength(1);
  }, 120_000);
});
