import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { tempDataDir } from '../support/temp-dirs';
import { createTestDatabase } from '../support/test-database';
import { SERVER_TEST_TIMEOUT_MS, startServer, stopServer, tokenOver, type ServerProcess } from '../support/server-process';

// Server processes start here: the file's tests get the time a start may take (support/server-process.ts).
jest.setTimeout(SERVER_TEST_TIMEOUT_MS);

const dataDir = tempDataDir('payrail-lifecycle-');
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const s of running) await stopServer(s, 'SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const s = await startServer({ PAYRAIL_DATA_DIR: dataDir, ...env });
  running.push(s);
  return s;
}

const postmasterPid = () => path.join(dataDir, 'postgres', 'postmaster.pid');

describe('npm start on the embedded database', () => {
  let first: ServerProcess;

  it('first start: creates the cluster and the sandbox master, prints URLs and working credentials', async () => {
    first = await start();
    const out = first.stdout();
    expect(out).toMatch(/GraphQL\s+http:\/\/127\.0\.0\.1:\d+\/graphql/);
    expect(out).toMatch(/GraphiQL\s+http:\/\/127\.0\.0\.1:\d+\/graphiql/);
    expect(first.apiKey).toBeDefined();
    const tok = await tokenOver(first.base, first.clientId, first.apiKey!);
    expect(tok.status).toBe(200);
    const ready = await fetch(`${first.base}/readyz`);
    expect(ready.status).toBe(200);
    process.stdout.write(`cold start to first /healthz (fresh data dir, initdb included): ${first.coldStartMs} ms\n`);
  });

  it('SIGTERM: stops the server and the embedded PostgreSQL, exit code 0', async () => {
    expect(await stopServer(first, 'SIGTERM')).toBe(0);
    expect(fs.existsSync(postmasterPid())).toBe(false);
  });

  it('restart keeps all data: the same sandbox account and credentials', async () => {
    const again = await start();
    expect(again.accountId).toBe(first.accountId);
    expect(again.clientId).toBe(first.clientId);
    expect((await tokenOver(again.base, again.clientId, first.apiKey!)).status).toBe(200);
    process.stdout.write(`warm start to first /healthz: ${again.coldStartMs} ms\n`);
    // A run killed with SIGKILL leaves an orphaned postgres and a stale pid file behind.
    await stopServer(again, 'SIGKILL');
    expect(fs.existsSync(postmasterPid())).toBe(true);
  });

  it('starts after SIGKILL, with the data intact', async () => {
    const after = await start();
    expect(after.accountId).toBe(first.accountId);
    expect((await tokenOver(after.base, after.clientId, first.apiKey!)).status).toBe(200);
    expect(await stopServer(after, 'SIGTERM')).toBe(0);
  });

  it('uses PAYRAIL_SANDBOX_CLIENT_ID / PAYRAIL_SANDBOX_API_KEY as the sandbox credentials', async () => {
    const s = await start({ PAYRAIL_SANDBOX_CLIENT_ID: 'sandbox-client-1', PAYRAIL_SANDBOX_API_KEY: 'sandbox-secret-0123456789' });
    expect(s.clientId).toBe('sandbox-client-1');
    expect(s.accountId).toBe(first.accountId);
    expect((await tokenOver(s.base, 'sandbox-client-1', 'sandbox-secret-0123456789')).status).toBe(200);
    expect((await tokenOver(s.base, 'sandbox-client-1', 'wrong-secret-000000')).status).toBe(400);
    await stopServer(s);
  });
});

describe('two server processes on one database (DATABASE_URL)', () => {
  it('produce exactly one effect for concurrent duplicates of an idempotent mutation', async () => {
    const database = await createTestDatabase();
    const env = { DATABASE_URL: database.url, PAYRAIL_JWT_SECRET: Buffer.alloc(32, 3).toString('base64'), PAYRAIL_DATA_DIR: path.join(dataDir, 'two-a') };
    const a = await startServer(env);
    running.push(a);
    const b = await startServer({ ...env, PAYRAIL_DATA_DIR: path.join(dataDir, 'two-b') });
    running.push(b);
    try {
      expect(b.accountId).toBe(a.accountId);
      const tok = (await tokenOver(a.base, a.clientId, a.apiKey!)).token!;
      const key = randomUUID();
      const mutation = 'mutation($input: CreateSubAccountInput!) { createSubAccount(input: $input) { account { id } userErrors { field message code } } }';
      const send = (base: string) =>
        fetch(`${base}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-auth-token': tok, 'x-idempotency-key': key },
          body: JSON.stringify({ query: mutation, variables: { input: { name: 'Twice' } } }),
        }).then((r) => r.json() as Promise<{ data?: { createSubAccount: { account: { id: string } | null } }; errors?: { extensions: { code: string } }[] }>);
      const results = await Promise.all(Array.from({ length: 20 }, (_v, i) => send(i % 2 ? a.base : b.base)));
      const ids = new Set(results.filter((r) => r.data).map((r) => r.data!.createSubAccount.account!.id));
      expect(ids.size).toBe(1);
      expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
      for (const r of results.filter((x) => x.errors)) expect(r.errors![0]!.extensions.code).toBe('request_being_processed');
      const list = await fetch(`${a.base}/api/v1/accounts`, { headers: { 'x-auth-token': tok } }).then((r) => r.json() as Promise<{ total_items: number }>);
      expect(list.total_items).toBe(1);
    } finally {
      await stopServer(a);
      await stopServer(b);
      await database.drop();
    }
  });
});
