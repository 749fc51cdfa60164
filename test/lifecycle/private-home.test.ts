import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clusterName, DEFAULT_RELOCATION_ROOT } from '../../src/ops/embedded-location';
import { SERVER_TEST_TIMEOUT_MS, startServer, stopServer, tokenOver, type ServerProcess } from '../support/server-process';

// Server processes start here: the file's tests get the time a start may take (support/server-process.ts).
jest.setTimeout(SERVER_TEST_TIMEOUT_MS);

// The README's `npm start` from a checkout in a private home directory (root's home is 0700 in
// Debian and the official Node images), with the default settings. As root, PostgreSQL runs as
// user "postgres", which cannot enter the home: the cluster goes to /var/lib/payrail/<name>.
const asRoot = process.getuid?.() === 0;
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-home-'));
const dataDir = path.join(home, 'payrail', 'data');
const cluster = asRoot ? path.join(DEFAULT_RELOCATION_ROOT, clusterName(dataDir)) : path.join(dataDir, 'postgres');
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const s of running) await stopServer(s);
  fs.rmSync(home, { recursive: true, force: true });
  if (asRoot) {
    // What this test made outside its temp dir: its cluster, and the root if it is now empty.
    fs.rmSync(cluster, { recursive: true, force: true });
    try {
      fs.rmdirSync(DEFAULT_RELOCATION_ROOT);
    } catch {
      // other clusters live there
    }
  }
});

async function start(): Promise<ServerProcess> {
  const s = await startServer({ PAYRAIL_DATA_DIR: dataDir });
  running.push(s);
  return s;
}

async function graphql<T>(base: string, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': token },
    body: JSON.stringify({ query, variables }),
  });
  return ((await res.json()) as { data: T }).data;
}

describe('npm start with the checkout in a 0700 home directory', () => {
  let apiKey: string;
  let accountId: string;

  it('serves, prints where the database lives, and leaves the home directory 0700', async () => {
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);
    const s = await start();
    expect(s.stdout()).toContain(`Database        embedded PostgreSQL, cluster in ${cluster}\n`);
    if (asRoot) expect(s.stdout()).toContain(`(not in the data dir: user "postgres" cannot enter ${home})`);
    expect(fs.existsSync(path.join(cluster, 'PG_VERSION'))).toBe(true);
    apiKey = s.apiKey!;
    accountId = s.accountId;
    const { token } = await tokenOver(s.base, s.clientId, apiKey);
    const made = await graphql<{ createSubAccount: { account: { id: string } } }>(s.base, token!, 'mutation($input: CreateSubAccountInput!) { createSubAccount(input: $input) { account { id } userErrors { field message code } } }', { input: { name: 'Kept Ltd' } });
    expect(made.createSubAccount.account.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await stopServer(s, 'SIGTERM')).toBe(0);
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);
  });

  it('a restart keeps the data', async () => {
    const s = await start();
    expect(s.accountId).toBe(accountId);
    expect(s.stdout()).toContain(`Database        embedded PostgreSQL, cluster in ${cluster}\n`);
    const { token } = await tokenOver(s.base, s.clientId, apiKey);
    const viewer = await graphql<{ viewer: { subAccounts: { totalCount: number } } }>(s.base, token!, '{ viewer { subAccounts { totalCount } } }');
    expect(viewer.viewer.subAccounts.totalCount).toBe(1);
    expect(await stopServer(s, 'SIGTERM')).toBe(0);
  });
});
