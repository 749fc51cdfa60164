import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kek } from '../../../platform/key-custody/kek';
import { openWithKek, sealWithKek } from '../../../platform/key-custody/wrap';

/** The file a fresh `npm start` keeps the generated sandbox key in, in the data directory. */
export const SANDBOX_CREDENTIALS_FILE = 'sandbox-credentials.json';

export interface SavedCredentials {
  accountId?: string;
  clientId: string;
  apiKey: string;
}

/**
 * The sandbox credentials file holds the API key sealed under the key-encryption key (key-custody),
 * so a copy of the data directory does not hand out a working key: `{accountId, clientId,
 * apiKeySealed}`. A file an earlier version wrote (`apiKey` in clear) is still read; the server
 * writes it sealed again at its next start (`inClear`).
 */
export async function writeSandboxCredentials(dataDir: string, kek: Kek, creds: SavedCredentials): Promise<void> {
  const apiKeySealed = sealWithKek(kek, 'sandbox-credentials', creds.clientId, Buffer.from(creds.apiKey, 'utf8'));
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, SANDBOX_CREDENTIALS_FILE);
  await fs.writeFile(file, JSON.stringify({ accountId: creds.accountId, clientId: creds.clientId, apiKeySealed }, null, 2), { mode: 0o600 });
  await fs.chmod(file, 0o600);
}

/** The saved credentials, or undefined when the file is missing or unreadable; `kek` is called only for a sealed key. */
export async function readSandboxCredentials(file: string, kek: () => Promise<Kek>): Promise<(SavedCredentials & { inClear: boolean }) | undefined> {
  let data: { accountId?: unknown; clientId?: unknown; apiKey?: unknown; apiKeySealed?: unknown };
  try {
    data = JSON.parse(await fs.readFile(file, 'utf8')) as typeof data;
  } catch {
    return undefined;
  }
  if (typeof data.clientId !== 'string') return undefined;
  const accountId = typeof data.accountId === 'string' ? data.accountId : undefined;
  if (typeof data.apiKeySealed === 'string') {
    const apiKey = openWithKek(await kek(), 'sandbox-credentials', data.clientId, data.apiKeySealed).toString('utf8');
    return { accountId, clientId: data.clientId, apiKey, inClear: false };
  }
  if (typeof data.apiKey === 'string') return { accountId, clientId: data.clientId, apiKey: data.apiKey, inClear: true };
  return undefined;
}
