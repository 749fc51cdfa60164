import os from 'node:os';
import path from 'node:path';
import { readSandboxCredentials, SANDBOX_CREDENTIALS_FILE } from '../domain/onboarding/accounts/sandbox-file';
import { loadKek } from '../platform/key-custody/kek';
import { CliFailure } from './errors';

export interface CliCredentials {
  clientId: string;
  apiKey: string;
  /** Where they came from, printed so a developer knows which account the CLI acts as. */
  source: string;
}

export { SANDBOX_CREDENTIALS_FILE };

/**
 * Flags first, then PAYRAIL_CLIENT_ID / PAYRAIL_API_KEY, then the sandbox key a fresh `npm start`
 * saved in its data directory (PAYRAIL_DATA_DIR, default ./data, as the server reads it).
 */
export async function resolveCredentials(
  flags: { clientId?: string; apiKey?: string },
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<CliCredentials> {
  if (flags.clientId || flags.apiKey) {
    if (!flags.clientId || !flags.apiKey) throw new CliFailure('give both --client-id and --api-key');
    return { clientId: flags.clientId, apiKey: flags.apiKey, source: 'flags' };
  }
  if (env.PAYRAIL_CLIENT_ID || env.PAYRAIL_API_KEY) {
    if (!env.PAYRAIL_CLIENT_ID || !env.PAYRAIL_API_KEY) throw new CliFailure('set both PAYRAIL_CLIENT_ID and PAYRAIL_API_KEY');
    return { clientId: env.PAYRAIL_CLIENT_ID, apiKey: env.PAYRAIL_API_KEY, source: 'PAYRAIL_CLIENT_ID / PAYRAIL_API_KEY' };
  }
  const dataDir = path.resolve(cwd, env.PAYRAIL_DATA_DIR ?? './data');
  const file = path.join(dataDir, SANDBOX_CREDENTIALS_FILE);
  // The key is sealed under the server's key-encryption key: the CLI reads the same KEK, never makes one.
  const kek = () =>
    loadKek(
      {
        value: env.PAYRAIL_KEK,
        file: env.PAYRAIL_KEK_FILE ? path.resolve(cwd, env.PAYRAIL_KEK_FILE) : undefined,
        command: env.PAYRAIL_KEK_COMMAND,
        defaultFile: path.join(env.XDG_CONFIG_HOME ?? path.join(env.HOME ?? os.homedir(), '.config'), 'payrail', 'kek'),
        mode: 'sandbox',
        dataDir,
      },
      { create: false },
    );
  let saved: Awaited<ReturnType<typeof readSandboxCredentials>>;
  try {
    saved = await readSandboxCredentials(file, kek);
  } catch (e) {
    throw new CliFailure(`${file}: ${(e as Error).message}`);
  }
  if (!saved) {
    throw new CliFailure(
      `no credentials: ${file} is missing or unreadable (a first \`npm start\` writes it). ` +
        'Pass --client-id and --api-key, or set PAYRAIL_CLIENT_ID and PAYRAIL_API_KEY.',
    );
  }
  return { clientId: saved.clientId, apiKey: saved.apiKey, source: file };
}
