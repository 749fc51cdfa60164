import path from 'node:path';
import type { KeyCustody } from '../key-custody/data-keys';

/** The file earlier versions kept the signing key in, in clear, in the data directory (imported, then removed). */
const KEY_FILE = 'jwt-signing-key';

/**
 * The HS256 secret that signs access tokens: from configuration (base64), or kept by the key
 * custody, wrapped in the database (key-custody/data-keys.ts), so restarts keep issued tokens valid
 * and every process on one database signs alike.
 */
export async function loadSigningKey(opts: { configured?: string; dataDir: string; custody: KeyCustody }): Promise<Uint8Array> {
  if (opts.configured) return decode(opts.configured, 'PAYRAIL_JWT_SECRET');
  const file = path.join(opts.dataDir, KEY_FILE);
  const [newest] = await opts.custody.keys('jwt-signing', { path: file, parse: (text) => [{ id: 'imported', secret: decode(text.trim(), file) }] });
  return new Uint8Array(newest!.secret);
}

function decode(base64: string, source: string): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length < 32) throw new Error(`${source}: signing secret must be at least 32 bytes of base64`);
  return bytes;
}
