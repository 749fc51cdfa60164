import type { Database } from './client';
import type { Tx } from './tx';

/** A read as a named statement: positional parameters ($1…), column aliases in the caller's names. */
export interface NamedRead {
  name: string;
  text: string;
  values: unknown[];
}

/** Where a read runs: the database's pool, unless a transaction is open (a job's handler has only that). */
export type ReadScope = { db: Database; tx?: Tx } | { tx: Tx };

/**
 * The rows of a read a write set is prepared from: a named `pg` statement on the pool (planned once
 * per connection, no ORM on the way), or — when a caller opened a transaction the service joins — the
 * same text inside that transaction. The two paths type numerics differently (`pg` text, Prisma's raw
 * Decimal; a `date` too), so a read converts what it needs from either, or casts it to text.
 */
export async function readRows<R>(scope: ReadScope, read: NamedRead): Promise<R[]> {
  if (scope.tx) return scope.tx.$queryRawUnsafe<R[]>(read.text, ...read.values);
  if (!('db' in scope)) throw new Error('readRows: neither a database nor a transaction');
  return (await scope.db.pool.query<R & Record<string, unknown>>(read)).rows;
}
