import { renderEventData } from '../../src/rest-compat/developers/events/render';
import type { TestApp } from './app';

/**
 * The `data` of the latest outbox event `eventName` about `sourceId`, as a webhook delivery of it
 * carries it (rendered from the stored row as the delivery worker renders it). Tests compare it with
 * the REST door's answer for the same resource.
 */
export async function eventData(t: TestApp, sourceId: string, eventName: string): Promise<unknown> {
  const r = await t.db.pool.query<{ data: unknown; data_version: number }>(
    'SELECT data, data_version FROM outbox_events WHERE source_id = $1 AND event_name = $2 ORDER BY tx_id DESC, seq DESC LIMIT 1',
    [sourceId, eventName],
  );
  if (!r.rows[0]) throw new Error(`no ${eventName} event for ${sourceId}`);
  return renderEventData({ eventName, dataVersion: r.rows[0].data_version, data: r.rows[0].data });
}

/**
 * An outbox row's `data` (as Prisma reads it) the way the webhook delivery of it carries it: the
 * outbox stores the domain's view, and the REST door renders the body from it.
 */
export const deliveredData = (e: { eventName: string; dataVersion: number; data: unknown }): unknown =>
  renderEventData({ eventName: e.eventName, dataVersion: e.dataVersion, data: e.data });
