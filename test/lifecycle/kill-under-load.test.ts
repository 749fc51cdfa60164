import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type Decimal from 'decimal.js';
import type { QueryResultRow } from 'pg';
import { createDatabase, type ServiceDatabase } from '../../src/database';
import { checkLedger } from '../../src/platform/ledger/invariants';
import { money, ZERO } from '../../src/platform/money/amount';
import { SERVER_TEST_TIMEOUT_MS, startServer, stopServer, tokenOver, type ServerProcess } from '../support/server-process';
import { postJson, runPool, sendUntilAnswered, type Answer, type RestCaller } from '../support/rest-load';
import { tempDataDir } from '../support/temp-dirs';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Server processes start here: the file's tests get the time a start may take (support/server-process.ts).
jest.setTimeout(SERVER_TEST_TIMEOUT_MS);

/**
 * Issue 7's durability proof: the API process is killed with SIGKILL while money-moving requests
 * are in flight, restarted on the same database, and every request is sent again with its key.
 * Nothing may be lost and nothing doubled. The test speaks only the public interface (REST; GraphQL
 * once, to make the sub-account REST cannot make) and reads the database, so it holds for any
 * implementation of the write path behind that interface.
 */

const N = 400;
const CONCURRENCY = 20;
const KILL_AFTER = 120;
/** Row-lock waiters the in-process worker can add: its transitions job runs one at a time. */
const WORKER_WAITERS_AT_MOST = 1;

type Kind = 'payout' | 'deposit' | 'transfer';
interface Planned {
  key: string;
  kind: Kind;
  path: string;
  body: Record<string, unknown>;
  /** What the request moves, as a decimal string. */
  amount: string;
}

const PATHS: Record<Kind, string> = { payout: '/v1/payouts', deposit: '/v1/simulation/deposit', transfer: '/v1/transfer' };
const ID_FIELD: Record<Kind, string> = { payout: 'payout_id', deposit: 'deposit_id', transfer: 'transfer_id' };
const FUNDING = '100000';

// Dated tomorrow (UTC): a payout dated today would be refused as "in the past" by a run that
// crosses midnight; the deposits' PEND test value gives the worker scheduled work to be cut instead.
const payoutDate = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

const dataDir = tempDataDir('payrail-kill-');
const running: ServerProcess[] = [];
let database: TestDatabase;
let db: ServiceDatabase;
let env: Record<string, string>;
let server: ServerProcess;
let caller: RestCaller;
let apiKey: string;
let master: string;
let sub: string;
let beneficiary: string;
const setupKeys: string[] = [];
let plan: Planned[] = [];
/** Answers that arrived before the restart (all sent to the killed process). */
const beforeKill = new Map<string, Answer>();
/** Requests whose connection the kill cut before an answer arrived. */
const cut: string[] = [];
/** The one answer of each request after the restart. */
const final = new Map<string, Answer>();

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { poolSize: 2 });
  env = {
    DATABASE_URL: database.url,
    PAYRAIL_DATA_DIR: path.join(dataDir, 'server'),
    PAYRAIL_JWT_SECRET: Buffer.alloc(32, 7).toString('base64'),
    // A load from one key, as the bench's: the per-key rate limit (100 calls a second by default)
    // would answer part of it 429 and make the kill meet fewer writes.
    PAYRAIL_RATE_LIMIT_CALLS_PER_KEY: '1000000000',
  };
});

