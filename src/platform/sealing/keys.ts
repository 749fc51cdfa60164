import { hkdfSync } from 'node:crypto';
import path from 'node:path';
import type { KeyCustody } from '../key-custody/data-keys';
import { generateNamedKey, keyLine, KeyListError, parseKeyList, type NamedKey } from '../key-custody/key-list';
import { sealErrors } from './errors';

/** The file earlier versions kept the root keys in, in clear, in the data directory (imported, then removed). */
export const CARD_DATA_KEY_FILE = 'card-data-keys';

/** One root key of the list: `<id>:<base64 of 32 bytes>`. */
export type CardDataRootKey = NamedKey;

/**
 * The keys of the card data, each derived for one purpose (HKDF-SHA256) so no key serves two jobs,
 * and each known by the id of the root key it comes from, so that every one of them rotates:
 * - `encryption`: AES-256-GCM keys of sealed values (PANs, webhook secrets, private keys, PIN keys);
 * - `panLookup`: HMAC-SHA256 key of the PAN's keyed hash (the unique column);
 * - `cvv`: HMAC-SHA256 key of the CVV and activation code derivations;
 * - `fingerprint` and `token`: HMAC-SHA256 keys of idempotency fingerprints and of the tokens that
 *   stand for sensitive members in them (src/platform/idempotency/fingerprint.ts).
 * The first root key of the list is the current one: it seals, and keys new PAN hashes, new cards'
 * CVVs and new fingerprints; every root opens and checks what it keyed. A stored value names the
 * root it was keyed with (card_secrets.key_id, lookup_key_id, cvv_key_id). Cards stored before the
 * lookup and CVV keys had versions name none: theirs come from the LAST root of the list (the
 * oldest), as they always did (`legacyKeyId`).
 */
export interface CardDataKeyring {
  currentKeyId: string;
  legacyKeyId: string;
  keyIds: readonly string[];
  encryptionKey(id: string): Buffer | undefined;
  panLookupKey(id: string): Buffer | undefined;
  cvvKey(id: string): Buffer | undefined;
  fingerprintKey(id: string): Buffer | undefined;
  tokenKey(id: string): Buffer | undefined;
}

export { KeyListError as CardDataKeyError };

export const parseCardDataKeys = (text: string, source: string): CardDataRootKey[] => parseKeyList(text, source);

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
    legacyKeyId: roots[roots.length - 1]!.id,
    keyIds: roots.map((r) => r.id),
    encryptionKey: derived('encryption'),
    panLookupKey: derived('panLookup'),
    cvvKey: derived('cvv'),
    fingerprintKey: derived('fingerprint'),
    tokenKey: derived('token'),
  };
}

/** The CVV key a card names (null: stored before versions, the legacy root); `unreadable` when the keyring lacks it. */
export function cvvKeyOf(keys: CardDataKeyring, cvvKeyId: string | null): Buffer {
  const key = keys.cvvKey(cvvKeyId ?? keys.legacyKeyId);
  if (!key) throw sealErrors.unreadable();
  return key;
}

/** A fresh root key line, for PAYRAIL_CARD_DATA_KEYS. */
export const generateRootKeyLine = (): string => keyLine(generateNamedKey());

/**
 * PAYRAIL_CARD_DATA_KEYS when set (the operator's own custody); otherwise the root keys the key
 * custody keeps wrapped in the database (key-custody/data-keys.ts), made at the first start, or
 * imported from the `card-data-keys` file of an earlier version, which is then removed.
 * Processes sharing a database share these keys.
 */
export async function loadCardDataKeys(opts: { configured?: string; dataDir: string; custody: KeyCustody }): Promise<CardDataKeyring> {
  if (opts.configured) return buildKeyring(parseCardDataKeys(opts.configured, 'PAYRAIL_CARD_DATA_KEYS'));
  const file = path.join(opts.dataDir, CARD_DATA_KEY_FILE);
  return buildKeyring(await opts.custody.keys('card-data', { path: file, parse: (text) => parseCardDataKeys(text, file) }));
}
