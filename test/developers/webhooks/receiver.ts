import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local webhook receiver that checks every request exactly as the official client's
 * WebhookVerifier.constructEvent does: both headers present, |now - x-wk-timestamp| <= 300 s, and a
 * constant-time match of hex(HMAC-SHA512(secret, rawBody + timestampHeader)). It answers from a
 * script (status codes in order, then `fallback`); a held answer (`hold(n)`, `holdAll()`) waits for its release.
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
  /**
   * Runs before each answer, while the delivery is still claimed (its row not yet recorded): a test
   * reads there what the attempt is, such as its due time under a test clock.
   */
  beforeAnswer: ((r: Received) => Promise<void>) | undefined;
  private heldAll: Promise<void> | undefined;
  private server: http.Server;
  private waiters: Array<() => void> = [];
  private holds = new Map<number, { arrived: () => void; answer?: (status: number) => void }>();

  private constructor() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = { 'x-wk-signature': req.headers['x-wk-signature'] as string | undefined, 'x-wk-timestamp': req.headers['x-wk-timestamp'] as string | undefined };
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const envelope = JSON.parse(raw) as Record<string, any>;
        const received: Received = {
          eventId: envelope.event_id as string,
          eventName: envelope.event_name as string,
          accountId: envelope.account_id as string | undefined,
          envelope,
          verified: verifyAsClient(this.secret, raw, headers),
          at: Date.now(),
        };
        this.received.push(received);
        const held = this.holds.get(this.received.length);
        if (held) {
          // A held request is answered when the test says so, with the status it gives.
          held.answer = (status) => res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
          held.arrived();
          for (const w of this.waiters.splice(0)) w();
          return;
        }
        const status = this.script.shift() ?? this.fallback;
        const answerNow = () => {
          res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
          for (const w of this.waiters.splice(0)) w();
        };
        const heldAll = this.heldAll;
        const answer = heldAll ? () => void heldAll.then(answerNow) : answerNow;
        if (this.beforeAnswer) void this.beforeAnswer(received).then(answer, (e: unknown) => (res.destroy(e as Error), undefined));
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
   * Holds the `n`-th request (1-based, in arrival order) unanswered, as a receiver that hangs does:
   * `arrived` resolves when it is here, `release(status)` answers it. It takes no place in `script`.
   */
  hold(n: number): { arrived: Promise<void>; release(status: number): void } {
    let arrived!: () => void;
    const here = new Promise<void>((resolve) => (arrived = resolve));
    const entry: { arrived: () => void; answer?: (status: number) => void } = { arrived };
    this.holds.set(n, entry);
    return {
      arrived: here,
      release: (status) => {
        if (!entry.answer) throw new Error(`request ${n} has not arrived`);
        entry.answer(status);
      },
    };
  }

  /**
   * Holds every answer, those of requests already waiting and those to come, until the returned
   * release is called: a receiver as slow as the test needs, on an event rather than a clock.
   */
  holdAll(): () => void {
    let release!: () => void;
    this.heldAll = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.heldAll = undefined;
      release();
    };
  }

  /** Resolves once `count` requests have been answered (a held one counts once it has arrived). */
  async waitFor(count: number): Promise<void> {
    while (this.received.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
