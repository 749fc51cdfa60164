import type { CardDataKeyring } from '../sealing/keys';
import type { ServiceDeps } from '../context';
import { DomainError, isDomainError } from '../errors/domain-error';
import { idempotencyErrors, platformErrors } from '../errors/platform-errors';
import { applyInTransaction } from '../writes/apply';
import type { UnitOfWork } from '../writes/commit';
import { PrepareAgain, STALE } from '../writes/write-set';
import { RETIRED_FINGERPRINT, requestFingerprint, sameRequest } from './fingerprint';
import { IdempotentUnit, KeyBusy, KeyUsed, type PreviousUse } from './unit';

/** A complete response as the door will send it; replayed byte for byte. */
export interface StoredResponse {
  status: number;
  body: string;
  /**
   * The text kept for replays when it is not `body`: an answer with a secret shown once keeps a copy
   * without it (src/platform/validation/sensitive.ts, `secretAnswer`), so replays answer without it.
   */
  kept?: string;
}

/** The layer keys fingerprints under the card data keys (fingerprint.ts). */
export interface IdempotencyDeps extends ServiceDeps {
  cardDataKeys: CardDataKeyring;
}

export interface IdempotentCall {
  key: string;
  /**
   * The acting account: keys are scoped to it, `(account, key)`, so two accounts using the same key
   * never meet (a master acting for a sub-account uses the sub-account's keys).
   */
  accountId: string;
  /** "POST /api/v1/..." for REST, "graphql:<field>" for GraphQL. */
  endpoint: string;
  body: unknown;
}

export const KEY_REUSE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * An earlier use of the key in the acting account: replayed when it is the same request, refused
 * otherwise (spec 7.1). A record kept from before fingerprints were keyed can no longer tell a retry
 * from another request: its key answers as an expired key does. Keys are scoped to the acting
 * account, so the spec's "key already used by a different entity" cannot arise.
 */
function answerPrevious(deps: IdempotencyDeps, call: IdempotentCall, hash: string, previous: PreviousUse) {
  if (previous.requestHash === RETIRED_FINGERPRINT) throw idempotencyErrors.keyRetired();
  if (deps.clock.now().getTime() - previous.createdAt.getTime() > KEY_REUSE_WINDOW_MS) throw idempotencyErrors.keyExpired();
  if (previous.endpoint !== call.endpoint) throw idempotencyErrors.otherEndpoint();
  if (!sameRequest(deps.cardDataKeys, previous.requestHash, hash, call.endpoint, call.body)) throw idempotencyErrors.otherRequest();
  return { response: { status: previous.responseStatus, body: previous.responseBody }, replayed: true };
}

const ATTEMPTS = 5;

/**
 * Runs `work` at most once per idempotency key (spec 4.0, 7.1, 7.2, 8).
 *
 * The effect and the stored answer commit together or not at all, across any number of processes
 * on one database, in one of two ways:
 * - a service that prepares a write set (src/platform/writes) defers it to the unit; the layer sends
 *   it with the key and the answer as one item of a group commit (payrail_apply): the key's advisory
 *   lock, the check of an earlier use, the writes in a subtransaction and the stored answer, in one
 *   transaction. A refusal of a guard is stored with its rendered answer.
 * - a service that works statement by statement opens the unit's Prisma transaction, which takes
 *   the lock and checks the key first and commits only once the answer is stored.
 * A concurrent duplicate finds the lock taken and gets the "processing" answer; once the first
 * commits, a retry finds the record and replays it. Domain errors below 500 are stored as answers
 * too; anything unexpected stores nothing and surfaces as the layer's 500, so the client may retry
 * with the same key.
 */
export async function runIdempotent(
  deps: IdempotencyDeps,
  call: IdempotentCall,
  work: (unit: UnitOfWork) => Promise<StoredResponse>,
  renderError: (error: DomainError) => StoredResponse,
): Promise<{ response: StoredResponse; replayed: boolean }> {
  const hash = requestFingerprint(deps.cardDataKeys, call.endpoint, call.body);
  try {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const answer = await attemptOnce(deps, call, hash, work, renderError);
      if (answer) return answer;
    }
    throw new Error(`request prepared ${ATTEMPTS} times without settling`);
  } catch (e) {
    if (isDomainError(e) && e.status < 500) throw e;
    // Spec 7.1: a failure inside the layer is 500 with no code field; nothing was stored.
    throw Object.assign(platformErrors.internal(), { cause: e });
  }
}

