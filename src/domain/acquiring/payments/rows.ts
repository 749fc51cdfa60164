import { readRows, type ReadScope } from '../../../platform/db/reads';
import type { PaymentAttempt, PaymentIntent } from '../../../generated/prisma/client';
import { columns, STALE, type ColumnValue, type WriteSet } from '../../../platform/writes/write-set';
import { ATTEMPT_COLUMNS, attemptOfRow, INTENT_COLUMNS, intentOfRow, type PaymentAttemptRow, type PaymentIntentRow } from './view';

/**
 * The account's intent with this (well-formed) id, in Prisma's shape, or undefined: a named statement
 * (src/platform/db/reads.ts), not a Prisma query — every payment request and every refund reads one.
 */
export async function readIntentOfAccount(scope: ReadScope, accountId: string, id: string): Promise<PaymentIntent | undefined> {
  const [row] = await readRows<PaymentIntentRow>(scope, {
    name: 'payment_intent_of_account',
    text: `SELECT ${INTENT_COLUMNS} FROM payment_intents WHERE id = $1::uuid AND account_id = $2::uuid`,
    values: [id, accountId],
  });
  return row && intentOfRow(row);
}

/** The account's attempt with this (well-formed) id, in Prisma's shape, or undefined. */
export async function readAttemptOfAccount(scope: ReadScope, accountId: string, id: string): Promise<PaymentAttempt | undefined> {
  const [row] = await readRows<PaymentAttemptRow>(scope, {
    name: 'payment_attempt_of_account',
    text: `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts WHERE id = $1::uuid AND account_id = $2::uuid`,
    values: [id, accountId],
  });
  return row && attemptOfRow(row);
}

type Row = PaymentIntent | PaymentAttempt;

/**
 * Writes a changed intent or attempt back whole, guarded by what it was read as (its status and
 * update time): the statement matches no row when another writer changed it since, and the request
 * is prepared again from a fresh read (STALE). Two concurrent operations on one intent (capture and
 * cancel) thus cannot both win: the second waits for the first's row lock, then finds the status
 * changed.
 */
export function replaceRow(writes: WriteSet, table: 'payment_intents' | 'payment_attempts', next: Row, was: { status: string; updatedAt: Date }): void {
  const row = columns(next as unknown as Record<string, ColumnValue>);
  const set = Object.keys(row)
    .filter((c) => c !== 'id' && c !== 'account_id')
    .map((c) => `${c} = r.${c}`)
    .join(', ');
  writes.require(
    {
      sql: `UPDATE ${table} t SET ${set} FROM jsonb_populate_record(NULL::${table}, $1::jsonb->'row') r
            WHERE t.id = r.id AND t.account_id = r.account_id
              AND t.status = $1::jsonb->>'was_status' AND t.updated_at = ($1::jsonb->>'was_updated_at')::timestamptz
            RETURNING 'true'::jsonb`,
      args: { row, was_status: was.status, was_updated_at: was.updatedAt.toISOString() },
    },
    STALE,
  );
}

export const insertRow = (writes: WriteSet, table: 'payment_intents' | 'payment_attempts', row: Row): void =>
  writes.insert(table, row as unknown as Record<string, ColumnValue>);
