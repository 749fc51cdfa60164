import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Per-test-file databases cloned from the migrated template that global-setup builds, on the
 * server it started (or TEST_DATABASE_URL's). Cloning costs tens of milliseconds; migrating a
 * fresh database per file would cost the whole migration history each time.
 */

export interface TestDatabase {
  /** postgresql://… of the new database. */
  url: string;
  name: string;
  /** Drops the database, terminating connections a test left open. */
  drop(): Promise<void>;
}

export const TEMPLATE_DATABASE = 'payrail_template';

/** Serialises CREATE DATABASE … TEMPLATE across jest workers (any constant key works). */
const CLONE_LOCK_KEY = 0x70617972; // "payr"

export function adminUrl(): string {
  const url = process.env.PAYRAIL_TEST_ADMIN_URL;
  if (!url) throw new Error('PAYRAIL_TEST_ADMIN_URL is unset: run the tests through jest (test/support/global-setup.ts)');
  return url;
}

/** Same server and credentials, another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL refuses to clone a template while any session is connected to it ("source database
 * … is being accessed by other users", SQLSTATE 55006). The template allows no connections, and
 * clones are serialised by an advisory lock; the retry covers a session still on its way out.
 */
export async function cloneDatabase(client: pg.Client, name: string, template: string): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1)', [CLONE_LOCK_KEY]);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [CLONE_LOCK_KEY]);
  }
}

/**
 * A new database for one test file (call in beforeAll, drop in afterAll). `empty: true` clones
 * template0 instead: no tables, no _prisma_migrations (migration tests).
 */
export async function createTestDatabase(opts: { empty?: boolean } = {}): Promise<TestDatabase> {
  const admin = adminUrl();
  const run = process.env.PAYRAIL_TEST_RUN ?? 'local';
  const name = `payrail_test_${run}_${randomBytes(5).toString('hex')}`;
  const template = opts.empty ? 'template0' : process.env.PAYRAIL_TEST_TEMPLATE ?? TEMPLATE_DATABASE;
  await withClient(admin, (client) => cloneDatabase(client, name, template));
  let dropped = false;
  return {
    url: databaseUrl(admin, name),
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await withClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`));
    },
  };
}
