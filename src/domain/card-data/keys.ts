import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { readOrCreateSecretFile } from '../auth/secret-file';

export const CARD_DATA_KEY_FILE = 'card-data-keys';

/** One root key of the list: `<id>:<base64 of 32 bytes>`. */
export interface CardDataRootKey {
  id: string;
  secret: Buffer;
}

/**
 * The keys of the card data, each derived for one purpose (HKDF-SHA256) so no key serves two jobs:
 * - `encryption`: AES-256-GCM keys by key id; the first root key seals, every one opens;
 * - `panLookup`: HMAC-SHA256 key of the PAN's keyed hash (the unique column);
 * - `cvv`: HMAC-SHA256 key of the CVV derivation;
 * - `fingerprint` and `token`: HMAC-SHA256 keys of idempotency fingerprints and of the tokens that
 *   stand for sensitive members in them, by key id (src/domain/idempotency/fingerprint.ts).
 * The lookup and CVV keys come from the LAST root key of the list (the oldest): a card's CVV and
 * its PAN hash must not change when the encryption key rotates.
 */
export interface CardDataKeyring {
  currentKeyId: string;
  encryptionKey(id: string): Buffer | undefined;
  panLookupKey: Buffer;
  cvvKey: Buffer;
  fingerprintKey(id: string): Buffer | undefined;
  tokenKey(id: string): Buffer | undefined;
}

export class CardDataKeyError extends Error {
  constructor(source: string, problem: string) {
    super(`${source}: ${problem} (expected a comma- or newline-separated list of <id>:<base64 of 32 bytes>, newest first)`);
    this.name = 'CardDataKeyError';
  }
}

const ID = /^[A-Za-z0-9_-]{1,32}$/;

export function parseCardDataKeys(text: string, source: string): CardDataRootKey[] {
  const entries = text.split(/[,\n]/).map((s) => s.trim()).filter((s) => s !== '' && !s.startsWith('#'));
  if (entries.length === 0) throw new CardDataKeyError(source, 'no key');
  const seen = new Set<string>();
  return entries.map((entry, i) => {
    const colon = entry.indexOf(':');
    const id = colon < 0 ? '' : entry.slice(0, colon);
    if (!ID.test(id)) throw new CardDataKeyError(source, `entry ${i + 1} has no valid key id`);
    if (seen.has(id)) throw new CardDataKeyError(source, `key id ${id} appears twice`);
    seen.add(id);
    const secret = Buffer.from(entry.slice(colon + 1), 'base64');
    if (secret.length !== 32) throw new CardDataKeyError(source, `key ${id} is not 32 bytes of base64`);
    return { id, secret };
  });
}

const derive = (root: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), `payrail/card-data/${purpose}/v1`, 32));

/** The HKDF labels; `pan-encryption`, `pan-lookup` and `cvv` keep their first texts so stored values still open and match. */
const PURPOSES = {
  encryption: 'pan-encryption',
  panLookup: 'pan-lookup',
  cvv: 'cvv',
  fingerprint: 'idempotency-fingerprint',
  token: 'idempotency-token',
} as const;

export function buildKeyring(roots: CardDataRootKey[]): CardDataKeyring {
  const derived = (purpose: keyof typeof PURPOSES) => {
    const keys = new Map(roots.map((r) => [r.id, derive(r.secret, PURPOSES[purpose])]));
    return (id: string) => keys.get(id);
  };
  return {
    currentKeyId: roots[0]!.id,
    encryptionKey: derived('encryption'),
    panLookupKey: derived('panLookup')(roots[roots.length - 1]!.id)!,
    cvvKey: derived('cvv')(roots[roots.length - 1]!.id)!,
    fingerprintKey: derived('fingerprint'),
    tokenKey: derived('token'),
  };
}

/** A fresh root key line; its id is short, random and never reused. */
export function generateRootKeyLine(): string {
  const secret = randomBytes(32);
  const id = `k${createHash('sha256').update(secret).digest('hex').slice(0, 8)}`;
  return `${id}:${secret.toString('base64')}`;
}

/**
 * PAYRAIL_CARD_DATA_KEYS when set; otherwise `<data dir>/card-data-keys`, generated once (0600,
 * O_EXCL) like the JWT signing key. Processes sharing a database must share these keys.
 */
export async function loadCardDataKeys(opts: { configured?: string; dataDir: string }): Promise<CardDataKeyring> {
  if (opts.configured) return buildKeyring(parseCardDataKeys(opts.configured, 'PAYRAIL_CARD_DATA_KEYS'));
  const text = await readOrCreateSecretFile(opts.dataDir, CARD_DATA_KEY_FILE, () => generateRootKeyLine() + '\n');
  return buildKeyring(parseCardDataKeys(text, CARD_DATA_KEY_FILE));
}
