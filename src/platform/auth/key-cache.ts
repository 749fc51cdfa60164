import type pg from 'pg';
import { BoundedMap } from '../runtime/bounded-map';
import { OutboxListener } from '../events/listener';
import type { KeyRecord } from './key-record';

/** The channel the triggers of migration 20261127010000_auth_change_notify notify on. */
export const AUTH_CHANNEL = 'payrail_auth';

export interface KeyRecordCacheOptions {
  /** false: every look-up reads the database and nothing is kept (PAYRAIL_AUTH_CACHE=false). */
  enabled: boolean;
  /** A new, unconnected client for the LISTEN session (called again on each reconnect). */
  connect: () => pg.Client;
  /** Entries kept at most; past it the least recently used goes (default 10,000). */
  limit?: number;
  /** Told when the LISTEN session is lost; the cache is bypassed until it is back. */
  onLost?: (err: unknown, retryInMs: number) => void;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

const DEFAULT_LIMIT = 10_000;

/**
 * One process's cache of KeyRecords by client_id, exact rather than time-bounded:
 *  - every committed change to a table the record reads notifies payrail_auth (triggers), and any
 *    notification clears the whole cache (changes are rare, look-ups are every request);
 *  - while the LISTEN session is not up, nothing is served from or stored in the cache, and each
 *    (re)connect clears it: a change notified while nobody listened is not heard;
 *  - a look-up stores its answer only if no invalidation happened while it read (the generation),
 *    so an answer read before a change never outlives the change's notification;
 *  - writers of this process call `invalidate()` after their commit, so this process's next
 *    request sees its own change without waiting for the notification's delivery.
 * Misses (unknown client_id) are never kept. One instance per database handle (src/database.ts).
 */
export class KeyRecordCache {
  private readonly entries: BoundedMap<string, KeyRecord>;
  private generation = 0;
  private listener: OutboxListener | undefined;
  private closed = false;
  private readonly invalidationWaiters: Array<() => void> = [];
  private readonly payloadWaiters = new Map<string, () => void>();
  private readonly watchers = new Set<() => void>();

  constructor(private readonly opts: KeyRecordCacheOptions) {
    this.entries = new BoundedMap(opts.limit ?? DEFAULT_LIMIT);
  }

  /** Whether look-ups are served from memory right now (enabled, listening, not closed). */
  get active(): boolean {
    return this.opts.enabled && !this.closed && this.listener?.isListening === true;
  }

  /** Entries held now (tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /** The record of `clientId`: from memory when active and held, else `read()` (stored when still valid). */
  async lookUp(clientId: string, read: () => Promise<KeyRecord | undefined>): Promise<KeyRecord | undefined> {
    if (!this.opts.enabled || this.closed) return read();
    // The session opens with the first look-up: processes that never authenticate hold no extra connection.
    if (!this.listener) this.startListening();
    if (!this.active) return read();
    const held = this.entries.get(clientId);
    if (held) return held;
    const generation = this.generation;
    const record = await read();
    if (record && generation === this.generation && this.active) this.entries.set(clientId, freeze(record));
    return record;
  }

  /** Forgets every entry and makes look-ups in flight not store what they read. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
    for (const wake of this.invalidationWaiters.splice(0)) wake();
    for (const watcher of this.watchers) watcher();
  }

  /**
   * Calls `listener` at every invalidation from now on — a committed change to what a key record
   * reads (any process's, through the notification, or this process's writers), and each (re)connect
   * of the LISTEN session, which may have missed one — so that whoever holds access granted earlier
   * (live subscriptions) can check it again. Opens the LISTEN session even when caching is off.
   * Returns the unsubscribe.
   */
  onChange(listener: () => void): () => void {
    this.watchers.add(listener);
    if (!this.closed && !this.listener) this.startListening();
    return () => this.watchers.delete(listener);
  }

  /** Opens the LISTEN session (when enabled) and resolves once it is up: look-ups are cached from then on. */
  async ready(): Promise<void> {
    if (!this.opts.enabled || this.closed) return;
    if (!this.listener) this.startListening();
    await this.listener!.listening;
  }

  /** Resolves at the next invalidation (a notification, a reconnect or a local writer): for tests. */
  nextInvalidation(): Promise<void> {
    return new Promise((resolve) => this.invalidationWaiters.push(resolve));
  }

  /**
   * Resolves when a notification carrying `payload` arrives: for tests. Notifications arrive in
   * commit order, so once a marker sent now has arrived, every change committed before it has
   * been heard.
   */
  heardNotification(payload: string): Promise<void> {
    return new Promise((resolve) =>
      this.payloadWaiters.set(payload, () => {
        this.payloadWaiters.delete(payload);
        resolve();
      }),
    );
  }

  /** Ends the LISTEN session; look-ups after this read the database. */
  async close(): Promise<void> {
    this.closed = true;
    this.invalidate();
    await this.listener?.close();
  }

  private startListening(): void {
    this.listener = new OutboxListener({
      channel: AUTH_CHANNEL,
      connect: this.opts.connect,
      // Called on each notification and after each (re)connect: both mean "forget everything".
      onWake: (payload) => {
        this.invalidate();
        if (payload) this.payloadWaiters.get(payload)?.();
      },
      onLost: (err, retryInMs) => {
        this.invalidate();
        this.opts.onLost?.(err, retryInMs);
      },
      reconnectMinMs: this.opts.reconnectMinMs,
      reconnectMaxMs: this.opts.reconnectMaxMs,
    });
    void this.listener.start();
  }
}

/** Held records are shared by every request that reads them: nobody may change one in place. */
function freeze(record: KeyRecord): KeyRecord {
  Object.freeze(record.allowedIps);
  Object.freeze(record.permissions);
  Object.freeze(record.businessTypes);
  return Object.freeze(record);
}
