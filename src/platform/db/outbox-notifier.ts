import type pg from 'pg';
import { newClient } from './connections';

/**
 * Wakes the outbox readers (webhook fan-out, live subscriptions) after a group-commit batch has
 * committed, from outside the batch's transaction. PostgreSQL serialises the commits of
 * transactions that NOTIFY (async.c holds a lock on the notification queue until after the commit
 * record is flushed), so a NOTIFY inside every money-moving batch would make the commit lanes wait
 * for each other's WAL flush (measured: docs/performance.md). Here the NOTIFY is a transaction of
 * its own that writes nothing, so it needs no flush; pokes coalesce into at most one in flight and
 * one more behind it. Other writers keep the outbox trigger's NOTIFY (prisma/functions/payrail_outbox_notify.sql).
 */
export class OutboxNotifier {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private sending = false;
  private again = false;
  private closed = false;

  constructor(
    private readonly options: pg.ClientConfig,
    private readonly channel: string,
  ) {}

  /** Asks for one NOTIFY soon; never throws (a lost wake-up is covered by the readers' poll). */
  poke(): void {
    if (this.closed) return;
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = true;
    void this.send().finally(() => {
      this.sending = false;
      if (this.again && !this.closed) {
        this.again = false;
        this.poke();
      }
    });
  }

  private async send(): Promise<void> {
    try {
      const client = await this.connection();
      await client.query({ name: 'payrail_outbox_poke', text: 'SELECT pg_notify($1, $2)', values: [this.channel, ''] });
    } catch {
      this.drop();
    }
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = newClient(this.options, () => this.drop());
      await client.connect();
      if (this.closed) {
        await client.end().catch(() => undefined);
        throw new Error('closed');
      }
      this.client = client;
      return client;
    })().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private drop(): void {
    const client = this.client;
    this.client = undefined;
    if (client) void client.end().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    if (client) await client.end().catch(() => undefined);
  }
}
