import fs from 'node:fs';
import path from 'node:path';
import { createDatabase, type ServiceDatabase } from '../../src/database';
import type { EventType } from '../../src/platform/events/catalogue';
import { webhookBody } from '../../src/domain/developers/webhooks/signature';
import { renderEventData } from '../../src/rest-compat/developers/events/render';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { GOLDEN_CASES, RFI_FILE_SQL } from './golden-fixtures';

/**
 * Every event kind's webhook body, rendered from the row the code writes now (version 2: the
 * domain's view), is byte for byte the body payrail sent when the outbox stored the REST body
 * itself: golden-bodies.json holds those bodies, captured from that code. A version-1 row (written
 * by that code) is sent verbatim.
 */
const GOLDEN = path.join(__dirname, 'golden-bodies.json');

let owned: TestDatabase;
let db: ServiceDatabase;

beforeAll(async () => {
  owned = await createTestDatabase();
  db = createDatabase(owned.url, { poolSize: 2 });
  await db.pool.query(RFI_FILE_SQL);
});
afterAll(async () => {
  await db.close();
  await owned.drop();
});

interface Row {
  id: string;
  account_id: string;
  event_type: string;
  event_name: string;
  source_id: string;
  data: unknown;
  data_version: number;
}

async function bodyOf(emit: (typeof GOLDEN_CASES)[number]['emit']): Promise<string> {
  await db.pool.query('DELETE FROM outbox_events');
  const sourceId = await db.prisma.$transaction((tx) => emit(tx, db));
  const { rows } = await db.pool.query<Row>('SELECT id, account_id, event_type, event_name, source_id, data, data_version FROM outbox_events');
  expect(rows).toHaveLength(1);
  const e = rows[0]!;
  expect(e.source_id).toBe(sourceId);
  expect(e.data_version).toBe(2);
  // As the delivery worker renders it. The event id is random; the body has a fixed one in its place.
  const data = renderEventData({ eventName: e.event_name, dataVersion: e.data_version, data: e.data });
  return webhookBody({ id: 'golden-event', eventType: e.event_type as EventType, eventName: e.event_name, sourceId: e.source_id, data, accountId: e.account_id });
}

test('every event kind renders the body it had, byte for byte', async () => {
  const bodies: Record<string, string> = {};
  for (const c of GOLDEN_CASES) bodies[c.name] = await bodyOf(c.emit);
  const golden = JSON.parse(fs.readFileSync(GOLDEN, 'utf8')) as Record<string, string>;
  expect(Object.keys(bodies)).toEqual(Object.keys(golden));
  for (const name of Object.keys(golden)) expect({ name, body: bodies[name] }).toEqual({ name, body: golden[name] });
});

test('a version-1 row (the REST body, stored before) is sent verbatim', async () => {
  const golden = JSON.parse(fs.readFileSync(GOLDEN, 'utf8')) as Record<string, string>;
  for (const body of Object.values(golden)) {
    const sent = JSON.parse(body) as { event_type: EventType; event_name: string; source_id: string; account_id: string; data: unknown };
    await db.pool.query('DELETE FROM outbox_events');
    // A row written before the column: its data the REST body, its version 1 (the migration's default for it).
    await db.pool.query(
      `INSERT INTO outbox_events (id, account_id, event_type, event_name, source_id, data, data_version, created_at) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, 1, now())`,
      [sent.account_id, sent.event_type, sent.event_name, sent.source_id, JSON.stringify(sent.data)],
    );
    const { rows } = await db.pool.query<Row>('SELECT id, account_id, event_type, event_name, source_id, data, data_version FROM outbox_events');
    const e = rows[0]!;
    const data = renderEventData({ eventName: e.event_name, dataVersion: e.data_version, data: e.data });
    expect(data).toBe(e.data);
    expect(webhookBody({ id: 'golden-event', eventType: e.event_type as EventType, eventName: e.event_name, sourceId: e.source_id, data, accountId: e.account_id })).toBe(body);
  }
});
