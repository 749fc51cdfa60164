import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { reaches, type EventAudience } from '../events/audience';
import { OutboxListener } from '../events/listener';
import { isPast, outboxHead, readOutboxAfter, readOutboxRange, type OutboxCursor, type Queryable, type TailedEvent } from '../events/tail';
import { BoundedEventQueue, ReplayThenLive } from './queue';

/**
 * One process's reader of the outbox for live subscriptions. It holds ONE dedicated LISTEN
 * connection (not a pool connection: LISTEN belongs to a session), and on each notification — or
 * every `pollMs`, because a NOTIFY sent while the connection was down is lost — reads forward from
 * its cursor with the commit-safe tail reader and hands each event to the queues of the
 * subscribers it reaches. Every API process runs its own hub, so a subscriber on one process sees
 * events committed through any other: they meet in the database, not in memory.
 */
export interface LiveHubOptions {
  /** Where events are read from (the app's pool). */
  db: Queryable;
  /** A new, unconnected client for the LISTEN session (called again on each reconnect). */
  listenClient: () => pg.Client;
  logger: FastifyBaseLogger;
  /** Told the number of subscribers whenever it changes (the payrail_live_subscribers gauge). */
  onSubscriberCount?: (n: number) => void;
  pollMs?: number;
  /** Events one subscriber may have waiting before its socket is closed. */
  queueLimit?: number;
  /** Reconnect backoff of the LISTEN session: doubles from min to max, with jitter. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

/** What the GraphQL subscription needs from its connection: the hub, and a way to drop the socket. */
export interface LiveConnection {
  hub: LiveHub;
  /** Closes this connection's socket with a WebSocket close code and a reason. */
  close(code: number, reason: string): void;
}

/**
 * Close code for a subscriber whose queue overflowed (it reads more slowly than events arrive):
 * WebSocket's 1013 "Try Again Later", which graphql-ws clients retry. Not 4429: graphql-ws reserves
 * that for "too many initialisation requests" and its client gives up on it.
 */
export const CLOSE_TOO_SLOW = 1013;

const READ_BATCH = 500;
/** Accounts whose parent the hub remembers (parents never change); cleared past this size. */
const PARENT_CACHE_LIMIT = 100_000;

/** What one subscription asks for beyond its audience. */
export interface SubscribeOptions {
  /**
   * Resume: first every event of the audience after this outbox position, then the live ones,
   * none missed and none twice.
   */
  after?: OutboxCursor;
  /** Only the events this accepts, replayed or live alike (a subscriber's filter). */
  matches?: (event: TailedEvent) => boolean;
}

interface Subscriber {
  audience: EventAudience;
  accept: (event: TailedEvent) => boolean;
  queue: BoundedEventQueue<TailedEvent>;
}

export class LiveHub {
  private readonly subscribers = new Set<Subscriber>();
  private readonly parents = new Map<string, string | null>();
  private cursor: OutboxCursor | undefined;
  private starting: Promise<void> | undefined;
  private listener: OutboxListener | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private drainAgain = false;
  private closed = false;
  private readonly pollMs: number;
  private readonly queueLimit: number;

