import type * as OpenPgp from 'openpgp';

/**
 * openpgp is loaded on first use: it adds ~14 MB to a process's resident memory, and most
 * deployments never configure an authorization decision endpoint (docs/performance.md, RSS).
 */
let loaded: Promise<typeof OpenPgp> | undefined;
const pgp = (): Promise<typeof OpenPgp> => (loaded ??= import('openpgp'));

/**
 * The PGP of authorization decisions, in the official client's format (docs/auth-decision.md): each
 * body is an ASCII-armored OpenPGP message of a literal *text* packet holding the JSON, encrypted to
 * one public key and not signed (the client's handler neither signs its answers nor verifies ours).
 */

/**
 * The algorithm preferences payrail's keys state, by OpenPGP id (RFC 4880 9.2-9.4): hashes SHA-512,
 * SHA-384, SHA-256; ciphers AES-256, AES-128; no compression, ZLIB, ZIP. Every common OpenPGP
 * implementation reads them. openpgp.js's own defaults add SHA3-512 and SHA3-256 (ids 14 and 12),
 * which pgpy 0.6, the Python client's PGP library, cannot parse: it refuses the whole key
 * (`14 is not a valid HashAlgorithm`), so its customers could not load payrail's key at all.
 */
export const PORTABLE_PREFERENCES = {
  hashes: [10, 9, 8],
  ciphers: [9, 7],
  compression: [0, 2, 1],
} as const;

export interface KeyPreferences {
  hashes: number[];
  ciphers: number[];
  compression: number[];
  /** AEAD and cipher-suite preferences (v5/v6 subpackets): payrail's keys state none. */
  aead: number[];
}

/** The preferences each user id's self-certification of `key` states, as the subpackets carry them. */
export function preferencesOf(key: OpenPgp.Key): KeyPreferences[] {
  return key.users.flatMap((u) =>
    u.selfCertifications.map((c) => ({
      hashes: [...(c.preferredHashAlgorithms ?? [])],
      ciphers: [...(c.preferredSymmetricAlgorithms ?? [])],
      compression: [...(c.preferredCompressionAlgorithms ?? [])],
      aead: [...(c.preferredAEADAlgorithms ?? []), ...((c as unknown as Pick<CertificationFields, 'preferredCipherSuites'>).preferredCipherSuites ?? []).flat()],
    })),
  );
}

/** The features subpacket's flag for SEIPD v1 (modification detection), as openpgp.js's own keys state it. */
const FEATURE_MODIFICATION_DETECTION = 0x01;

/**
 * A certification as openpgp.js 6 builds and signs it at run time. Its published typings lag
 * behind: they type keyFlags and features as bytes where the code takes arrays, and `sign` without
 * the data object and config it needs.
 */
interface CertificationFields {
  signatureType: number | null;
  publicKeyAlgorithm: number | null;
  hashAlgorithm: number | null;
  keyFlags: number[] | null;
  features: number[] | null;
  isPrimaryUserID: boolean | null;
  preferredHashAlgorithms: number[] | null;
  preferredSymmetricAlgorithms: number[] | null;
  preferredCompressionAlgorithms: number[] | null;
  preferredCipherSuites?: number[][] | null;
  sign(key: unknown, data: { userID: unknown; key: unknown }, date: Date, detached: boolean, config: unknown): Promise<void>;
}

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Whether every self-certification of `key` states exactly payrail's portable preferences. */
export function hasPortablePreferences(key: OpenPgp.Key): boolean {
  const all = preferencesOf(key);
  const p = PORTABLE_PREFERENCES;
  return all.length > 0 && all.every((x) => same(x.hashes, p.hashes) && same(x.ciphers, p.ciphers) && same(x.compression, p.compression) && x.aead.length === 0);
}

/**
 * Replaces the user id certifications of `key` (a v4 key whose primary key is unlocked) with ones
 * stating PORTABLE_PREFERENCES, signed by the same primary key and dated at its creation. The key
 * material, and so the fingerprint and the encryption subkey, stay as they were: what a customer
 * already encrypts to keeps working.
 */
