import { createHash, randomBytes } from 'node:crypto';

/** One key of a list: `<id>:<base64 of 32 bytes>`. */
export interface NamedKey {
  id: string;
  secret: Buffer;
}

export class KeyListError extends Error {
  constructor(source: string, problem: string) {
    super(`${source}: ${problem} (expected a comma- or newline-separated list of <id>:<base64 of 32 bytes>, newest first)`);
    this.name = 'KeyListError';
  }
}

const ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * A list of named 256-bit keys, newest first, as every key setting of payrail writes them (the card
 * data keys, the key-encryption keys): comma- or newline-separated, `#` starts a comment line.
 */
export function parseKeyList(text: string, source: string): NamedKey[] {
  const entries = text.split(/[,\n]/).map((s) => s.trim()).filter((s) => s !== '' && !s.startsWith('#'));
  if (entries.length === 0) throw new KeyListError(source, 'no key');
  const seen = new Set<string>();
  return entries.map((entry, i) => {
    const colon = entry.indexOf(':');
    const id = colon < 0 ? '' : entry.slice(0, colon);
    if (!ID.test(id)) throw new KeyListError(source, `entry ${i + 1} has no valid key id`);
    if (seen.has(id)) throw new KeyListError(source, `key id ${id} appears twice`);
    seen.add(id);
    const secret = Buffer.from(entry.slice(colon + 1), 'base64');
    if (secret.length !== 32) throw new KeyListError(source, `key ${id} is not 32 bytes of base64`);
    return { id, secret };
  });
}

/** A fresh key; its id is short, derived from the key by a one-way hash, and so never reused. */
export function generateNamedKey(): NamedKey {
  const secret = randomBytes(32);
  return { id: `k${createHash('sha256').update(secret).digest('hex').slice(0, 8)}`, secret };
}

export const keyLine = (k: NamedKey): string => `${k.id}:${k.secret.toString('base64')}`;
