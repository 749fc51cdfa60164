import type pg from 'pg';
import type { Logger } from 'pino';
import { OUTBOX_CHANNEL } from '../domain/events/tail';
import { claimDue, record, send, type WebhookSettings } from '../domain/webhooks/dispatch';
import { fanOut } from '../domain/webhooks/fanout';
import { webhookSettings } from '../domain/webhooks/settings';
import type { AppServices } from '../services';

/** Fan-out also runs on this poll, in case a NOTIFY was missed (the LISTEN connection was down). */
const POLL_MS = 1000;
/** Dispatch looks for due retries this often (and at once after each fan-out and each attempt). */
const DISPATCH_MS = 250;
const RELISTEN_MS = 2000;

/**
 * The worker's webhook loop (docs/webhooks.md): one LISTEN connection wakes the fan-out at each
 * outbox commit, and a ~1 s poll covers missed wake-ups; dispatch keeps up to `concurrency`
 * attempts in flight, claiming more as soon as one ends, so a slow endpoint holds one slot and never
 * the others. Several workers may run: fan-out and claims are safe side by side.
 */
export class WebhookPump {
  private timers: NodeJS.Timeout[] = [];
  private listener: pg.PoolClient | undefined;
  private stopped = false;
  private fanning: Promise<void> | undefined;
  private fanAgain = false;
  private claiming = false;
  private claimAgain = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly settings: WebhookSettings;

  constructor(
    private readonly services: AppServices,
    private readonly log: Logger,
    settings?: Partial<WebhookSettings>,
  ) {
    this.settings = { ...webhookSettings(services), ...settings };
  }

  start(): void {
    void this.listen();
    this.timers.push(setInterval(() => this.wake(), POLL_MS));
    this.timers.push(setInterval(() => this.dispatch(), DISPATCH_MS));
    this.wake();
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    try {
      const client = await this.services.db.pool.connect();
      client.on('notification', () => this.wake());
      client.on('error', (err) => {
        this.log.warn({ err }, 'webhook LISTEN connection lost');
        this.dropListener(true);
      });
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (this.stopped) {
        client.release();
        return;
      }
      this.listener = client;
    } catch (err) {
      this.log.warn({ err }, 'webhook LISTEN failed; polling until it works');
      this.timers.push(setTimeout(() => void this.listen(), RELISTEN_MS));
    }
  }

  private dropListener(broken: boolean): void {
    const l = this.listener;
    this.listener = undefined;
    if (l) l.release(broken ? new Error('listener broken') : undefined);
    if (broken && !this.stopped) this.timers.push(setTimeout(() => void this.listen(), RELISTEN_MS));
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
          const n = await fanOut(this.services.db.pool, this.services.clock.now());
          if (n > 0) this.dispatch();
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
    this.dropListener(false);
    await this.fanning;
    await Promise.all([...this.inFlight]);
  }
}
