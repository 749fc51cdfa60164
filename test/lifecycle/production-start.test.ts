import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config';
import { createDatabase } from '../../src/database';
import { createMasterAccount, setAccountStatus } from '../../src/domain/onboarding/accounts/service';
import { systemClock } from '../../src/platform/clock/clock';
import { TEST_KEK_LINE } from '../support/app';
import { tempDataDir } from '../support/temp-dirs';
import { createTestDatabase, withClient, type TestDatabase } from '../support/test-database';
import { SERVER_TEST_TIMEOUT_MS, runUntilExit, startServer, stopServer, type ServerProcess } from '../support/server-process';

// Server processes start here: the file's tests get the time a start may take (support/server-process.ts).
jest.setTimeout(SERVER_TEST_TIMEOUT_MS);

const dataDir = tempDataDir('payrail-production-');
const running: ServerProcess[] = [];
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const s of running) await stopServer(s, 'SIGTERM');
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const production = () => ({
  DATABASE_URL: database.url,
  PAYRAIL_DATA_DIR: dataDir,
  PAYRAIL_MODE: 'production',
  PAYRAIL_PUBLIC_BASE_URL: 'https://pay.example.test',
  PAYRAIL_METRICS_PORT: '0',
  // Production keeps its key-encryption key outside the data directory, set by the operator.
  PAYRAIL_KEK: TEST_KEK_LINE,
});
const accounts = () => withClient(database.url, async (c) => (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts')).rows[0]!.n);

describe('npm start with PAYRAIL_MODE=production', () => {
  it('makes no sandbox master: no account, no credentials written or printed, no test funds', async () => {
    const s = await startServer(production());
    running.push(s);
    const out = s.stdout();
    expect(out).toContain('payrail is running (production mode)');
    expect(out).toMatch(/REST base URL\s+https:\/\/pay\.example\.test\/api/);
    expect(out).not.toMatch(/Sandbox|client_id|api_key|test funds|GraphiQL|REST reference/);
    expect(fs.existsSync(path.join(dataDir, 'sandbox-credentials.json'))).toBe(false);
    expect(await accounts()).toBe(0);
    expect(await withClient(database.url, async (c) => (await c.query('SELECT 1 FROM journal_entries')).rowCount)).toBe(0);
  });

  it('serves metrics on their own listener only, and no developer page', async () => {
    const s = running[0]!;
    const metrics = /Metrics\s+(http:\/\/127\.0\.0\.1:\d+)\/metrics/.exec(s.stdout())?.[1];
    expect(metrics).toBeDefined();
    expect((await fetch(`${metrics}/metrics`)).status).toBe(200);
    for (const p of ['/metrics', '/graphiql', '/docs']) expect({ p, status: (await fetch(`${s.base}${p}`)).status }).toEqual({ p, status: 404 });
    expect(await stopServer(s, 'SIGTERM')).toBe(0);
  });

  it('refuses to start while the database holds an open sandbox account, and says how to go on', async () => {
    const db = createDatabase(database.url, { poolSize: 2 });
    try {
      const { account } = await createMasterAccount({ db, clock: systemClock }, { name: 'Left-over sandbox', isSandbox: true });
      const refused = await runUntilExit(production());
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`payrail could not start: PAYRAIL_MODE=production, but the database holds 1 open sandbox account(s): ${account.id}`);
      expect(refused.stderr).toContain('npm run admin -- set-status --account <id> --status CLOSED');
      await setAccountStatus({ db, clock: systemClock }, account.id, 'CLOSED');
      const s = await startServer(production());
      running.push(s);
      expect(await stopServer(s, 'SIGTERM')).toBe(0);
    } finally {
      await db.close();
    }
  });

  it('takes no sandbox credentials', () => {
    const env = { ...production(), PAYRAIL_SANDBOX_CLIENT_ID: 'sandbox-client-1', PAYRAIL_SANDBOX_API_KEY: 'sandbox-secret-0123456789' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow('PAYRAIL_SANDBOX_CLIENT_ID and PAYRAIL_SANDBOX_API_KEY are for sandbox mode: production has no sandbox master');
  });
});

describe('the metrics listener at start', () => {
  it('a port already taken is one clear start-up failure', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((taken.address() as AddressInfo).port);
      const run = await runUntilExit({ ...production(), PAYRAIL_METRICS_PORT: port, PAYRAIL_DATA_DIR: path.join(dataDir, 'metrics-taken') });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`payrail could not start: the metrics listener 127.0.0.1:${port} is already in use`);
    } finally {
      await new Promise((r) => taken.close(r));
    }
  });
});
