import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/** The statements the baseline server shares between its handlers, each as payrail sends it today. */

export type Row = Record<string, unknown>;

export const one = async (client: pg.Pool | pg.PoolClient, sql: string, params: unknown[] = []): Promise<Row | undefined> =>
  (await client.query(sql, params)).rows[0] as Row | undefined;

/** A refusal the handler answers with 400 (payrail's domain errors), after rolling back. */
export class Refused extends Error {}

/**
 * payrail's idempotent write path: one transaction holding the key's advisory lock, the check of an
 * earlier use, a savepoint, the effect, and the stored response.
 */
export async function idempotent(pool: pg.Pool, idemKey: string, accountId: unknown, effect: (c: pg.PoolClient) => Promise<Row>): Promise<Row> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    await c.query('SELECT pg_try_advisory_xact_lock(hashtextextended($1, 4242)) AS locked', [idemKey]);
    await c.query('SELECT * FROM idempotency_keys WHERE key = $1 LIMIT $2 OFFSET $3', [idemKey, 1, 0]);
    await c.query('SAVEPOINT idempotent_work');
    const out = await effect(c);
    await c.query(`INSERT INTO idempotency_keys (key, account_id, endpoint, request_hash, response_status, response_body, created_at)
      VALUES ($1, $2, 'POST /bench', 'h', 200, $3, now()) RETURNING *`, [idemKey, accountId, JSON.stringify(out)]);
    await c.query('COMMIT');
    return out;
  } catch (e) {
    await c.query('ROLLBACK');
    throw e;
  } finally {
    c.release();
  }
}

export interface Line {
  accountId: unknown;
  currency: string;
  purpose: string;
  /** Signed decimal text. */
  amount: string;
  /** A guarded debit: UPDATE only, refused below zero. */
  guard?: boolean;
}

/**
 * payrail's postJournalEntry: the entry, then each line in (account, currency, purpose) order — a
 * guarded debit as one UPDATE with the overdraft check, any other line as one upsert — then all
 * lines in one INSERT.
 */
export async function postEntry(c: pg.PoolClient, entry: { accountId: unknown; kind: string; referenceId: string }, lines: Line[]): Promise<string> {
  const entryId = randomUUID();
  await c.query(`INSERT INTO journal_entries (id, account_id, kind, reference_type, reference_id, description, created_at)
    VALUES ($1, $2, $3, $3, $4, NULL, now()) RETURNING *`, [entryId, entry.accountId, entry.kind, entry.referenceId]);
  const keyOf = (l: Line) => `${String(l.accountId)}|${l.currency}|${l.purpose}`;
  const ordered = [...lines].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const values: unknown[] = [];
  for (const l of ordered) {
    const row = l.guard
      ? await one(c, `UPDATE ledger_accounts SET balance = balance + $1::numeric, updated_at = now()
          WHERE account_id = $2::uuid AND currency = $3 AND purpose = $4 AND balance + $5::numeric >= 0
          RETURNING id, balance::text AS balance`, [l.amount, l.accountId, l.currency, l.purpose, l.amount])
      : await one(c, `INSERT INTO ledger_accounts (id, account_id, currency, purpose, balance, created_at, updated_at)
          VALUES ($1::uuid, $2::uuid, $3, $4, $5::numeric, now(), now())
          ON CONFLICT (account_id, currency, purpose)
          DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance, updated_at = EXCLUDED.updated_at
          RETURNING id, balance::text AS balance`, [randomUUID(), l.accountId, l.currency, l.purpose, l.amount]);
    if (!row) throw new Refused('insufficient balance');
    values.push(randomUUID(), entryId, l.accountId, row.id, l.currency, l.amount, row.balance);
  }
  const tuples = ordered.map((_, i) => `($${i * 7 + 1}, $${i * 7 + 2}, $${i * 7 + 3}, $${i * 7 + 4}, $${i * 7 + 5}, $${i * 7 + 6}, $${i * 7 + 7}, now())`);
  await c.query(`INSERT INTO journal_lines (id, entry_id, account_id, ledger_account_id, currency, amount, balance_after, created_at)
    VALUES ${tuples.join(', ')}`, values);
  return entryId;
}

/**
 * The table the baseline writes its events into: outbox_events' columns, defaults and indexes, without
 * its trigger — in outbox_events itself the trigger woke payrail's webhook pump, and the payrail
 * process, idle during the baseline's run, spent ~15 % of a core fanning out the baseline's events
 * (docs/performance/runs.md, "The remaining gap").
 */
export const BASELINE_OUTBOX = 'bench_baseline_outbox_events';
export const CREATE_BASELINE_OUTBOX = `CREATE TABLE IF NOT EXISTS ${BASELINE_OUTBOX} (LIKE outbox_events INCLUDING ALL)`;

/** An outbox event, as recordEvent writes it (into the look-alike table above). */
export async function recordEvent(c: pg.PoolClient, e: { accountId: unknown; type: string; name: string; sourceId: string; data: Row }): Promise<void> {
  await c.query(`INSERT INTO ${BASELINE_OUTBOX} (id, account_id, event_type, event_name, source_id, data, created_at)
    VALUES ($1, $2, $3, $4, $5, $6, now()) RETURNING *`, [randomUUID(), e.accountId, e.type, e.name, e.sourceId, JSON.stringify(e.data)]);
}

/** A short reference as payrail makes them: a prefix and six random letters and digits. */
export const shortReference = (prefix: string): string => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`;
