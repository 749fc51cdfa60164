import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, defaultMigrationsDir } from '../../src/ops/migrations';
import { EVENT_CATALOGUE } from '../../src/domain/event-names';
import { createTestDatabase, withClient, type TestDatabase } from '../support/test-database';

const MIGRATION = '20261121080000_event_names_and_ledger_reference_casing';
const migrationsDir = defaultMigrationsDir();

let db: TestDatabase;
let before: string;

beforeAll(async () => {
  db = await createTestDatabase({ empty: true });
  // The migrations before this one, in a scratch folder: the database as it stood before it.
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-before-casing-'));
  for (const name of fs.readdirSync(migrationsDir).filter((n) => n < MIGRATION)) {
    fs.cpSync(path.join(migrationsDir, name), path.join(before, name), { recursive: true });
  }
});
afterAll(async () => {
  await db.drop();
  fs.rmSync(before, { recursive: true, force: true });
});

/** The old names and the names the event catalogue gives them. */
const RENAMED: [string, string, string][] = [
  ['DEPOSIT', 'deposit.created', 'deposit.create.succeeded'],
  ['DEPOSIT', 'deposit.completed', 'deposit.complete.succeeded'],
  ['DEPOSIT', 'deposit.failed', 'deposit.complete.failed'],
  ['PAYOUT', 'payout.created', 'payout.create.succeeded'],
  ['PAYOUT', 'payout.pending', 'payout.submit.succeeded'],
  ['PAYOUT', 'payout.rejected', 'payout.submit.failed'],
  ['PAYOUT', 'payout.completed', 'payout.complete.succeeded'],
  ['PAYOUT', 'payout.failed', 'payout.complete.failed'],
  ['CONVERSION', 'conversion.completed', 'conversion.create.succeeded'],
  ['TRANSFER', 'transfer.completed', 'transfer.create.succeeded'],
  ['VIRTUAL', 'virtual_account.created', 'virtual.account.create'],
  ['VIRTUAL', 'virtual_account.activated', 'virtual.account.update'],
  ['VIRTUAL', 'virtual_account.closed', 'virtual.account.closed'],
  ['BENEFICIARY', 'beneficiary.create.succeeded', 'beneficiary.create.succeeded'],
];

describe(`migration ${MIGRATION}`, () => {
  it('rewrites stored ledger reference types to upper case and outbox events to the catalogue', async () => {
    await applyMigrations(db.url, before);
    const account = randomUUID();
    await withClient(db.url, async (c) => {
      for (const type of ['payout', 'conversion', 'DEPOSIT', 'TRANSFER']) {
        await c.query(
          `INSERT INTO journal_entries (id, account_id, kind, reference_type, reference_id, created_at) VALUES ($1, $2, 'X', $3, $4, now())`,
          [randomUUID(), account, type, randomUUID()],
        );
      }
      for (const [type, name] of RENAMED) {
        await c.query(
          `INSERT INTO outbox_events (id, account_id, event_type, event_name, source_id, data, created_at) VALUES ($1, $2, $3, $4, $5, '{}', now())`,
          [randomUUID(), account, type, name, randomUUID()],
        );
      }
    });

    expect(await applyMigrations(db.url, migrationsDir)).toContain(MIGRATION);

    await withClient(db.url, async (c) => {
      const types = (await c.query<{ t: string }>('SELECT reference_type AS t FROM journal_entries ORDER BY 1')).rows.map((r) => r.t);
      expect(types).toEqual(['CONVERSION', 'DEPOSIT', 'PAYOUT', 'TRANSFER']);
      const events = (await c.query<{ event_type: string; event_name: string }>('SELECT event_type, event_name FROM outbox_events')).rows;
      const expected = RENAMED.map(([, , name]) => ({ event_type: EVENT_CATALOGUE[name as keyof typeof EVENT_CATALOGUE], event_name: name }));
      expect(events.sort((a, b) => a.event_name.localeCompare(b.event_name))).toEqual(
        expected.sort((a, b) => a.event_name.localeCompare(b.event_name)),
      );
    });
  });
});
