import type { TestApp } from './app';

/**
 * Waits until every event written so far lies below the outbox's read horizon: no transaction that
 * began before it is still running anywhere in the cluster. The events list and the live tail read
 * only below it (src/platform/events/history.ts, tail.ts), so an event is listed once the older
 * transactions end, a few milliseconds later; test files share one PostgreSQL server, whose other
 * databases' transactions count too. This waits for that condition (bounded), it retries nothing.
 */
export async function outboxSettled(t: TestApp): Promise<void> {
  const { rows } = await t.db.pool.query<{ last: string | null }>('SELECT max(tx_id)::text AS last FROM outbox_events');
  const last = rows[0]?.last;
  if (last === null || last === undefined) return;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows: r } = await t.db.pool.query<{ below: boolean }>('SELECT $1::xid8 < pg_snapshot_xmin(pg_current_snapshot()) AS below', [last]);
    if (r[0]?.below) return;
    if (Date.now() > deadline) throw new Error(`an older transaction kept the outbox horizon below ${last} for 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
