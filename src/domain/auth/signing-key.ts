import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const KEY_FILE = 'jwt-signing-key';

/**
 * The HS256 secret that signs access tokens: from configuration (base64), or generated once into the
 * data directory so restarts keep issued tokens valid. Processes that share a database must share it.
 */
export async function loadSigningKey(opts: { configured?: string; dataDir: string }): Promise<Uint8Array> {
  if (opts.configured) return decode(opts.configured, 'PAYRAIL_JWT_SECRET');
  const file = path.join(opts.dataDir, KEY_FILE);
  try {
    return decode((await fs.readFile(file, 'utf8')).trim(), file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  await fs.mkdir(opts.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64');
  try {
    // 'wx': when two processes race on a fresh data directory, the first file wins and both use it.
    await fs.writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return decode((await fs.readFile(file, 'utf8')).trim(), file);
  }
  return decode(secret, file);
}

function decode(base64: string, source: string): Uint8Array {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length < 32) throw new Error(`${source}: signing secret must be at least 32 bytes of base64`);
  return new Uint8Array(bytes);
}
