import { randomUUID } from 'node:crypto';
import { createDatabase } from '../../src/database';
import { checkLedger } from '../../src/platform/ledger/invariants';
import { money } from '../../src/platform/money/amount';
import { postJson, runPool, sendUntilAnswered, type Answer, type RestCaller } from './rest-load';

/**
 * Payouts sent to a server process around a database outage, and the proof afterwards that each
 * key had exactly one effect (test/lifecycle/database-loss.test.ts, external-database-restart.test.ts).
 */

export type Phase = 'before' | 'at-outage' | 'during' | 'after';

export interface SentPayout {
  key: string;
  body: Record<string, unknown>;
  amount: string;
  phase: Phase;
  /** The first answer (undefined: no answer arrived). */
  answer?: Answer;
}

/** The account-center family's 500 (spec 7.1: message only; the client may retry with the same key). */
export const INTERNAL_500 = { message: 'An internal error occurred, please try again later' };

// Dated tomorrow (UTC): a payout dated today would be refused as "in the past" by a run that crosses midnight.
const payoutDate = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Funds the caller's USD wallet and creates a beneficiary; returns its id. */
export async function fundedBeneficiary(caller: RestCaller): Promise<string> {
  const funded = await postJson(caller, '/v1/simulation/deposit', { amount: 100000, currency: 'USD', sender_swift_code: 'HSBCHKHH', sender_account_number: 'funding', sender_name: 'Outage test' }, randomUUID());
  if (funded?.status !== 200) throw new Error(`funding failed: ${funded?.status} ${funded?.body}`);
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
  if (created?.status !== 200) throw new Error(`beneficiary failed: ${created?.status} ${created?.body}`);
  return (JSON.parse(created.body) as { beneficiary_id: string }).beneficiary_id;
}

/** A payout with a fresh key, its payout_reference equal to the key (what ties a stored payout to its request). */
export function plannedPayout(beneficiary: string, phase: Phase, i: number): SentPayout {
  const key = randomUUID();
  const amount = ((100 + (i % 97)) / 100).toFixed(2);
  return { key, phase, amount, body: { currency: 'USD', amount, purpose_code: 'WAGES_SALARY', payout_reference: key, payout_date: payoutDate, beneficiary_id: beneficiary } };
}

export function sendPayout(caller: RestCaller, p: SentPayout): Promise<Answer | undefined> {
  return postJson(caller, '/v1/payouts', p.body, p.key);
}

/** What an answer given while the database went away may be: 200 (it committed first) or the family's 500. */
export function cleanOutageAnswer(a: Answer | undefined): 200 | { status: number; body: unknown } | undefined {
  return a && (a.status === 200 ? 200 : { status: a.status, body: JSON.parse(a.body) as unknown });
}

/**
 * Sends every payout again with its key: each gets a 200, an answer given before is replayed byte
 * for byte, and the database holds exactly one payout per key, its amount, one journal entry each,
 * and a ledger whose invariants hold.
 */
export async function expectOneEffectEach(caller: RestCaller, sent: readonly SentPayout[], databaseUrl: string, accountId: string): Promise<void> {
  const replayed = new Map<string, Answer>();
  await runPool(sent, 8, async (p) => {
    replayed.set(p.key, await sendUntilAnswered(() => sendPayout(caller, p), Date.now() + 15_000));
  });
  for (const p of sent) {
    const again = replayed.get(p.key)!;
    expect([p.key, again.status]).toEqual([p.key, 200]);
    if (p.answer?.status === 200) expect([p.key, again.body, again.replayed]).toEqual([p.key, p.answer.body, true]);
  }
  const db = createDatabase(databaseUrl, { poolSize: 2, authCache: false });
  try {
    const { rows: payouts } = await db.pool.query<{ id: string; ref: string; amount: string }>(
      `SELECT id, payout_reference AS ref, source_amount::text AS amount FROM payouts WHERE account_id = $1`,
      [accountId],
    );
    expect(payouts.length).toBe(sent.length);
    const byRef = new Map<string, { id: string; amount: string }[]>();
    for (const r of payouts) byRef.set(r.ref, [...(byRef.get(r.ref) ?? []), r]);
    for (const p of sent) {
      const rows = byRef.get(p.key) ?? [];
      expect([p.key, rows.length]).toEqual([p.key, 1]);
      expect([p.key, money(rows[0]!.amount).eq(p.amount)]).toEqual([p.key, true]);
      expect([p.key, (JSON.parse(replayed.get(p.key)!.body) as { payout_id: string }).payout_id]).toEqual([p.key, rows[0]!.id]);
    }
    const { rows: entries } = await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM journal_entries WHERE reference_id = ANY($1::uuid[]) GROUP BY reference_id`,
      [payouts.map((p) => p.id)],
    );
    expect(entries.length).toBe(payouts.length);
    expect(entries.filter((e) => e.n !== 1)).toEqual([]);
    expect(await checkLedger(db)).toEqual([]);
  } finally {
    await db.close();
  }
}

/** Polls `probe` every 50 ms until it is true; past `capMs` throws, naming `what` and `context()`. */
export async function pollUntil(what: string, probe: () => Promise<boolean>, capMs: number, context: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + capMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${capMs} ms\n${context()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface OutageLoad {
  caller: RestCaller;
  beneficiary: string;
  /** Every payout sent is appended here, with its answer. */
  sent: SentPayout[];
  concurrency: number;
  /** Answers under load before the database is taken away. */
  loadedAfter: number;
  /** Takes the database away, and keeps it away until the test brings it back. */
  takeDown: () => void;
  /** The server's /readyz status code. */
  readyz: () => Promise<number>;
  /** Requests that must fail after /readyz said not ready. */
  failuresWhileDown: number;
  /** The server's output, for the message of a wait that failed. */
  context: () => string;
}

/**
 * Sends payouts at `concurrency`; after `loadedAfter` answers takes the database away, waits for
 * /readyz to say not ready and for `failuresWhileDown` more requests to fail, then stops sending.
 * Payouts sent before the take-down are `at-outage`, those after it `during`.
 */
export async function loadThroughOutage(o: OutageLoad): Promise<void> {
  let answered = 0;
  let down = false;
  let downSeen = false;
  let failedWhileDown = 0;
  let quit = false;
  let i = 0;
  const load = runPool(
    Array.from({ length: 100_000 }, () => undefined),
    o.concurrency,
    async () => {
      const p = plannedPayout(o.beneficiary, down ? 'during' : 'at-outage', i++);
      o.sent.push(p);
      p.answer = await sendPayout(o.caller, p);
      if (++answered === o.loadedAfter) {
        down = true;
        o.takeDown();
      }
      if (downSeen && p.answer?.status === 500) failedWhileDown++;
    },
    () => quit || failedWhileDown >= o.failuresWhileDown,
  );
  try {
    await pollUntil('the database is taken away under load', async () => down, 60_000, o.context);
    await pollUntil('/readyz says not ready', async () => (await o.readyz()) === 503, 30_000, o.context);
    downSeen = true;
    await pollUntil(`${o.failuresWhileDown} requests fail while the database is away`, async () => failedWhileDown >= o.failuresWhileDown, 60_000, o.context);
  } finally {
    quit = true;
    await load;
  }
}

/**
 * The outage load comes from one key, faster than the per-key call limit (100 a second by default)
 * allows: a server under this load raises it, so that every answer is the database's, never a 429.
 */
export const OUTAGE_LOAD_LIMITS = { PAYRAIL_RATE_LIMIT_CALLS_PER_KEY: '1000000000' } as const;
