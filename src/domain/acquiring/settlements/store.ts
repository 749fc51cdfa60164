import { readRows, type ReadScope } from '../../../platform/db/reads';
import type { Tx } from '../../../platform/db/tx';
import { columns, STALE, type ColumnValue, type WriteSet } from '../../../platform/writes/write-set';
import type { SettlementItem } from '../../../generated/prisma/client';

const INSERT_BATCH_AND_ITEM = `WITH batch AS (
    INSERT INTO settlement_batches (id, account_id, currency, cut_at, item_count, created_at)
    SELECT (b->>'id')::uuid, (b->>'account_id')::uuid, b->>'currency', (b->>'cut_at')::timestamptz, 1, (b->>'created_at')::timestamptz
      FROM (SELECT $1::jsonb->'batch' AS b) x
    ON CONFLICT (account_id, currency, cut_at) DO UPDATE SET item_count = settlement_batches.item_count + 1
    RETURNING id)
  INSERT INTO settlement_items SELECT r.* FROM batch, jsonb_populate_record(NULL::settlement_items, ($1::jsonb->'item') || jsonb_build_object('batch_id', batch.id)) r`;

/** Adds a settlement at once's item and its batch of the instant (upserted: item_count counts each item). */
export function addBatchAndItem(writes: WriteSet, batch: { id: string; accountId: string; currency: string; cutAt: Date; createdAt: Date }, item: SettlementItem): void {
  writes.run({
    sql: INSERT_BATCH_AND_ITEM,
    args: {
      batch: { id: batch.id, account_id: batch.accountId, currency: batch.currency, cut_at: batch.cutAt.toISOString(), created_at: batch.createdAt.toISOString() },
      item: columns(item as unknown as Record<string, ColumnValue>),
    },
  });
}

/** The batches a cut of the account already wrote (a capture that committed after its cut ran), by currency. */
export async function readBatchesOfCut(tx: Tx, accountId: string, cutAt: Date): Promise<Map<string, string>> {
  const rows = await readRows<{ id: string; currency: string }>({ tx }, {
    name: 'settlement_batches_of_cut',
    text: 'SELECT id, currency FROM settlement_batches WHERE account_id = $1::uuid AND cut_at = $2::timestamptz',
    values: [accountId, cutAt],
  });
  return new Map(rows.map((r) => [r.currency, r.id]));
}

/**
 * A batch of the daily cut with `item_count` items, or, when the cut's batch of that currency exists
 * already under that id, its items added to it. A batch of the cut written meanwhile under another id
 * writes nothing: the set is refused as stale, and the cut runs again (a retried transition) to find it.
 */
const UPSERT_CUT_BATCH = `INSERT INTO settlement_batches (id, account_id, currency, cut_at, item_count, created_at)
  SELECT (b->>'id')::uuid, (b->>'account_id')::uuid, b->>'currency', (b->>'cut_at')::timestamptz, (b->>'item_count')::int, (b->>'created_at')::timestamptz
    FROM (SELECT $1::jsonb AS b) x
  ON CONFLICT (account_id, currency, cut_at) DO UPDATE SET item_count = settlement_batches.item_count + EXCLUDED.item_count
    WHERE settlement_batches.id = EXCLUDED.id
  RETURNING 'true'::jsonb`;

export function addCutBatch(writes: WriteSet, b: { id: string; accountId: string; currency: string; cutAt: Date; itemCount: number; createdAt: Date }): void {
  writes.require(
    {
      sql: UPSERT_CUT_BATCH,
      args: { id: b.id, account_id: b.accountId, currency: b.currency, cut_at: b.cutAt.toISOString(), item_count: b.itemCount, created_at: b.createdAt.toISOString() },
    },
    STALE,
  );
}

/** A settlement item of the daily cut, whole (its batch is written before it in the same set). */
export function addSettlementItem(writes: WriteSet, item: SettlementItem): void {
  writes.run({
    sql: 'INSERT INTO settlement_items SELECT * FROM jsonb_populate_record(NULL::settlement_items, $1::jsonb)',
    args: columns(item as unknown as Record<string, ColumnValue>),
  });
}

/**
 * One pending cut per account and cut instant, held by a partial unique index: captures that commit
 * at the same time each try to schedule it, and the second insert does nothing.
 */
const INSERT_CUT = `INSERT INTO scheduled_transitions (id, account_id, root_account_id, kind, subject_id, due_at, status, attempts, created_at)
  SELECT ($1::jsonb->>'id')::uuid, ($1::jsonb->>'account_id')::uuid, ($1::jsonb->>'root_account_id')::uuid, $1::jsonb->>'kind',
         ($1::jsonb->>'account_id')::uuid, ($1::jsonb->>'due_at')::timestamptz, 'PENDING', 0, ($1::jsonb->>'now')::timestamptz
  ON CONFLICT (subject_id, due_at) WHERE kind = 'settlement.cut' AND status = 'PENDING' DO NOTHING`;

/** Schedules the account's cut at `dueAt`, unless a pending one is scheduled there already. */
export function addCutOnce(writes: WriteSet, c: { id: string; accountId: string; rootAccountId: string; kind: string; dueAt: Date; now: Date }): void {
  writes.run({
    sql: INSERT_CUT,
    args: {
      id: c.id,
      account_id: c.accountId,
      root_account_id: c.rootAccountId,
      kind: c.kind,
      due_at: c.dueAt.toISOString(),
      now: c.now.toISOString(),
    },
  });
}

/** Whether the attempt's capture is in a settlement: a named statement, or the caller's transaction's read. */
export async function isSettled(scope: ReadScope, attemptId: string): Promise<boolean> {
  const [row] = await readRows<{ settled: boolean }>(scope, {
    name: 'attempt_settled',
    text: 'SELECT EXISTS (SELECT 1 FROM settlement_items WHERE payment_attempt_id = $1::uuid) AS settled',
    values: [attemptId],
  });
  return row?.settled === true;
}

/**
 * Placed after the statement that locks the attempt row: a statement of its own sees what committed
 * while it waited for the lock, so a settlement that won the race makes the set prepare again.
 */
const SETTLED_AS_READ = `SELECT 'true'::jsonb WHERE
  EXISTS (SELECT 1 FROM settlement_items WHERE payment_attempt_id = ($1::jsonb->>'attempt_id')::uuid) = ($1::jsonb->>'settled')::boolean`;

export function guardSettled(writes: WriteSet, attemptId: string, settled: boolean): void {
  writes.require({ sql: SETTLED_AS_READ, args: { attempt_id: attemptId, settled } }, STALE);
}
