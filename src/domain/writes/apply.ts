import type { Tx } from '../../db/tx';
import { STALE, PrepareAgain, type WriteSet } from './write-set';

/**
 * Applies a write set inside the caller's Prisma transaction, statement by statement: the cold
 * paths (scheduled transitions, admin commands, a request that already opened a transaction) post
 * through the same statements as the group commit. A refusal throws its DomainError, which rolls
 * the caller's transaction (or savepoint) back.
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
    if (touched === 0 && op.refuse !== undefined) {
      const refusal = writes.refusals[op.refuse]!;
      if (refusal === STALE) throw new PrepareAgain('a guarded row changed since it was read');
      throw refusal;
    }
  }
  return rows;
}
