import fs from 'node:fs';
import { STATE_KEY, type TestServerState } from './global-setup';
import { withClient } from './test-database';

/** Stops the run's embedded server (and deletes it), or drops what this run left on an external one. */
export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as { [STATE_KEY]?: TestServerState })[STATE_KEY];
  if (!state) return;
  if (state.embedded) {
    await state.embedded.stop();
    if (state.dataDir) fs.rmSync(state.dataDir, { recursive: true, force: true });
    return;
  }
  // External server: databases of test files that did not drop their own.
  await withClient(state.adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`payrail_test_${state.run}_`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(datname)} WITH (FORCE)`);
  });
}
