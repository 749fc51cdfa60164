import type { TestApp } from './app';

/**
 * The `data` of the latest outbox event `eventName` about `sourceId` (issue 11: a webhook carries
 * it as it is). Tests compare it with the REST door's answer for the same resource.
 */
export async function eventData(t: TestApp, sourceId: string, eventName: string): Promise<unknown> {
  const r = await t.db.pool.query<{ data: unknown }>(
    'SELECT data FROM outbox_events WHERE source_id = $1 AND event_name = $2 ORDER BY tx_id DESC, seq DESC LIMIT 1',
    [sourceId, eventName],
  );
  if (!r.rows[0]) throw new Error(`no ${eventName} event for ${sourceId}`);
  return r.rows[0].data;
}
