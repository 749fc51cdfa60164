import { randomBytes } from 'node:crypto';
import { tempDataDir } from './temp-dirs';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/ops/embedded';
import { applyMigrations, defaultMigrationsDir } from '../../src/ops/migrations';
import { databaseUrl, TEMPLATE_DATABASE, withClient } from './test-database';

/** Read back by global-teardown (jest runs both in the same process). */
export interface TestServerState {
  embedded: EmbeddedDatabase | undefined;
  dataDir: string | undefined;
  adminUrl: string;
  run: string;
}
export const STATE_KEY = Symbol.for('payrail.testServer');

/**
 * Starts ONE PostgreSQL for the whole run — an embedded server in a temp dir, or the server of
 * TEST_DATABASE_URL — and builds the migrated template every test file clones. Workers find the
 * server through PAYRAIL_TEST_ADMIN_URL (they are forked after this runs and inherit the env).
 */
export default async function globalSetup(): Promise<void> {
  const run = randomBytes(3).toString('hex');
  const external = process.env.TEST_DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let admin: string;
  if (external) {
    admin = external;
  } else {
    dataDir = tempDataDir('payrail-test-pg-');
    const log: string[] = [];
    try {
      // Durability is pointless for a throw-away server; these make CREATE DATABASE and commits cheap.
      embedded = await startEmbeddedPostgres({
        dataDir,
        log: (m) => log.push(m),
        settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
      });
    } catch (error) {
      process.stderr.write(`embedded PostgreSQL log:\n${log.join('\n')}\n`);
      throw error;
    }
    admin = embedded.adminUrl;
  }
  (globalThis as { [STATE_KEY]?: TestServerState })[STATE_KEY] = { embedded, dataDir, adminUrl: admin, run };

  await withClient(admin, async (client) => {
    const name = client.escapeIdentifier(TEMPLATE_DATABASE);
    // Rebuilt every run: an external server may hold one from older migrations.
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE_DATABASE]);
    if (rowCount) {
      await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false ALLOW_CONNECTIONS true`);
      await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0`);
    await applyMigrations(databaseUrl(admin, TEMPLATE_DATABASE), defaultMigrationsDir());
    // applyMigrations has closed its session; from now on nobody may connect, so a clone never
    // meets "source database is being accessed by other users".
    await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  });

  process.env.PAYRAIL_TEST_ADMIN_URL = admin;
  process.env.PAYRAIL_TEST_TEMPLATE = TEMPLATE_DATABASE;
  process.env.PAYRAIL_TEST_RUN = run;
}
