import fs from 'node:fs';
import path from 'node:path';
import { createDatabase, type Database } from '../../src/db/client';
import type { EventType } from '../../src/domain/events/catalogue';
import { webhookBody } from '../../src/domain/webhooks/signature';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { GOLDEN_CASES, RFI_FILE_SQL } from './golden-fixtures';

/**
 * Every event kind's webhook body, rendered from the row the code writes today, is byte for byte
 * the body payrail sent before events were stored as domain facts (golden-bodies.json, captured
 * from that code with PAYRAIL_WRITE_GOLDEN=1).
 */
const GOLDEN = path.join(__dirname, 'golden-bodies.json');

let owned: TestDatabase;
let db: Database;

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
}

async function bodyOf(emit: (typeof GOLDEN_CASES)[number]['emit']): Promise<string> {
  await db.pool.query('DELETE FROM outbox_events');
  const sourceId = await db.prisma.$transaction((tx) => emit(tx, db));
  const { rows } = await db.pool.query<Row>('SELECT id, account_id, event_type, event_name, source_id, data FROM outbox_events');
  expect(rows).toHaveLength(1);
  const e = rows[0]!;
  expect(e.source_id).toBe(sourceId);
  // The event id is random; the body is compared with a fixed one in its place.
  return webhookBody({ id: 'golden-event', eventType: e.event_type as EventType, eventName: e.event_name, sourceId: e.source_id, data: e.data, accountId: e.account_id });
}

test('every event kind renders the body it had, byte for byte', async () => {
  const bodies: Record<string, string> = {};
  for (const c of GOLDEN_CASES) bodies[c.name] = await bodyOf(c.emit);
  if (process.env.PAYRAIL_WRITE_GOLDEN === '1') fs.writeFileSync(GOLDEN, `${JSON.stringify(bodies, null, 2)}\n`);
  const golden = JSON.parse(fs.readFileSync(GOLDEN, 'utf8')) as Record<string, string>;
  expect(Object.keys(bodies)).toEqual(Object.keys(golden));
  for (const name of Object.keys(golden)) expect({ name, body: bodies[name] }).toEqual({ name, body: golden[name] });
});
