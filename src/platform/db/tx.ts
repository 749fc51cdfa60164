import type { Prisma } from '../../generated/prisma/client';
import type { Database } from './client';

/** A Prisma client bound to one open transaction. */
export type Tx = Prisma.TransactionClient;

export interface TxScope {
  db: Database;
  /** Set when the caller (the idempotency layer) already opened the transaction. */
  tx?: Tx;
  /** The idempotency layer's unit of work: its transaction opens on first use. */
  unit?: { transaction(): Promise<Tx>; afterCommit?(fn: () => void): void };
}

/**
 * Services own their transaction boundary: a public method calls this once and passes `tx` to its
 * helpers. When the request already runs inside a transaction (the idempotency layer opens one so
 * that the effect and the stored response commit together), the service joins it instead.
 */
export async function inTransaction<T>(scope: TxScope, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (scope.tx) return work(scope.tx);
  if (scope.unit) return work(await scope.unit.transaction());
  return scope.db.prisma.$transaction(work, { maxWait: 10_000, timeout: 20_000 });
}

/**
 * Runs `fn` once what the service wrote through `inTransaction(scope, ...)` has committed: at once
 * when the service owned its transaction (it has returned), when the idempotency unit commits when
 * it joined the unit's. Inside a caller's own `tx` there is no hook: that caller runs `fn` itself
 * after its commit, or relies on what the change's commit notifies.
 */
export function afterCommit(scope: TxScope, fn: () => void): void {
  if (scope.unit?.afterCommit) scope.unit.afterCommit(fn);
  else if (!scope.tx) fn();
}