afterAll(async () => {
  // Whatever failed, no server outlives the test: SIGKILL is enough, it holds nothing but connections.
  for (const s of running) if (s.child.exitCode === null && s.child.signalCode === null) await stopServer(s, 'SIGKILL');
  await db?.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  const s = await startServer(env);
  running.push(s);
  return s;
}

async function login(s: ServerProcess): Promise<RestCaller> {
  const tok = await tokenOver(s.base, s.clientId, apiKey);
  if (!tok.token) throw new Error(`token refused: ${tok.status}`);
  return { base: s.base, token: tok.token, clientId: s.clientId };
}

/** A setup call that must succeed; returns the parsed answer. */
async function setupPost(route: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const key = randomUUID();
  setupKeys.push(key);
  const a = await postJson(caller, route, body, key);
  if (a?.status !== 200) throw new Error(`setup ${route} failed: ${a ? `${a.status} ${a.body}` : 'no answer'}`);
  return JSON.parse(a.body) as Record<string, unknown>;
}

async function createSubAccount(): Promise<string> {
  const key = randomUUID();
  setupKeys.push(key);
  const res = await fetch(`${caller.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': caller.token, 'x-idempotency-key': key },
    body: JSON.stringify({ query: 'mutation { createSubAccount(input: { name: "Kill test sub" }) { account { id } userErrors { field message code } } }' }),
  });
  const body = (await res.json()) as { data?: { createSubAccount: { account: { id: string } | null } } };
  if (!body.data?.createSubAccount.account) throw new Error(`createSubAccount failed: ${JSON.stringify(body)}`);
  return body.data.createSubAccount.account.id;
}

/** The fixed list: payouts, deposits (every other one left PENDING for the worker) and transfers, each keyed. */
function makePlan(): Planned[] {
  return Array.from({ length: N }, (_v, i): Planned => {
    const key = randomUUID();
    const cents = (n: number) => (n / 100).toFixed(2);
    switch (i % 4) {
      case 0:
      case 1: {
        const amount = cents(100 + (i % 97));
        const body = { currency: 'USD', amount, purpose_code: 'WAGES_SALARY', payout_reference: key, payout_date: payoutDate, beneficiary_id: beneficiary };
        return { key, kind: 'payout', path: PATHS.payout, body, amount };
      }
      case 2: {
        const amount = cents(500 + (i % 89));
        // The key as sender_account_number is what ties a stored deposit to its request.
        const body = { amount: Number(amount), currency: 'USD', sender_swift_code: i % 8 === 2 ? 'PENDGB2L' : 'HSBCHKHH', sender_account_number: key, sender_name: 'Kill test' };
        return { key, kind: 'deposit', path: PATHS.deposit, body, amount };
      }
      default: {
        const amount = cents(50 + (i % 83));
        const body = { source_account_id: master, target_account_id: sub, currency: 'USD', amount, reason: key };
        return { key, kind: 'transfer', path: PATHS.transfer, body, amount };
      }
    }
  });
}

describe('kill -9 of the API process under load', () => {
  it('starts on a fresh database with a funded wallet, a beneficiary and a sub-account', async () => {
    server = await start();
    apiKey = server.apiKey!;
    master = server.accountId;
    caller = await login(server);
    await setupPost(PATHS.deposit, { amount: Number(FUNDING), currency: 'USD', sender_swift_code: 'HSBCHKHH', sender_account_number: 'funding', sender_name: 'Kill test' });
    beneficiary = (await setupPost('/v1/beneficiaries', {
      entity_type: 'COMPANY',
      company_name: 'Acme Supplies',
      address: { country: 'US', city: 'New York', street_address: '1 Main St', postal_code: '10001', state: 'NY' },
      payment_method: 'LOCAL',
      bank_details: {
        bank_name: 'First Bank', bank_address: '1 Wall St', bank_country_code: 'US', account_holder: 'Acme Supplies Inc',
        account_currency_code: 'USD', account_number: '12345678', routing_code_type1: 'aba', routing_code_value1: '021000021',
      },
    })).beneficiary_id as string;
    sub = await createSubAccount();
    plan = makePlan();
  });

  it(`kills the server with SIGKILL after ${KILL_AFTER} of ${N} answers, with ${CONCURRENCY} requests at a time, while requests wait inside it`, async () => {
    let answered = 0;
    let killed = false;
    let killing: Promise<number> | undefined;
    /**
     * The kill must meet requests in flight. After KILL_AFTER answers the test locks the master's
     * USD wallet account, which every payout, transfer and settled deposit must update, waits until the
     * server's transactions are seen waiting on those rows in PostgreSQL, and kills the server then:
     * the requests behind them have been received and cannot have been answered. One of the waiters
     * may be the in-process worker settling a PENDING deposit (its job runs one transition at a
     * time), so the kill waits for two: at least one is a request.
     */
    const killWhileWaiting = async (): Promise<number> => {
      const holder = await db.pool.connect();
      try {
        // One row. Waiting for it still queues on its tuple lock, through which PostgreSQL can see a
        // cycle with the server's postings and pick this transaction as the victim: this lock is the
        // test's set-up, not what it tests, so it is taken again until it is held.
        let locked: { rowCount: number | null } | undefined;
        for (let tries = 1; !locked; tries++) {
          await holder.query('BEGIN');
          try {
            locked = await holder.query(`SELECT 1 FROM ledger_accounts WHERE account_id = $1 AND purpose = 'WALLET' AND currency = 'USD' FOR UPDATE`, [master]);
          } catch (e) {
            await holder.query('ROLLBACK');
            if ((e as { code?: string }).code !== '40P01' || tries >= 5) throw e;
          }
        }
        if (locked.rowCount !== 1) throw new Error(`expected the master's one USD wallet account, found ${locked.rowCount}`);
        let waiting = 0;
        while (waiting <= WORKER_WAITERS_AT_MOST) {
          const { rows } = await db.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event IN ('transactionid', 'tuple')`,
          );
          waiting = rows[0]!.n;
        }
        killed = true;
        server.child.kill('SIGKILL');
        await server.exited;
        return waiting;
      } finally {
        await holder.query('ROLLBACK');
        holder.release();
      }
    };
    await runPool(
      plan,
      CONCURRENCY,
      async (p) => {
        const a = await postJson(caller, p.path, p.body, p.key);
        if (!a) {
          cut.push(p.key);
          return;
        }
        beforeKill.set(p.key, a);
        if (++answered === KILL_AFTER) killing = killWhileWaiting();
      },
      () => killed,
    );
    const waitingAtKill = await killing!;
    expect(server.child.signalCode).toBe('SIGKILL');
    expect(beforeKill.size).toBeGreaterThanOrEqual(KILL_AFTER);
    // Every request seen waiting at the kill lost its connection unanswered, and part of the list was never sent.
    expect(waitingAtKill).toBeGreaterThan(WORKER_WAITERS_AT_MOST);
    expect(cut.length).toBeGreaterThanOrEqual(waitingAtKill - WORKER_WAITERS_AT_MOST);
    expect(beforeKill.size + cut.length).toBeLessThan(N);
    for (const [key, a] of beforeKill) expect([key, a.status]).toEqual([key, 200]);
  });

  it('after a restart on the same database, every request resent with its key gets one answer; those given before the kill are replayed as they were', async () => {
    server = await start();
    caller = await login(server);
    await runPool(plan, CONCURRENCY, async (p) => {
      // A key stays "processing" only while a transaction of the killed process is still being
      // rolled back: 15 s per request bounds the retries without expecting any speed.
      final.set(p.key, await sendUntilAnswered(() => postJson(caller, p.path, p.body, p.key), Date.now() + 15_000));
    });
    const committedUnanswered = cut.filter((key) => final.get(key)?.replayed).length;
    process.stdout.write(`kill -9 after ${beforeKill.size} answers: ${cut.length} requests cut in flight, ${committedUnanswered} of them committed\n`);
    for (const p of plan) {
      const a = final.get(p.key)!;
      expect([p.key, a.status]).toEqual([p.key, 200]);
      const earlier = beforeKill.get(p.key);
      if (earlier) expect([p.key, a.body, a.replayed]).toEqual([p.key, earlier.body, true]);
    }
    // Once more: every request now has exactly one answer, replayed byte for byte.
    await runPool(plan, CONCURRENCY, async (p) => {
      const again = await postJson(caller, p.path, p.body, p.key);
      expect([p.key, again?.status, again?.body, again?.replayed]).toEqual([p.key, 200, final.get(p.key)!.body, true]);
    });
    // Bounds, not expectations: about 10 s alone, several times that beside the rest of the suite.
  });

  it('settles the deposits left PENDING, then stops', async () => {
    // The worker settles a PENDING deposit within about a second; 20 s is a bound, not an expectation.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM deposits WHERE account_id = $1 AND status = 'PENDING'`, [master]);
      if (rows[0]!.n === 0) break;
      if (Date.now() > deadline) throw new Error(`${rows[0]!.n} deposits still PENDING after the bound`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await stopServer(server, 'SIGTERM')).toBe(0);
  });

  it('stores each request\'s effect exactly once, each with its idempotency record, and nothing else', async () => {
    const q = async <T extends QueryResultRow>(sql: string, params: unknown[]) => (await db.pool.query<T>(sql, params)).rows;
    type Stored = { id: string; ref: string | null; amount: string };
    const objects: Record<Kind, Stored[]> = {
      payout: await q<Stored>(`SELECT id, payout_reference AS ref, source_amount::text AS amount FROM payouts WHERE account_id = $1`, [master]),
      deposit: await q<Stored>(`SELECT id, sender_account_number AS ref, amount::text AS amount FROM deposits WHERE account_id = $1`, [master]),
      transfer: await q<Stored>(`SELECT id, reason AS ref, amount::text AS amount FROM transfers WHERE account_id = $1`, [master]),
    };
    const records = new Map(
      (await q<{ key: string; response_body: string }>(`SELECT key, response_body FROM idempotency_keys WHERE account_id = $1`, [master])).map((r) => [r.key, r]),
    );
    // Records: one per request of the list, plus the setup calls, and no other.
    expect([...records.keys()].sort()).toEqual([...plan.map((p) => p.key), ...setupKeys].sort());

    for (const p of plan) {
      const rows = objects[p.kind].filter((o) => o.ref === p.key);
      expect([p.key, rows.length]).toEqual([p.key, 1]);
      const id = rows[0]!.id;
      expect([p.key, money(rows[0]!.amount).eq(p.amount)]).toEqual([p.key, true]);
      expect([p.key, (JSON.parse(final.get(p.key)!.body) as Record<string, unknown>)[ID_FIELD[p.kind]]]).toEqual([p.key, id]);
      expect([p.key, (JSON.parse(records.get(p.key)!.response_body) as Record<string, unknown>)[ID_FIELD[p.kind]]]).toEqual([p.key, id]);
    }
    // No effect without a request: every stored object is one of the list's, or the funding deposit.
    const planned = new Set(plan.map((p) => p.key));
    expect(objects.payout.length + objects.deposit.length + objects.transfer.length).toBe(N + 1);
    expect(objects.deposit.filter((o) => !planned.has(o.ref ?? '')).map((o) => o.ref)).toEqual(['funding']);

    // Each object posted exactly one journal entry and no entry posts for anything else; its
    // events and scheduled transitions were written once. The sandbox master the server made at
    // start also received its issuing test funds, one issuing transfer per issuing currency.
    const testFunds = await q<{ id: string }>(`SELECT id FROM issuing_transfers WHERE account_id = $1 AND transfer_type = 'SANDBOX_FUNDS'`, [master]);
    expect(testFunds).toHaveLength(2);
    const ids = [...Object.values(objects).flat().map((o) => o.id), ...testFunds.map((f) => f.id)];
    const entries = await q<{ reference_id: string; n: number }>(
      `SELECT reference_id, count(*)::int AS n FROM journal_entries WHERE account_id = ANY($1::uuid[]) GROUP BY reference_id`,
      [[master, sub]],
    );
    expect(entries.length).toBe(ids.length);
    expect(new Set(entries.map((e) => e.reference_id))).toEqual(new Set(ids));
    expect(entries.filter((e) => e.n !== 1)).toEqual([]);
    const doubledEvents = await q(
      `SELECT source_id, event_name, count(*)::int AS n FROM outbox_events WHERE account_id = $1 GROUP BY 1, 2 HAVING count(*) > 1`,
      [master],
    );
    expect(doubledEvents).toEqual([]);
    const withEvents = await q<{ source_id: string }>(`SELECT DISTINCT source_id FROM outbox_events WHERE account_id = $1`, [master]);
    const evented = new Set(withEvents.map((e) => e.source_id));
    expect(ids.filter((id) => !evented.has(id))).toEqual([]);
    const doubledTransitions = await q(
      `SELECT kind, subject_id, count(*)::int AS n FROM scheduled_transitions WHERE account_id = $1 GROUP BY 1, 2 HAVING count(*) > 1`,
      [master],
    );
    expect(doubledTransitions).toEqual([]);
  });

  it('leaves a balanced ledger whose wallets equal what the stored objects add up to', async () => {
    expect(await checkLedger(db)).toEqual([]);
    const sum = async (sql: string, params: unknown[]): Promise<Decimal> => {
      const { rows } = await db.pool.query<{ s: string | null }>(sql, params);
      return money(rows[0]!.s ?? '0');
    };
    const wallet = (account: string) =>
      sum(`SELECT balance::text AS s FROM ledger_accounts WHERE account_id = $1 AND currency = 'USD' AND purpose = 'WALLET'`, [account]);
    const deposits = await sum(`SELECT sum(amount - deposit_fee)::text AS s FROM deposits WHERE account_id = $1 AND status = 'COMPLETED'`, [master]);
    const payouts = await sum(`SELECT sum(source_amount)::text AS s FROM payouts WHERE account_id = $1`, [master]);
    const fees = await sum(`SELECT sum(fee_amount)::text AS s FROM payouts WHERE account_id = $1`, [master]);
    const returned = await sum(`SELECT sum(failure_returned_amount)::text AS s FROM payouts WHERE account_id = $1`, [master]);
    const transfers = await sum(`SELECT sum(amount)::text AS s FROM transfers WHERE source_account_id = $1 AND target_account_id = $2 AND status = 'COMPLETED'`, [master, sub]);
    expect((await wallet(master)).toFixed()).toBe(deposits.minus(payouts).minus(fees).plus(returned).minus(transfers).toFixed());
    expect((await wallet(sub)).toFixed()).toBe(transfers.toFixed());

    // And from the list itself: every deposit completed, every payout and transfer taken once.
    const planned = (kind: Kind) => plan.filter((p) => p.kind === kind).reduce((s, p) => s.plus(p.amount), ZERO);
    expect(deposits.toFixed()).toBe(planned('deposit').plus(FUNDING).toFixed());
    expect(payouts.toFixed()).toBe(planned('payout').toFixed());
    expect(transfers.toFixed()).toBe(planned('transfer').toFixed());
  });
});
