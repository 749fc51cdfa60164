import type { Tx } from '../../db/tx';
import type { ServiceDeps } from '../context';
import { DomainError, isDomainError } from '../errors/domain-error';
import { idempotencyErrors, platformErrors } from '../errors/platform-errors';
import { requestHash } from './request-hash';

/** A complete response as the door will send it; replayed byte for byte. */
export interface StoredResponse {
  status: number;
  body: string;
}

export interface IdempotentCall {
  key: string;
  /** The acting account: a key belongs to the entity that first used it. */
  accountId: string;
  /** "POST /api/v1/..." for REST, "graphql:<field>" for GraphQL. */
  endpoint: string;
  body: unknown;
}

export const KEY_REUSE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `work` at most once per idempotency key (spec 4.0, 7.1, 7.2, 8).
 *
 * One transaction holds a transaction-scoped advisory lock on the key, the check of an earlier
 * use, the effect (`work` joins this transaction) and the stored response, so the effect and the
 * response commit together or not at all, across any number of processes on one database. A
 * concurrent duplicate finds the lock taken and gets the "processing" answer; once the first commits,
 * a retry finds the row and replays it. Domain errors below 500 are stored as responses too (their
 * partial writes are rolled back to a savepoint); anything unexpected rolls everything back, stores
 * nothing, and surfaces as the layer's 500 so the client may retry with the same key.
 */
export async function runIdempotent(
  deps: ServiceDeps,
  call: IdempotentCall,
  work: (tx: Tx) => Promise<StoredResponse>,
  renderError: (error: DomainError) => StoredResponse,
): Promise<{ response: StoredResponse; replayed: boolean }> {
  const hash = requestHash(call.endpoint, call.body);
  try {
    return await deps.db.prisma.$transaction(
      async (tx) => {
        const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`
          SELECT pg_try_advisory_xact_lock(hashtextextended(${call.key}, 4242)) AS locked`;
        if (!lock?.locked) throw idempotencyErrors.processing();

        const previous = await tx.idempotencyKey.findUnique({ where: { key: call.key } });
        if (previous) {
          if (previous.accountId !== call.accountId) throw idempotencyErrors.otherEntity();
          if (deps.clock.now().getTime() - previous.createdAt.getTime() > KEY_REUSE_WINDOW_MS) {
            throw idempotencyErrors.keyExpired();
          }
          if (previous.endpoint !== call.endpoint) throw idempotencyErrors.otherEndpoint();
          if (previous.requestHash !== hash) throw idempotencyErrors.otherRequest();
          return { response: { status: previous.responseStatus, body: previous.responseBody }, replayed: true };
        }

        await tx.$executeRawUnsafe('SAVEPOINT idempotent_work');
        let response: StoredResponse;
        try {
          response = await work(tx);
        } catch (e) {
          if (!isDomainError(e) || e.status >= 500) throw e;
          await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT idempotent_work');
          response = renderError(e);
        }
        await tx.idempotencyKey.create({
          data: {
            key: call.key,
            accountId: call.accountId,
            endpoint: call.endpoint,
            requestHash: hash,
            responseStatus: response.status,
            responseBody: response.body,
            createdAt: deps.clock.now(),
          },
        });
        return { response, replayed: false };
      },
      { maxWait: 10_000, timeout: 30_000 },
    );
  } catch (e) {
    if (isDomainError(e) && e.status < 500) throw e;
    // Spec 7.1: a failure inside the layer is 500 with no code field; nothing was stored.
    throw Object.assign(platformErrors.internal(), { cause: e });
  }
}

/** Keys are kept well past the 24-hour reuse window so that a late reuse is reported, then purged. */
export async function purgeIdempotencyKeys(deps: ServiceDeps, olderThanDays = 30): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - olderThanDays * 24 * 60 * 60 * 1000);
  const { count } = await deps.db.prisma.idempotencyKey.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return count;
}
