import { TRANSIENT_CONFLICT_CODES } from '../db/group-commit';
import type { ServiceDeps } from '../context';
import { transitionHandler, transitionOptions, type ScheduledTransition } from './transitions';

const MAX_ATTEMPTS = 5;
/** Runs of one claim that a deadlock or serialization failure may take before it counts as an attempt. */
const MAX_CONFLICT_RUNS = 4;

/**
 * A deadlock (40P01) or serialization failure (40001) rolled the transaction back because of
 * another transaction, not because of the transition: running it again at once is the cure (the
 * group commit does the same with its batches), where a backoff would leave a due transition, a
 * settlement cut for one, waiting seconds for nothing. The code is looked for on the error, its
 * `meta` (Prisma's raw-query errors) and its causes (the driver adapter's).
 */
export function isTransientConflict(e: unknown): boolean {
  for (let x: unknown = e, depth = 0; x !== null && typeof x === 'object' && depth < 6; depth++) {
    const { code, meta, cause, message } = x as { code?: unknown; meta?: { code?: unknown }; cause?: unknown; message?: unknown };
    if (code === 'P2034' || (typeof code === 'string' && TRANSIENT_CONFLICT_CODES.has(code))) return true;
    if (typeof meta?.code === 'string' && TRANSIENT_CONFLICT_CODES.has(meta.code)) return true;
    if (typeof message === 'string' && /deadlock detected|could not serialize access/.test(message)) return true;
    x = cause;
  }
  return false;
}

/** Which transitions a run may claim: one sandbox tree under its test clock, or every tree on the real clock. */
export type RunScope = { rootAccountId: string; upTo: Date } | { realClock: true };

async function claimAndRun(deps: ServiceDeps, scope: RunScope): Promise<'ran' | 'none' | 'failed'> {
  for (let run = 1; ; run++) {
    try {
      return await claimAndRunOnce(deps, scope);
    } catch (e) {
      if (!(e instanceof TransientConflict)) throw e;
      if (run >= MAX_CONFLICT_RUNS) return recordFailure(deps, scope, e.claimed, e.cause);
    }
  }
}

/** A claim whose transaction lost to another one: nothing of it committed. */
class TransientConflict extends Error {
  constructor(
    readonly claimed: ScheduledTransition,
    override readonly cause: unknown,
  ) {
    super('transient conflict');
  }
}

async function claimAndRunOnce(deps: ServiceDeps, scope: RunScope): Promise<'ran' | 'none' | 'failed'> {
  let claimed: ScheduledTransition | undefined;
  try {
    const outcome = await deps.db.prisma.$transaction(
      async (tx) => {
        const now = deps.clock.now();
        const rows =
          'rootAccountId' in scope
            ? await tx.$queryRaw<ScheduledTransition[]>`
                SELECT id, account_id AS "accountId", root_account_id AS "rootAccountId", kind, subject_id AS "subjectId",
                       due_at AS "dueAt", status, attempts, last_error AS "lastError", created_at AS "createdAt", done_at AS "doneAt"
                FROM scheduled_transitions
                WHERE status = 'PENDING' AND root_account_id = ${scope.rootAccountId}::uuid AND due_at <= ${scope.upTo}
                ORDER BY due_at, created_at LIMIT 1 FOR UPDATE SKIP LOCKED`
            : await tx.$queryRaw<ScheduledTransition[]>`
                SELECT st.id, st.account_id AS "accountId", st.root_account_id AS "rootAccountId", st.kind,
                       st.subject_id AS "subjectId", st.due_at AS "dueAt", st.status, st.attempts, st.last_error AS "lastError",
                       st.created_at AS "createdAt", st.done_at AS "doneAt"
                FROM scheduled_transitions st
                WHERE st.status = 'PENDING' AND NOT st.under_test_clock AND st.due_at <= ${now}
                  AND NOT EXISTS (SELECT 1 FROM test_clocks c WHERE c.root_account_id = st.root_account_id)
                ORDER BY st.due_at, st.created_at LIMIT 1 FOR UPDATE OF st SKIP LOCKED`;
        claimed = rows[0];
        if (!claimed) return 'none';
        const handler = transitionHandler(claimed.kind);
        if (!handler) throw new Error(`no handler for transition ${claimed.kind}`);
        // Under a test clock a transition happens at its due time; on the real clock, now.
        const at = 'rootAccountId' in scope ? claimed.dueAt : now;
        await handler(tx, claimed, at, deps);
        await tx.scheduledTransition.update({ where: { id: claimed.id }, data: { status: 'DONE', doneAt: at, attempts: { increment: 1 } } });
        return 'ran';
      },
      { maxWait: 10_000, timeout: 30_000 },
    );
    if (outcome === 'ran' && claimed) transitionOptions(claimed.kind).afterCommit?.(deps);
    return outcome;
  } catch (err) {
    if (!claimed) throw err;
    if (isTransientConflict(err)) throw new TransientConflict(claimed, err);
    return recordFailure(deps, scope, claimed, err);
  }
}

/** The handler's writes rolled back; records the failure and retries later with backoff. */
async function recordFailure(deps: ServiceDeps, scope: RunScope, claimed: ScheduledTransition | undefined, err: unknown): Promise<'failed'> {
  if (!claimed) throw err;
  const attempts = claimed.attempts + 1;
  const retryAt = new Date(deps.clock.now().getTime() + 2 ** attempts * 1000);
  await deps.db.prisma.scheduledTransition.update({
    where: { id: claimed.id },
    data: {
      attempts,
      lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
      status: attempts >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING',
      ...('rootAccountId' in scope ? {} : { dueAt: retryAt }),
    },
  });
  return 'failed';
}

/**
 * Runs transitions that are due, one transaction each, until none is left (or `limit`). Rows are
 * claimed with FOR UPDATE SKIP LOCKED, so several workers (and a test-clock advance) can run side by
 * side without running one transition twice. Transitions scheduled by a handler that are already
 * due run in the same call.
 */
export async function runDueTransitions(deps: ServiceDeps, scope: RunScope, limit = 1000): Promise<number> {
  let ran = 0;
  const failedInScope = new Set<number>();
  for (let i = 0; i < limit; i++) {
    const outcome = await claimAndRun(deps, scope);
    if (outcome === 'none') break;
    if (outcome === 'ran') ran++;
    else {
      failedInScope.add(i);
      // Under a test clock a failing transition stays due; stop rather than spin on it.
      if ('rootAccountId' in scope && failedInScope.size >= MAX_ATTEMPTS) break;
    }
  }
  return ran;
}
