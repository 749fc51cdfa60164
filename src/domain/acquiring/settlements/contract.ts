import { readRows, type ReadScope } from '../../../platform/db/reads';
import { newId } from '../../../platform/ids/ids';
import { STALE, type WriteSet } from '../../../platform/writes/write-set';
import { nextCutAfter } from './cut';

export { addSettlementAtOnce, prepareSettlementAtOnce, type SettlementAtOnce } from './at-once';

/**
 * What the settlements area offers the others:
 * - a capture schedules the cut that will settle it (`addSettlementCut`, in the capture's write set),
 *   or, the sandbox's test value, settles in its own commit (`prepareSettlementAtOnce` reads what it
 *   rests on, `addSettlementAtOnce` adds it to the capture's write set: at-once.ts);
 * - a refund learns whether its capture is settled (`isSettled`) and re-checks it under the
 *   attempt row's lock (`guardSettled`), since a settlement may commit between the two.
 */
export const SETTLEMENT_CUT = 'settlement.cut';

/**
 * One pending cut per account and cut instant, held by a partial unique index: captures that commit
 * at the same time each try to schedule it, and the second insert does nothing.
 */
const INSERT_CUT = `INSERT INTO scheduled_transitions (id, account_id, root_account_id, kind, subject_id, due_at, status, attempts, created_at)
  SELECT ($1::jsonb->>'id')::uuid, ($1::jsonb->>'account_id')::uuid, ($1::jsonb->>'root_account_id')::uuid, $1::jsonb->>'kind',
         ($1::jsonb->>'account_id')::uuid, ($1::jsonb->>'due_at')::timestamptz, 'PENDING', 0, ($1::jsonb->>'now')::timestamptz
  ON CONFLICT (subject_id, due_at) WHERE kind = 'settlement.cut' AND status = 'PENDING' DO NOTHING`;

export function addSettlementCut(writes: WriteSet, c: { accountId: string; rootAccountId: string; capturedAt: Date; now: Date }): void {
  writes.run({
    sql: INSERT_CUT,
    args: {
      id: newId(),
      account_id: c.accountId,
      root_account_id: c.rootAccountId,
      kind: SETTLEMENT_CUT,
      due_at: nextCutAfter(c.capturedAt).toISOString(),
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