async function certifyPortable(openpgp: typeof OpenPgp, key: OpenPgp.PrivateKey): Promise<void> {
  const { enums } = openpgp;
  for (const [i, user] of key.users.entries()) {
    if (!user.userID) continue;
    const packet = new openpgp.SignaturePacket();
    const sig = packet as unknown as CertificationFields;
    sig.signatureType = enums.signature.certPositive;
    sig.publicKeyAlgorithm = key.keyPacket.algorithm;
    sig.hashAlgorithm = enums.hash.sha512;
    sig.keyFlags = [enums.keyFlags.certifyKeys | enums.keyFlags.signData];
    sig.preferredHashAlgorithms = [...PORTABLE_PREFERENCES.hashes];
    sig.preferredSymmetricAlgorithms = [...PORTABLE_PREFERENCES.ciphers];
    sig.preferredCompressionAlgorithms = [...PORTABLE_PREFERENCES.compression];
    sig.features = [FEATURE_MODIFICATION_DETECTION];
    sig.isPrimaryUserID = i === 0;
    await sig.sign(key.keyPacket, { userID: user.userID, key: key.keyPacket }, key.keyPacket.created, false, openpgp.config);
    user.selfCertifications = [packet];
  }
}

export interface ArmoredKeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * payrail's key pair of one tree. Curve25519 (ECDH for encryption): generated in milliseconds,
 * unlike RSA. Its user id is certified with PORTABLE_PREFERENCES.
 */
export async function generateKeyPair(name: string): Promise<ArmoredKeyPair> {
  const openpgp = await pgp();
  const { privateKey } = await openpgp.generateKey({
    type: 'ecc',
    curve: 'curve25519Legacy',
    userIDs: [{ name, email: 'auth-decisions@payrail.invalid' }],
    format: 'object',
  });
  await certifyPortable(openpgp, privateKey);
  return { publicKey: privateKey.toPublic().armor(), privateKey: privateKey.armor() };
}

/**
 * An existing key pair certified anew with PORTABLE_PREFERENCES (same key material, same
 * fingerprint), or undefined when it already states them.
 */
export async function withPortablePreferences(armoredPrivateKey: string): Promise<ArmoredKeyPair | undefined> {
  const openpgp = await pgp();
  const key = await openpgp.readPrivateKey({ armoredKey: armoredPrivateKey });
  if (hasPortablePreferences(key)) return undefined;
  await certifyPortable(openpgp, key);
  return { publicKey: key.toPublic().armor(), privateKey: key.armor() };
}

/** Parses an armored public key without any check (the preferences test reads payrail's with it). */
export const readPublicKey = async (armored: string): Promise<OpenPgp.Key> => (await pgp()).readKey({ armoredKey: armored });

/** Why a customer's key is refused, in words for the `public_key` field's message. */
export type KeyProblem = 'not an armored PGP public key' | 'has no key usable for encryption';

/** Parses an armored public key and proves it can encrypt (not expired, not revoked, has an encryption subkey). */
export async function readEncryptionKey(armored: string): Promise<OpenPgp.PublicKey | KeyProblem> {
  const openpgp = await pgp();
  let key: OpenPgp.Key;
  try {
    key = await openpgp.readKey({ armoredKey: armored });
  } catch {
    return 'not an armored PGP public key';
  }
  // A private key pasted by mistake parses too; payrail takes only what the customer may publish.
  if (key.isPrivate()) return 'not an armored PGP public key';
  try {
    await key.getEncryptionKey();
  } catch {
    return 'has no key usable for encryption';
  }
  return key as OpenPgp.PublicKey;
}

export const readPrivateKey = async (armored: string): Promise<OpenPgp.PrivateKey> => (await pgp()).readPrivateKey({ armoredKey: armored });

/** JSON text -> armored message encrypted to `key`, as the client's PgpContext.encrypt does. */
export async function encryptText(text: string, key: OpenPgp.PublicKey): Promise<string> {
  const openpgp = await pgp();
  const message = await openpgp.createMessage({ text });
  return openpgp.encrypt({ message, encryptionKeys: key, format: 'armored' });
}

/** Armored message -> its text, as the client's PgpContext.decrypt does; throws on anything else. */
export async function decryptText(armored: string, key: OpenPgp.PrivateKey): Promise<string> {
  const openpgp = await pgp();
  const message = await openpgp.readMessage({ armoredMessage: armored });
  const { data } = await openpgp.decrypt({ message, decryptionKeys: key, format: 'utf8' });
  return data;
}
