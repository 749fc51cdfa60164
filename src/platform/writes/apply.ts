import type { Tx } from '../db/tx';
import { STALE, PrepareAgain, type WriteSet } from './write-set';

/**
 * Applies a write set inside the caller's Prisma transaction, statement by statement: the cold
 * paths (scheduled transitions, admin commands, a request that already opened a transaction) post
 * through the same statements as the group commit. A refusal (no row touched, or an answer
 * `{"refuse": k}`, as in the group commit) throws its DomainError, which rolls the caller's
 * transaction (or savepoint) back.
 */
export async function applyInTransaction(tx: Tx, writes: WriteSet): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (const op of writes.ops) {
    const args = JSON.stringify(op.args);
    let touched: number;
    if (op.returns) {
      const answer = await tx.$queryRawUnsafe<Record<string, unknown>[]>(op.sql, args);
      touched = answer.length;
      const first = answer[0];
      rows.push(first === undefined ? null : Object.values(first)[0]);
    } else {
      touched = await tx.$executeRawUnsafe(op.sql, args);
      rows.push(null);
    }
    const last = rows[rows.length - 1];
    const picked = typeof last === 'object' && last !== null && 'refuse' in last ? Number((last as { refuse: unknown }).refuse) : undefined;
    if (op.refuse !== undefined && (touched === 0 || picked !== undefined)) {
      const refusal = writes.refusals[op.refuse + (picked ?? 0)]!;
      if (refusal === STALE) {
        writes.forgetCachedReads();
        throw new PrepareAgain('a guarded row changed since it was read');
      }
      throw refusal;
    }
  }
  return rows;
}
