import type pg from 'pg';
import { OUTBOX_CHANNEL } from './tail';

export interface OutboxListenerOptions {
  /** The channel to LISTEN on: payrail_outbox unless told (the auth cache listens on payrail_auth). */
  channel?: string;
  /** A new, unconnected client for the LISTEN session (called again on each reconnect). */
  connect: () => pg.Client;
  /**
   * Called on each notification (with its payload), and once after each (re)connect, with none:
   * commits made while nobody listened were not notified.
   */
  onWake: (payload?: string) => void;
  /** Told when the session is lost (or could not be opened) and when the next attempt is. */
  onLost: (err: unknown, retryInMs: number) => void;
  /** Reconnect backoff: doubles from min to max, with jitter (0.5-1x). */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

/**
 * The outbox's wake-up for one reader of a process (the live hub, the webhook pump): ONE dedicated
 * connection holding `LISTEN payrail_outbox` (not a pool connection: LISTEN belongs to a session),
 * reconnected with backoff when it drops. A NOTIFY sent while the session was down is lost, so its
 * readers also poll; this only makes them prompt. The auth look-up cache uses it on another channel
 * (`channel`), and asks `isListening` whether notifications can reach it right now.
 */
export class OutboxListener {
  private client: pg.Client | undefined;
  private attempt = 0;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private markListening: () => void = () => undefined;
  /** Resolves once the session is up the first time. */
  readonly listening: Promise<void> = new Promise((resolve) => (this.markListening = resolve));

  private readonly channel: string;

  constructor(private readonly opts: OutboxListenerOptions) {
    this.channel = opts.channel ?? OUTBOX_CHANNEL;
    // Interpolated into LISTEN (an identifier cannot be a bind parameter): only plain names.
    if (!/^[a-z_][a-z0-9_]*$/.test(this.channel)) throw new Error(`invalid LISTEN channel ${this.channel}`);
  }

  /** Whether the session is up and listening now (false before the first connect, while lost and after close). */
  get isListening(): boolean {
    return this.client !== undefined;
  }

  /** Opens the session; resolves after the first attempt (up, or a retry scheduled). */
  async start(): Promise<void> {
    if (this.closed) return;
    const client = this.opts.connect();
    const lost = (err?: unknown) => this.lost(client, err);
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => this.opts.onWake(n.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      lost(err);
      return;
    }
    if (this.closed) {
      this.forget(client);
      return;
    }
    this.client = client;
    this.attempt = 0;
    this.markListening();
    this.opts.onWake();
  }

  /** Ends the session; no reconnect after this. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }

  // A client's error event and its failed query may both report one loss: it is handled once.
  private lost(client: pg.Client, err: unknown): void {
    if (this.client === client) this.client = undefined;
    this.forget(client);
    if (this.closed || this.retry) return;
    const min = this.opts.reconnectMinMs ?? 100;
    const max = this.opts.reconnectMaxMs ?? 5000;
    const delay = Math.min(max, min * 2 ** this.attempt++) * (0.5 + Math.random() / 2);
    this.opts.onLost(err, Math.round(delay));
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.start();
    }, delay);
    this.retry.unref();
  }

  private forget(client: pg.Client): void {
    client.removeAllListeners();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
  }
}