/** One preparation of the request; undefined when it must be prepared again. */
async function attemptOnce(
  deps: IdempotencyDeps,
  call: IdempotentCall,
  hash: string,
  work: (unit: UnitOfWork) => Promise<StoredResponse>,
  renderError: (error: DomainError) => StoredResponse,
): Promise<{ response: StoredResponse; replayed: boolean } | undefined> {
  const unit = new IdempotentUnit(deps, call.accountId, call.key);
  let response: StoredResponse;
  let failed = false;
  try {
    response = await work(unit);
  } catch (e) {
    if (e instanceof KeyBusy) throw idempotencyErrors.processing();
    if (e instanceof KeyUsed) return answerPrevious(deps, call, hash, e.previous);
    if (e instanceof PrepareAgain) {
      await unit.abandon();
      return undefined;
    }
    if (!isDomainError(e) || e.status >= 500) {
      await unit.abandon();
      throw e;
    }
    failed = true;
    response = renderError(e);
  }
  const now = deps.clock.now();
  if (unit.transactionOpened) return finishInTransaction(unit, call, hash, now, failed ? undefined : response, renderError, response);

  const refusals = failed ? [] : unit.writes.refusals.map((r) => (r === STALE ? null : renderError(r)));
  const outcome = await deps.db.commits.submit({
    idem: { key: call.key, account_id: call.accountId, endpoint: call.endpoint, hash, now: now.toISOString() },
    ops: failed ? [] : unit.writes.ops,
    response: keptOf(response),
    refusals,
  });
  switch (outcome.o) {
    case 'applied':
      unit.committed();
      return { response, replayed: false };
    case 'refused': {
      const stored = refusals[outcome.refusal];
      if (stored) return { response: stored, replayed: false };
      unit.writes.forgetCachedReads();
      return undefined;
    }
    case 'previous':
      return answerPrevious(deps, call, hash, {
        endpoint: outcome.endpoint,
        requestHash: outcome.hash,
        createdAt: new Date(outcome.created_at),
        responseStatus: outcome.status,
        responseBody: outcome.body,
      });
    case 'processing':
      throw idempotencyErrors.processing();
    case 'failed':
      if (outcome.state === '23505') return undefined;
      throw new Error(`idempotent write failed: ${outcome.state} ${outcome.message}`);
  }
}

/** The statement-by-statement path: deferred writes, then the stored answer, in the unit's transaction. */
async function finishInTransaction(
  unit: IdempotentUnit,
  call: IdempotentCall,
  hash: string,
  now: Date,
  success: StoredResponse | undefined,
  renderError: (error: DomainError) => StoredResponse,
  failure: StoredResponse,
): Promise<{ response: StoredResponse; replayed: boolean } | undefined> {
  try {
    const response = await unit.finish(async (tx) => {
      let stored = failure;
      if (success) {
        try {
          await applyInTransaction(tx, unit.writes);
          stored = success;
        } catch (e) {
          if (!isDomainError(e) || e.status >= 500) throw e;
          stored = renderError(e);
        }
      }
      if (stored !== success) await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT idempotent_work');
      await tx.idempotencyKey.create({
        data: {
          key: call.key,
          accountId: call.accountId,
          endpoint: call.endpoint,
          requestHash: hash,
          responseStatus: stored.status,
          responseBody: keptOf(stored).body,
          createdAt: now,
        },
      });
      return stored;
    });
    unit.committed();
    return { response, replayed: false };
  } catch (e) {
    if (e instanceof PrepareAgain) return undefined;
    throw e;
  }
}

/** What the record keeps of an answer: its status and the text replays answer. */
const keptOf = (r: StoredResponse): { status: number; body: string } => ({ status: r.status, body: r.kept ?? r.body });

/** Keys are kept well past the 24-hour reuse window so that a late reuse is reported, then purged. */
export async function purgeIdempotencyKeys(deps: ServiceDeps, olderThanDays = 30): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - olderThanDays * 24 * 60 * 60 * 1000);
  const { count } = await deps.db.prisma.idempotencyKey.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return count;
}
