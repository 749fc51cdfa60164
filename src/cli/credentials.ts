import fs from 'node:fs/promises';
import path from 'node:path';
import { CliFailure } from './errors';

export interface CliCredentials {
  clientId: string;
  apiKey: string;
  /** Where they came from, printed so a developer knows which account the CLI acts as. */
  source: string;
}

/** The file `npm start` writes the generated sandbox key into (src/domain/accounts/sandbox.ts). */
export const SANDBOX_CREDENTIALS_FILE = 'sandbox-credentials.json';

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
  const file = path.resolve(cwd, env.PAYRAIL_DATA_DIR ?? './data', SANDBOX_CREDENTIALS_FILE);
  let saved: unknown;
  try {
    saved = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch {
    throw new CliFailure(
      `no credentials: ${file} is missing or unreadable (a first \`npm start\` writes it). ` +
        'Pass --client-id and --api-key, or set PAYRAIL_CLIENT_ID and PAYRAIL_API_KEY.',
    );
  }
  const { clientId, apiKey } = (saved ?? {}) as { clientId?: unknown; apiKey?: unknown };
  if (typeof clientId !== 'string' || typeof apiKey !== 'string') throw new CliFailure(`${file} holds no clientId / apiKey`);
  return { clientId, apiKey, source: file };
}