  constructor(private readonly opts: LiveHubOptions) {
    this.pollMs = opts.pollMs ?? 1000;
    this.queueLimit = opts.queueLimit ?? 1000;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /**
   * A stream of the events reaching `audience`, from now on, or replayed from `opts.after` first.
   * `onOverflow` is called (once) when the subscriber falls `queueLimit` live events behind; the
   * stream has ended by then.
   */
  async subscribe(audience: EventAudience, onOverflow: () => void, opts: SubscribeOptions = {}): Promise<AsyncIterableIterator<TailedEvent>> {
    if (this.closed) throw new Error('live events are stopping');
    // A failed start (database unreachable) is not remembered: the next subscriber tries again.
    await (this.starting ??= this.start().catch((err: unknown) => {
      this.starting = undefined;
      throw err;
    }));
    if (this.closed) throw new Error('live events are stopping');
    const { after, matches } = opts;
    const sub: Subscriber = {
      audience,
      // A resumed subscriber's cursor may be past the hub's (it came from another process, or from
      // the history query, which reads the table directly): live events up to it were seen already.
      accept: (e) => (after === undefined || isPast(e.cursor, after)) && (matches?.(e) ?? true),
      queue: new BoundedEventQueue<TailedEvent>(this.queueLimit, onOverflow, () => {
        if (this.subscribers.delete(sub)) this.opts.onSubscriberCount?.(this.subscribers.size);
      }),
    };
    this.subscribers.add(sub);
    // In the same synchronous step as joining: every event up to the hub's cursor has been handed
    // out (without this subscriber) and every later one will be (with it), since a drain moves
    // the cursor in the same step as it hands a batch out. The replay is exactly (after, upTo].
    const upTo = this.cursor!;
    this.opts.onSubscriberCount?.(this.subscribers.size);
    if (after === undefined || !isPast(upTo, after)) return sub.queue;
    return new ReplayThenLive(this.replay(audience, after, upTo, sub.accept), sub.queue);
  }

  /** The audience's events in (after, upTo], read a batch at a time as the subscriber pulls them. */
  private async *replay(audience: EventAudience, after: OutboxCursor, upTo: OutboxCursor, accept: (e: TailedEvent) => boolean): AsyncGenerator<TailedEvent> {
    let from = after;
    for (;;) {
      const batch = await readOutboxRange(this.opts.db, from, upTo, READ_BATCH, audience);
      for (const event of batch) {
        if (audience.types && !audience.types.has(event.eventType)) continue;
        if (accept(event)) yield event;
      }
      if (batch.length < READ_BATCH) return;
      from = batch[batch.length - 1]!.cursor;
    }
  }

  /** Ends every stream and the LISTEN session; waits for a read in progress. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.pollTimer);
    for (const sub of [...this.subscribers]) sub.queue.end();
    await this.starting?.catch(() => undefined);
    await this.draining;
    await this.listener?.close();
  }

  /** First subscriber: the cursor starts at the head (nothing older is replayed), then listen and poll. */
  private async start(): Promise<void> {
    this.cursor = await outboxHead(this.opts.db);
    if (this.closed) return;
    this.pollTimer = setInterval(() => this.requestDrain(), this.pollMs);
    this.pollTimer.unref();
    this.listener = new OutboxListener({
      connect: this.opts.listenClient,
      onWake: () => this.requestDrain(),
      onLost: (err, retryInMs) => this.opts.logger.warn({ err, retryInMs }, 'live events: LISTEN connection lost, reconnecting (polling meanwhile)'),
      reconnectMinMs: this.opts.reconnectMinMs,
      reconnectMaxMs: this.opts.reconnectMaxMs,
    });
    await this.listener.start();
  }

  /** Reads forward now, or right after the read in progress (notifications coalesce). */
  private requestDrain(): void {
    if (this.closed || this.cursor === undefined) return;
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.drainAgain) {
        this.drainAgain = false;
        this.requestDrain();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        if (this.closed || this.subscribers.size === 0) {
          // Nobody listens: move the cursor to now instead of reading events nobody will get
          // (unless someone subscribed meanwhile: then keep the older cursor, which skips nothing).
          if (this.closed) return;
          const head = await outboxHead(this.opts.db);
          if (this.subscribers.size === 0) this.cursor = head;
          return;
        }
        const events = await readOutboxAfter(this.opts.db, this.cursor!, READ_BATCH);
        if (events.length === 0) return;
        await this.learnParents(events);
        for (const event of events) this.fanOut(event);
        this.cursor = events[events.length - 1]!.cursor;
        if (events.length < READ_BATCH) return;
      }
    } catch (err) {
      // The next notification or poll retries from the same cursor: nothing is skipped.
      this.opts.logger.warn({ err }, 'live events: reading the outbox failed');
    }
  }

  private fanOut(event: TailedEvent): void {
    const parentId = this.parents.get(event.accountId) ?? null;
    for (const sub of this.subscribers) {
      if (reaches(sub.audience, event, parentId) && sub.accept(event)) sub.queue.push(event);
    }
  }

  /** The parent of each account in the batch, one query for those not yet known. */
  private async learnParents(events: readonly TailedEvent[]): Promise<void> {
    const unknown = [...new Set(events.map((e) => e.accountId))].filter((id) => !this.parents.has(id));
    if (unknown.length === 0) return;
    if (this.parents.size + unknown.length > PARENT_CACHE_LIMIT) this.parents.clear();
    const { rows } = await this.opts.db.query<{ id: string; parent_id: string | null }>(
      'SELECT id, parent_id FROM accounts WHERE id = ANY($1::uuid[])',
      [unknown],
    );
    for (const id of unknown) this.parents.set(id, null);
    for (const row of rows) this.parents.set(row.id, row.parent_id);
  }
}
