import { createHash, randomBytes, randomFillSync, randomUUID } from 'node:crypto';

/** UUID v4 for resource ids (DESIGN "Data"). */
export const newId = (): string => randomUUID();

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_V4_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Ids from the wire are checked before they reach a uuid column, so bad ids are "not found", not 500s. */
export const isUuid = (value: string): boolean => UUID_RE.test(value);
export const isUuidV4 = (value: string): boolean => UUID_V4_RE.test(value);

/**
 * A stable UUID for a name (the version 5 layout: SHA-1 of the name): configuration seen by many
 * trees (card products, card arts) gets one id per tree and key, with nothing stored.
 */
export function uuidOfName(name: string): string {
  const h = createHash('sha1').update(name).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

// No 0/O/1/I: short references are read aloud and typed by people.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A short human reference such as "PA7K3M9Q"; callers retry on the rare unique collision. */
export function shortReference(prefix: string, length = 6): string {
  let out = prefix;
  for (let i = 0; i < length; i++) out += ALPHABET[randomByte() % ALPHABET.length];
  return out;
}

// One synchronous fill of the system's CSPRNG serves ~680 references: randomBytes(6) for each was a
// call into the crypto binding per money-moving request (docs/performance.md). 32 letters divide 256,
// so `byte % 32` stays uniform.
const randomPool = Buffer.alloc(4096);
let randomAt = randomPool.length;
function randomByte(): number {
  if (randomAt >= randomPool.length) {
    randomFillSync(randomPool);
    randomAt = 0;
  }
  return randomPool[randomAt++]!;
}

/** URL-safe random secret of `bytes` bytes of entropy. */
export const randomSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `length` random letters and digits (about 5.95 bits each). Client ids and API keys use it: a
 * base64url value may start with "-", which command lines (the admin CLI, curl) read as an option.
 */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: bytes at or above it would favour the first letters.
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62];
    }
  }
  return out;
}
