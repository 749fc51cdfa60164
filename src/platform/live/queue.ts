/**
 * The events waiting for one subscriber, as the async iterator graphql-ws pulls from. graphql-ws
 * pulls the next event only once the previous one was written to the socket, so a client that reads
 * slowly leaves events here: the queue is bounded, and on overflow it ends and calls `onOverflow`
 * (which closes that one socket) instead of growing or holding the others up.
 */
export class BoundedEventQueue<T> implements AsyncIterableIterator<T> {
  private readonly items: T[] = [];
  private waiting: ((r: IteratorResult<T>) => void) | undefined;
  private ended = false;

  constructor(
    private readonly limit: number,
    private readonly onOverflow: () => void,
    private readonly onEnd: () => void,
  ) {}

  get size(): number {
    return this.items.length;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Hands an event to the subscriber, or queues it; never blocks the caller. */
  push(item: T): void {
    if (this.ended) return;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting({ value: item, done: false });
      return;
    }
    if (this.items.length >= this.limit) {
      this.end();
      this.onOverflow();
      return;
    }
    this.items.push(item);
  }

  next(): Promise<IteratorResult<T>> {
    if (this.items.length > 0) return Promise.resolve({ value: this.items.shift() as T, done: false });
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** graphql-ws calls this when the client completes the subscription or the socket closes. */
  return(): Promise<IteratorResult<T>> {
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }

  /** Ends the stream: pending events are dropped, a waiting pull finishes. Idempotent. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.items.length = 0;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.({ value: undefined, done: true });
    this.onEnd();
  }
}

/**
 * A resumed subscription's stream: the replay (events the subscriber missed, read from the outbox
 * batch by batch as it pulls) and then its live queue, which filled meanwhile. The live queue
 * holds only events past the replay's end, so the seam has neither gap nor repeat. Ending it ends
 * both; a live queue that overflowed while the replay ran ends the stream.
 */
export class ReplayThenLive<T> implements AsyncIterableIterator<T> {
  constructor(
    private replay: AsyncIterator<T> | undefined,
    private readonly live: BoundedEventQueue<T>,
  ) {}

  async next(): Promise<IteratorResult<T>> {
    if (this.replay) {
      const step = await this.replay.next();
      if (!step.done && !this.live.isEnded) return step;
      this.replay = undefined;
    }
    return this.live.next();
  }

  return(): Promise<IteratorResult<T>> {
    void this.replay?.return?.();
    this.replay = undefined;
    return this.live.return();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
