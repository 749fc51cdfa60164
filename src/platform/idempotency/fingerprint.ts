import { createHmac } from 'node:crypto';
import type { z } from 'zod';
import type { CardDataKeyring } from '../sealing/keys';
import { membersMarked } from '../validation/sensitive';
import { canonicalJson, type Tokenizer } from './canonical-json';
import { camelCase } from '../names';

/**
 * The fingerprint an idempotency record keeps of its request, to tell a retry from another request
 * under the same key (spec 7.1): `<key id>:<hex>`, HMAC-SHA256 under a key derived from the card
 * data root `<key id>` (card-data/keys.ts), over `endpoint \n canonical JSON of the body`, in which
 * every member a route marks `sensitiveInput` (a PAN, a CVC, a PIN, an activation code, a key) is
 * written as a keyed token of its value.
 *
 * An unkeyed hash of a body gives its small secrets away to anyone who reads the table: a PIN is one
 * of 10^6, a CVC one of 1,000, and a PAN one of some 42,000 Luhn-valid numbers once its BIN, last
 * four and expiry are known. Under a key kept outside the database (key custody: docs/security.md)
 * the fingerprint says nothing; the tokens keep the card data out of the hashed text itself, so a
 * leaked fingerprint key still does not make the PAN the input of a hash.
 */

/** Member names whose values the fingerprint tokenizes: those marked in any route's body schema. */
const sensitiveNames = new Set<string>();


/**
 * Called once per route at registration with its body schema (REST), so marked members are
 * tokenized: under the wire's name, and under the domain's (camelCase), in which the GraphQL door
 * fingerprints the commands it passes on.
 */
export function tokenizeMarkedMembers(body: z.ZodType | undefined): void {
  for (const path of membersMarked(body, 'input')) {
    const name = path[path.length - 1]!;
    sensitiveNames.add(name);
    sensitiveNames.add(camelCase(name));
  }
}

/** The names tokenized so far (the GraphQL door's input fields are checked against them in tests). */
export const tokenizedNames = (): ReadonlySet<string> => sensitiveNames;

/** What a record holds in place of a fingerprint when it was stored before fingerprints were keyed. */
export const RETIRED_FINGERPRINT = 'retired';

function fingerprintUnder(keys: CardDataKeyring, keyId: string, endpoint: string, body: unknown): string | undefined {
  const mac = keys.fingerprintKey(keyId);
  const tokenKey = keys.tokenKey(keyId);
  if (!mac || !tokenKey) return undefined;
  const tokens: Tokenizer = {
    names: sensitiveNames,
    token: (value) => `tok:${createHmac('sha256', tokenKey).update(canonicalJson(value)).digest('base64url')}`,
  };
  const text = `${endpoint}\n${canonicalJson(body ?? null, tokens)}`;
  return `${keyId}:${createHmac('sha256', mac).update(text).digest('hex')}`;
}

/** The request's fingerprint under the current key. */
export const requestFingerprint = (keys: CardDataKeyring, endpoint: string, body: unknown): string =>
  fingerprintUnder(keys, keys.currentKeyId, endpoint, body)!;

/**
 * Whether a stored fingerprint is this request's. `current` is the request's fingerprint under the
 * current key; a record keyed before a rotation is checked under its own key while that key is in
 * the keyring (a retry across a rotation is still a retry).
 */
export function sameRequest(keys: CardDataKeyring, stored: string, current: string, endpoint: string, body: unknown): boolean {
  if (stored === current) return true;
  const keyId = stored.slice(0, stored.indexOf(':'));
  if (keyId === '' || keyId === keys.currentKeyId) return false;
  return fingerprintUnder(keys, keyId, endpoint, body) === stored;
}
