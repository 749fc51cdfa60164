import type { Logger } from 'pino';
import { newClient } from '../platform/db/connections';
import { OutboxListener } from '../platform/events/listener';
import { claimDue, record, send, type WebhookSettings } from '../domain/developers/webhooks/dispatch';
import { anyEndpointEnabled, fanOut, outboxBehind } from '../domain/developers/webhooks/fanout';
import { webhookSettings } from './webhook-settings';
import type { AppServices } from '../services';

/** Fan-out also runs on this poll, in case a NOTIFY was missed (the LISTEN connection was down). */
const POLL_MS = 1000;
/** Dispatch looks for due retries this often (and at once after each fan-out and each attempt). */
const DISPATCH_MS = 250;
/** The LISTEN session's reconnect backoff. */
const RELISTEN_MIN_MS = 500;
const RELISTEN_MAX_MS = 5000;
/** How soon to look again when committed events are not readable yet (an older transaction runs). */
const BEHIND_MS = 25;
/**
 * With no ENABLED endpoint, the fan-out's cursor moves past the outbox at most this often. Under load
 * the worker wakes after every group-commit batch, and each move is a transaction of its own whose
 * commit waits for a WAL flush: ~0.3 ms of PostgreSQL's CPU per payout at 10 clients
 * (docs/performance.md). Nothing waits for the cursor then: no endpoint, no
 * delivery; an endpoint enabled later is asked for at the next wake-up.
 */
const SKIP_EVERY_MS = 1000;

/** With no ENABLED endpoint, whether a wake-up moves the fan-out's cursor (at most once per `everyMs`). */
export class UnroutedSkips {
  private last = -Infinity;

  constructor(
    private readonly everyMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Always when an endpoint is ENABLED; with none, when the last move is `everyMs` old. */
  due(routed: boolean): boolean {
    return routed || this.now() - this.last >= this.everyMs;
  }

  moved(): void {
    this.last = this.now();
  }
}

/**
 * The worker's webhook loop (docs/webhooks.md): one LISTEN connection wakes the fan-out at each
 * outbox commit, and a ~1 s poll covers missed wake-ups; dispatch keeps up to `concurrency`
 * attempts in flight, claiming more as soon as one ends, so a slow endpoint holds one slot and never
 * the others. Several workers may run: fan-out and claims are safe side by side.
 */
export class WebhookPump {
  private timers: NodeJS.Timeout[] = [];
  private readonly pending = new Set<NodeJS.Timeout>();

  /** A one-shot timer that stop() cancels. */
  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      fn();
    }, ms);
    this.pending.add(timer);
  }
  private readonly listener: OutboxListener;
  private stopped = false;
  private fanning: Promise<void> | undefined;
  private fanAgain = false;
  private readonly unrouted = new UnroutedSkips(SKIP_EVERY_MS);
  private claiming = false;
  private claimAgain = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly settings: WebhookSettings;

  constructor(
    private readonly services: AppServices,
    private readonly log: Logger,
    settings?: Partial<WebhookSettings>,
    /** The poll intervals; tests stretch the fan-out poll to show the NOTIFY wake-up alone. */
    private readonly intervals: { pollMs: number; dispatchMs: number } = { pollMs: POLL_MS, dispatchMs: DISPATCH_MS },
  ) {
    this.settings = { ...webhookSettings(services), ...settings };
    // A connection of its own (not a pool slot): it stays open for the worker's life.
    this.listener = new OutboxListener({
      connect: () => newClient(services.db.pool.options),
      onWake: () => this.wake(),
      onLost: (err, retryInMs) => this.log.warn({ err, retryInMs }, 'webhook LISTEN connection lost; polling until it is back'),
      reconnectMinMs: RELISTEN_MIN_MS,
      reconnectMaxMs: RELISTEN_MAX_MS,
    });
  }

  /** Resolves once the LISTEN connection is up (the first time). */
  get listening(): Promise<void> {
    return this.listener.listening;
  }

  start(): void {
    void this.listener.start();
    this.timers.push(setInterval(() => this.wake(), this.intervals.pollMs));
    this.timers.push(setInterval(() => this.dispatch(), this.intervals.dispatchMs));
    this.wake();
  }

  /** Fan-out, coalesced: wake-ups during a run cause exactly one more run. */
  private wake(): void {
    if (this.stopped) return;
    if (this.fanning) {
      this.fanAgain = true;
      return;
    }
    this.fanning = (async () => {
      do {
        this.fanAgain = false;
        try {
          const pool = this.services.db.pool;
          const routed = await anyEndpointEnabled(pool);
          if (!this.unrouted.due(routed)) continue;
          const n = await fanOut(pool, this.services.clock.now());
          if (!routed) this.unrouted.moved();
          if (n > 0) this.dispatch();
          if (routed && !this.fanAgain && (await outboxBehind(pool)) && !this.stopped) {
            this.later(BEHIND_MS, () => this.wake());
          }
        } catch (err) {
          this.log.error({ err }, 'webhook fan-out failed');
        }
      } while (this.fanAgain && !this.stopped);
    })().finally(() => (this.fanning = undefined));
  }

  /** Claims as many due deliveries as there are free slots and starts them. */
  private dispatch(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = true;
    void (async () => {
      do {
        this.claimAgain = false;
        const free = this.settings.concurrency - this.inFlight.size;
        if (free <= 0) break;
        try {
          const claimed = await claimDue(this.services, this.settings, free);
          for (const d of claimed) {
            const attempt: Promise<void> = (async () => {
              const outcome = await send(this.services, this.settings, d);
              // The failure's words are for the operator; the delivery keeps only its class.
              if (outcome.kind === 'failure') this.log.info({ delivery: d.id, endpoint: d.endpointId, failure: outcome.failure, detail: outcome.detail }, 'webhook attempt failed');
              await record(this.services, this.settings, d, outcome);
            })()
              .catch((err: unknown) => this.log.error({ err, delivery: d.id }, 'webhook attempt failed to record'))
              .finally(() => {
                this.inFlight.delete(attempt);
                this.dispatch();
              });
            this.inFlight.add(attempt);
          }
          if (claimed.length === free) this.claimAgain = true;
        } catch (err) {
          this.log.error({ err }, 'webhook claim failed');
        }
      } while (this.claimAgain && !this.stopped);
      this.claiming = false;
    })();
  }

  /** Stops claiming; attempts in flight finish and record (their deadline bounds the wait). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    for (const t of this.pending) clearTimeout(t);
    this.pending.clear();
    await this.listener.close();
    await this.fanning;
    await Promise.all([...this.inFlight]);
  }
}
