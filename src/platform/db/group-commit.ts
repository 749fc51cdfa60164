import { createHash } from 'node:crypto';
import type pg from 'pg';
import { OutboxNotifier } from './outbox-notifier';

/** One statement of a write set: SQL taking its arguments as one jsonb parameter ($1). */
export interface BatchOp {
  sql: string;
  args: unknown;
  /** The statement answers one jsonb value, kept in the outcome's rows. */
  returns?: boolean;
  /** When the statement touches no row, the item is refused with this index (see `refusals`). */
  refuse?: number;
  /**
   * An insert that cannot fail and that nothing later in the item reads (an outbox event, a scheduled
   * transition): in a batch its row (`args`) is collected and the batch inserts the rows of every
   * applied item into this table with one statement after the last item; `sql` is what a caller's
   * transaction runs in place.
   */
  collectInto?: string;
  /**
   * A whole row (`args`) inserted into this table: in a batch by the static insert of
   * payrail_insert_row (prisma/functions/payrail_insert_row.sql); `skipConflict` inserts nothing on a
   * conflict (the op's refusal then applies). `sql` is the same insert for a caller's transaction.
   */
  insertInto?: { table: string; skipConflict: boolean };
  /**
   * A guard that the row `{id, version}` of this table is unchanged since read (payrail_row_unchanged,
   * static in a batch; `sql` in a caller's transaction), held FOR SHARE to commit.
   */
  unchangedIn?: string;
  /**
   * A posting (`SELECT payrail_post($1::jsonb)`, src/platform/ledger/posting.ts): in a batch it goes to
   * payrail_post_in_batch, whose ledger balances are written once after the last item
   * (prisma/functions/payrail_post_in_batch.sql); `sql` is what a caller's transaction runs.
   */
  posting?: boolean;
  /** The statement reads ledger_accounts balances: in a batch, the balances moved so far are written first. */
  readsBalances?: boolean;
}

/** The idempotency record kept with the effect (src/platform/idempotency/layer.ts). */
export interface BatchIdempotency {
  key: string;
  account_id: string;
  endpoint: string;
  hash: string;
  /** ISO instant: the record's created_at. */
  now: string;
}

export interface StoredAnswer {
  status: number;
  body: string;
}

export interface BatchItem {
  idem?: BatchIdempotency;
  ops: BatchOp[];
  response?: StoredAnswer;
  /** Per refusal index: the answer stored under the key, or null when a refusal is not final. */
  refusals?: (StoredAnswer | null)[];
}

export type BatchOutcome =
  | { o: 'applied'; rows: unknown[] }
  | { o: 'refused'; refusal: number }
  | { o: 'previous'; account_id: string; endpoint: string; hash: string; created_at: string; status: number; body: string }
  | { o: 'processing' }
  | { o: 'failed'; state: string; constraint: string; message: string };

interface Pending {
  item: BatchItem;
  resolve: (o: BatchOutcome) => void;
  reject: (e: unknown) => void;
}

/** SQLSTATEs of a transaction rolled back because of another one (deadlock, serialization): run it again. */
export const TRANSIENT_CONFLICT_CODES: ReadonlySet<string> = new Set(['40P01', '40001']);

// Statement texts are the write path's constants: a name per text, computed once.
const names = new Map<string, string>();
const NAMES_LIMIT = 4096;
function statementName(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    if (names.size >= NAMES_LIMIT) names.clear();
    name = `payrail_${createHash('md5').update(sql).digest('hex')}`;
    names.set(sql, name);
  }
  return name;
}

/**
 * The batch as `payrail_apply_batch(statements, items)` takes it (prisma/functions/
 * payrail_apply_batch.sql and payrail_apply_items.sql describe it): each named
 * statement's text once, under its name, and ops that carry a posting (`p`), a row to insert (`i`),
 * a row guarded unchanged (`v`), a row collected for a table's one insert after the last item (`w`),
 * or name their statement (`q`, with `b` when it reads ledger balances).
 */
export function wireBatch(items: readonly BatchItem[]): [statements: string, items: string] {
  const statements: Record<string, string> = {};
  const wired = items.map((item) => ({
    ...item,
    ops: item.ops.map((op) => {
      if (op.collectInto !== undefined) return { w: op.collectInto, a: op.args };
      if (op.posting === true) return op.refuse === undefined ? { p: op.args } : { p: op.args, x: op.refuse };
      let wired: Record<string, unknown>;
      if (op.insertInto !== undefined) {
        wired = op.insertInto.skipConflict ? { i: op.insertInto.table, a: op.args, c: true } : { i: op.insertInto.table, a: op.args };
      } else if (op.unchangedIn !== undefined) {
        wired = { v: op.unchangedIn, a: op.args };
      } else {
        const q = statementName(op.sql);
        statements[q] = op.sql;
        wired = { q, a: op.args, r: op.returns ?? false };
        if (op.readsBalances === true) wired.b = true;
      }
      if (op.refuse !== undefined) wired.x = op.refuse;
      return wired;
    }),
  }));
  return [JSON.stringify(statements), JSON.stringify(wired)];
}
const MAX_BATCH_RETRIES = 8;

/**
 * Group commit: concurrent write sets of this process are sent to PostgreSQL together, as one
 * `SELECT payrail_apply($1)` — one round trip and one commit (one WAL flush) for the whole batch,
 * each item in its own subtransaction so that one refused item does not undo the others. While a
 * batch is in flight the next one gathers ("smart batching", as in LMAX): under light load a batch
 * is a single item and waits for nobody; under heavy load batches grow by themselves. Nothing is
 * acknowledged before its batch committed. `lanes` batches may be in flight at once.
 */
export class GroupCommitter {
  private queue: Pending[] = [];
  private inFlight = 0;
  private readonly notifier: OutboxNotifier;

  constructor(
    private readonly pool: pg.Pool,
    private readonly opts: { lanes: number; maxBatch: number } = { lanes: 2, maxBatch: 256 },
  ) {
    this.notifier = new OutboxNotifier(pool.options, 'payrail_outbox');
  }

  /** Ends the notifier's connection (the pool is the database's to end). */
  close(): Promise<void> {
    return this.notifier.close();
  }

  submit(item: BatchItem): Promise<BatchOutcome> {
    return new Promise<BatchOutcome>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.opts.lanes && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.opts.maxBatch);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    const [statements, items] = wireBatch(batch.map((p) => p.item));
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      for (const p of batch) p.reject(e);
      return;
    }
    let broken: Error | undefined;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const result = await client.query<{ outcomes: BatchOutcome[] }>({
            name: 'payrail_apply_batch',
            text: 'SELECT payrail_apply_batch($1::jsonb, $2::jsonb) AS outcomes',
            values: [statements, items],
          });
          const outcomes = result.rows[0]!.outcomes;
          // Committed: wake the outbox readers (the batch's own transaction did not NOTIFY).
          if (outcomes.some((o) => o.o === 'applied')) this.notifier.poke();
          batch.forEach((p, i) => p.resolve(outcomes[i]!));
          return;
        } catch (e) {
          const code = (e as { code?: string }).code;
          // A deadlock with another writer rolled the whole batch back: nothing of it committed. The
          // retry goes to the same connection: the driver reports the error before the server has
          // finished aborting, and on another connection the retry could still meet the aborting
          // transaction's advisory locks (and answer "processing" for a key nobody else holds).
          if (code && TRANSIENT_CONFLICT_CODES.has(code) && attempt < MAX_BATCH_RETRIES) continue;
          if (!code) broken = e as Error;
          for (const p of batch) p.reject(e);
          return;
        }
      }
    } finally {
      client.release(broken);
    }
  }
}
