import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveCredentials } from '../../src/cli/credentials';
import { ensureSandboxMaster } from '../../src/domain/onboarding/accounts/sandbox';
import { SANDBOX_CREDENTIALS_FILE } from '../../src/domain/onboarding/accounts/sandbox-file';
import { startTestApp, TEST_KEK_LINE, testKek, type TestApp } from '../support/app';

/** The sandbox key a fresh start saves for the banner and the CLI is kept sealed under the KEK. */

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  t = await startTestApp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-sandbox-creds-'));
});
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});

const file = () => path.join(dataDir, SANDBOX_CREDENTIALS_FILE);

describe('the sandbox credentials file', () => {
  it('holds the API key sealed; the server and the CLI (with the same KEK) open it, nothing else does', async () => {
    const made = await ensureSandboxMaster(t.services, { dataDir, kek: testKek });
    expect(made.apiKey).toMatch(/^[A-Za-z0-9]{43}$/);
    const text = fs.readFileSync(file(), 'utf8');
    expect(text).not.toContain(made.apiKey!);
    expect(JSON.parse(text)).toEqual({ accountId: made.account.id, clientId: made.clientId, apiKeySealed: expect.stringMatching(/^v1:kek1:/) });
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600);

    expect((await ensureSandboxMaster(t.services, { dataDir, kek: testKek })).apiKey).toBe(made.apiKey);
    const cli = await resolveCredentials({}, { PAYRAIL_DATA_DIR: dataDir, PAYRAIL_KEK: TEST_KEK_LINE }, '/');
    expect(cli).toEqual({ clientId: made.clientId, apiKey: made.apiKey, source: file() });
    const otherKek = `kek1:${Buffer.alloc(32, 1).toString('base64')}`;
    await expect(resolveCredentials({}, { PAYRAIL_DATA_DIR: dataDir, PAYRAIL_KEK: otherKek }, '/')).rejects.toThrow(/does not open/);
  });

  it('a file an earlier version wrote in clear is still read, and sealed at the next start', async () => {
    const made = await ensureSandboxMaster(t.services, { dataDir, kek: testKek });
    fs.writeFileSync(file(), JSON.stringify({ accountId: made.account.id, clientId: made.clientId, apiKey: made.apiKey }), { mode: 0o600 });
    expect((await resolveCredentials({}, { PAYRAIL_DATA_DIR: dataDir, HOME: '/nonexistent' }, '/')).apiKey).toBe(made.apiKey);
    expect((await ensureSandboxMaster(t.services, { dataDir, kek: testKek })).apiKey).toBe(made.apiKey);
    expect(fs.readFileSync(file(), 'utf8')).not.toContain(made.apiKey!);
  });
});
