import type { BatchOutcome } from '../db/group-commit';
import type { Tx } from '../db/tx';
import type { RequestContext } from '../context';
import { platformErrors } from '../errors/platform-errors';
import { applyInTransaction } from './apply';
import { PrepareAgain, STALE, type WriteSet } from './write-set';

/**
 * The idempotency layer's unit of work, as a service sees it: a write set given to `defer` is
 * committed by the layer with the stored answer (group commit); `transaction()` opens, once, the
 * Prisma transaction of a service that still works statement by statement.
 */
export interface UnitOfWork {
  defer(writes: WriteSet): void;
  transaction(): Promise<Tx>;
  /**
   * Ends the request with the stored answer now if its key was already used, before a service does
   * something costly or outside payrail that a replay must not repeat (an authorization decision
   * call). A read without a lock: a concurrent duplicate still settles at commit as always.
   */
  replayIfUsed?(): Promise<void>;
  /** Runs `fn` after the unit's writes committed (not when they roll back): db/tx.ts afterCommit. */
  afterCommit?(fn: () => void): void;
}

export interface Prepared<V> {
  writes: WriteSet;
  view: V;
}

const ATTEMPTS = 5;

/**
 * What an applied, refused or failed batch item means for the request: refusals throw their
 * DomainError; a stale read or a short-reference clash (unique violation) asks to prepare again.
 */
export function settleOutcome(outcome: BatchOutcome, writes: WriteSet): void {
  switch (outcome.o) {
    case 'applied':
      return;
    case 'refused': {
      const refusal = writes.refusals[outcome.refusal];
      if (refusal === undefined || refusal === STALE) {
        writes.forgetCachedReads();
        throw new PrepareAgain('a guarded row changed since it was read');
      }
      throw refusal;
    }
    case 'failed':
      if (outcome.state === '23505') throw new PrepareAgain(`unique ${outcome.constraint}`);
      throw Object.assign(platformErrors.internal(), { cause: new Error(`write failed: ${outcome.state} ${outcome.message}`) });
    default:
      throw Object.assign(platformErrors.internal(), { cause: new Error(`unexpected outcome ${outcome.o} for a write without key`) });
  }
}

/**
 * How a service commits a prepared write set. Inside the idempotency layer the set is deferred, so
 * it commits with the stored answer (and the layer prepares again when needed); inside a caller's
 * transaction it is applied there; otherwise it goes through the group commit on its own, prepared
 * again (fresh reads, fresh references) when a guard found its read stale.
 */
export async function commitPrepared<V>(ctx: RequestContext, prepare: () => Promise<Prepared<V>>): Promise<V> {
  if (ctx.unit) {
    const { writes, view } = await prepare();
    ctx.unit.defer(writes);
    return view;
  }
  if (ctx.tx) {
    const { writes, view } = await prepare();
    await applyInTransaction(ctx.tx, writes);
    return view;
  }
  for (let attempt = 1; ; attempt++) {
    const { writes, view } = await prepare();
    try {
      settleOutcome(await ctx.db.commits.submit({ ops: writes.ops }), writes);
      return view;
    } catch (e) {
      if (!(e instanceof PrepareAgain) || attempt >= ATTEMPTS) throw e;
    }
  }
}
