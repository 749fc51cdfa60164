import type { BatchOutcome } from '../db/group-commit';
import type { Tx } from '../db/tx';
import type { RequestContext } from '../context';
import { platformErrors } from '../errors/platform-errors';
import { inTransaction } from '../db/tx';
import { applyInTransaction } from './apply';
import { PrepareAgain, STALE, WriteSet } from './write-set';

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

/** What a service's work is given to commit into: the request's write set. */
export interface CommitScope {
  writes: WriteSet;
}

/** The same, with the transaction the work reads under its row locks (and writes in, statement by statement, where it still does). */
export interface LockingScope extends CommitScope {
  tx: Tx;
}

/** How a service commits (RequestContext.commit): the one entry, in either of its two modes. */
export interface Commit {
  /**
   * Prepared: `work` reads without locks and adds its writes, guarded against what it read. The set
   * commits with the request's stored answer (idempotency), in the caller's transaction, or through
   * the group commit, where a stale read runs `work` again on a fresh set.
   */
  <V>(work: (scope: CommitScope) => Promise<V>): Promise<V>;
  /**
   * Locking: `work` runs in the request's transaction (the idempotency unit's, the caller's, or its
   * own), locking what it reads; its write set is applied in that transaction when `work` returns.
   */
  <V>(mode: 'locking', work: (scope: LockingScope) => Promise<V>): Promise<V>;
}

/** The request context's `commit`, bound to the context it is called on (a context spread with a unit commits into the unit). */
export function commitOf(ctx: RequestContext, modeOrWork: 'locking' | ((scope: CommitScope) => Promise<unknown>), locking?: (scope: LockingScope) => Promise<unknown>): Promise<unknown> {
  if (modeOrWork === 'locking') {
    return inTransaction(ctx, async (tx) => {
      const writes = new WriteSet();
      const view = await locking!({ tx, writes });
      await applyInTransaction(tx, writes);
      return view;
    });
  }
  return commitPrepared(ctx, async () => {
    const writes = new WriteSet();
    return { writes, view: await modeOrWork({ writes }) };
  });
}
