import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, defaultMigrationsDir } from '../../src/ops/migrations';
import { RETIRED_FINGERPRINT } from '../../src/platform/idempotency/fingerprint';
import { createTestDatabase, withClient, type TestDatabase } from '../support/test-database';

const PER_ACCOUNT = '20261129200000_idempotency_keys_per_account';
const KEYED = '20261129201000_idempotency_fingerprints_keyed';
const migrationsDir = defaultMigrationsDir();

let db: TestDatabase;
let before: string;

beforeAll(async () => {
  db = await createTestDatabase({ empty: true });
  // The migrations before these two, in a scratch folder: the database as it stood before them.
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-before-idem-'));
  for (const name of fs.readdirSync(migrationsDir).filter((n) => n < PER_ACCOUNT)) {
    fs.cpSync(path.join(migrationsDir, name), path.join(before, name), { recursive: true });
  }
});
afterAll(async () => {
  await db.drop();
  fs.rmSync(before, { recursive: true, force: true });
});

describe(`migrations ${PER_ACCOUNT} and ${KEYED}`, () => {
  it('key records by (account, key), retire unkeyed fingerprints and empty the answers kept with them', async () => {
    await applyMigrations(db.url, before);
    const [a, b] = [randomUUID(), randomUUID()];
    const unkeyedHash = 'f'.repeat(64);
    await withClient(db.url, async (c) => {
      const insert = (key: string, account: string, body: string) =>
        c.query(
          `INSERT INTO idempotency_keys (key, account_id, endpoint, request_hash, response_status, response_body, created_at)
           VALUES ($1, $2, 'POST /api/v1/webhooks/endpoints', $3, 200, $4, now())`,
          [key, account, unkeyedHash, body],
        );
      await insert('plain-key', a, '{"secret":"whsec_abc","id":1}');
      // The official clients' opaque keys were stored as "<account id>/<key>".
      await insert(`${a}/opaque-42`, a, '{"activation_code":"12345678"}');
      // A prefixed key whose plain form the same account used too keeps its prefix.
      await insert(`${b}/both`, b, '{}');
      await insert('both', b, '{}');
    });

    expect(await applyMigrations(db.url, migrationsDir)).toEqual(expect.arrayContaining([PER_ACCOUNT, KEYED]));

    await withClient(db.url, async (c) => {
      const rows = (await c.query<{ account_id: string; key: string; request_hash: string; response_body: string }>(
        'SELECT account_id, key, request_hash, response_body FROM idempotency_keys ORDER BY account_id, key',
      )).rows;
      expect(rows.map((r) => [r.account_id, r.key]).sort()).toEqual(
        [[a, 'plain-key'], [a, 'opaque-42'], [b, 'both'], [b, `${b}/both`]].sort(),
      );
      expect(new Set(rows.map((r) => r.request_hash))).toEqual(new Set([RETIRED_FINGERPRINT]));
      expect(new Set(rows.map((r) => r.response_body))).toEqual(new Set(['']));
      // Another account may now use a key an account used.
      await c.query(
        `INSERT INTO idempotency_keys (key, account_id, endpoint, request_hash, response_status, response_body, created_at)
         VALUES ('plain-key', $1, 'POST /x', 'k:0', 200, '{}', now())`,
        [b],
      );
      const pk = await c.query<{ def: string }>(
        "SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'idempotency_keys_pkey'",
      );
      expect(pk.rows[0]!.def).toBe('PRIMARY KEY (account_id, key)');
    });
  });
});
