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

/** payrail's key pair of one tree. Curve25519 (ECDH for encryption): generated in milliseconds, unlike RSA. */
export async function generateKeyPair(name: string): Promise<{ publicKey: string; privateKey: string }> {
  const { publicKey, privateKey } = await (await pgp()).generateKey({
    type: 'ecc',
    curve: 'curve25519Legacy',
    userIDs: [{ name, email: 'auth-decisions@payrail.invalid' }],
    format: 'armored',
  });
  return { publicKey, privateKey };
}

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
