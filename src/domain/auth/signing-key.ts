import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readOrCreateSecretFile } from './secret-file';

const KEY_FILE = 'jwt-signing-key';

/**
 * The HS256 secret that signs access tokens: from configuration (base64), or generated once into the
 * data directory so restarts keep issued tokens valid. Processes that share a database must share it.
 */
export async function loadSigningKey(opts: { configured?: string; dataDir: string }): Promise<Uint8Array> {
  if (opts.configured) return decode(opts.configured, 'PAYRAIL_JWT_SECRET');
  const text = await readOrCreateSecretFile(opts.dataDir, KEY_FILE, () => randomBytes(32).toString('base64') + '\n');
  return decode(text.trim(), path.join(opts.dataDir, KEY_FILE));
}

function decode(base64: string, source: string): Uint8Array {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length < 32) throw new Error(`${source}: signing secret must be at least 32 bytes of base64`);
  return new Uint8Array(bytes);
}
