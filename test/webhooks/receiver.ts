import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local webhook receiver that checks every request exactly as the official client's
 * WebhookVerifier.constructEvent does: both headers present, |now - x-wk-timestamp| <= 300 s, and a
 * constant-time match of hex(HMAC-SHA512(secret, rawBody + timestampHeader)). It answers from a
 * script (status codes in order, then `fallback`); while held (`hold()`), answers wait for the release.
 */
export interface Received {
  eventId: string;
  eventName: string;
  accountId: string | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  envelope: Record<string, any>;
  verified: boolean;
  at: number;
}

export function verifyAsClient(secret: string, rawBody: string, headers: Record<string, string | undefined>): boolean {
  const signature = headers['x-wk-signature'];
  const timestamp = headers['x-wk-timestamp'];
  if (!signature || !timestamp) return false;
  if (Math.abs(Math.floor(Date.now() / 1000) - parseInt(timestamp, 10)) > 300) return false;
  const expected = Buffer.from(createHmac('sha512', secret).update(rawBody + timestamp).digest('hex'), 'hex');
  const got = Buffer.from(signature, 'hex');
  return got.length === expected.length && timingSafeEqual(got, expected);
}

export class Receiver {
  readonly received: Received[] = [];
  secret = '';
  /** Status codes to answer, in order; then `fallback`. */
  script: number[] = [];
  fallback = 200;
  private held: Promise<void> | undefined;
  private server: http.Server;
  private waiters: Array<() => void> = [];

  private constructor() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = { 'x-wk-signature': req.headers['x-wk-signature'] as string | undefined, 'x-wk-timestamp': req.headers['x-wk-timestamp'] as string | undefined };
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const envelope = JSON.parse(raw) as Record<string, any>;
        this.received.push({
          eventId: envelope.event_id as string,
          eventName: envelope.event_name as string,
          accountId: envelope.account_id as string | undefined,
          envelope,
          verified: verifyAsClient(this.secret, raw, headers),
          at: Date.now(),
        });
        const status = this.script.shift() ?? this.fallback;
        const answer = () => {
          res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
          for (const w of this.waiters.splice(0)) w();
        };
        if (this.held) void this.held.then(answer);
        else answer();
      });
    });
  }

  static async start(): Promise<Receiver> {
    const r = new Receiver();
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    return r;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /**
   * Holds every answer, those of requests already waiting and those to come, until the returned
   * release is called: a receiver as slow as the test needs, on an event rather than a clock.
   */
  hold(): () => void {
    let release!: () => void;
    this.held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.held = undefined;
      release();
    };
  }

  /** Resolves once `count` requests have been answered. */
  async waitFor(count: number): Promise<void> {
    while (this.received.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
