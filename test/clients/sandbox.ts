import fs from 'node:fs';
import { ensureSandboxMaster } from '../../src/domain/onboarding/accounts/sandbox';
import { testKek, type TestApp } from '../support/app';
import { tempDataDir } from '../support/temp-dirs';

/**
 * A fresh sandbox as `npm start` makes it on an empty database: the sandbox master account and the
 * key it prints (ensureSandboxMaster, its credentials file in a temp dir removed afterwards). The
 * READMEs' flows start from these credentials and nothing else.
 */
export async function freshSandbox(t: TestApp): Promise<{ clientId: string; apiKey: string; accountId: string }> {
  const dataDir = tempDataDir('payrail-sandbox-');
  try {
    const sandbox = await ensureSandboxMaster(t.services, { dataDir, kek: testKek });
    if (!sandbox.apiKey) throw new Error('the fresh sandbox printed no API key');
    return { clientId: sandbox.clientId, apiKey: sandbox.apiKey, accountId: sandbox.account.id };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
