import { BoundedMap } from '../runtime/bounded-map';

/**
 * Copies of rows that a write set reads before it writes and then guards — requires unchanged,
 * under a lock, at commit — kept per database handle so that a busy request path (a payout to the
 * same beneficiary) skips the read. Exact by construction: a copy that went stale fails its guard,
 * the set is refused as STALE, the copy is forgotten (`WriteSet.usedCachedRead`) and the request is
 * prepared again from a fresh read. Only for rows whose guard compares a version that every change
 * raises; never for a read whose result is not guarded.
 */
export class GuardedReadCache<V> extends BoundedMap<string, V> {}

const byOwner = new WeakMap<object, Map<string, GuardedReadCache<unknown>>>();

/** The cache `name` of one database handle (tests run many apps, each on its own database, in one process). */
export function guardedReadCache<V>(owner: object, name: string, limit = 10_000): GuardedReadCache<V> {
  let caches = byOwner.get(owner);
  if (!caches) byOwner.set(owner, (caches = new Map()));
  let cache = caches.get(name);
  if (!cache) caches.set(name, (cache = new GuardedReadCache<unknown>(limit)));
  return cache as GuardedReadCache<V>;
}
