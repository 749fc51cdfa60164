import type * as openpgp from 'openpgp';
import type { Database } from '../../../platform/db/client';
import type { CardDataKeyring } from '../../../platform/sealing/keys';
import { openText, sealText } from '../../../platform/sealing/seal';
import { generateKeyPair, readPrivateKey, withPortablePreferences } from './pgp';
import { insertKeyUnlessStored, readKeyRow, replaceKeyIfUnchanged, type KeyRow } from './store';

/**
 * payrail's own PGP key pair of one account tree (keyed by its root account): customers encrypt
 * their answers to its public key. Generated on first need; the private key is stored sealed
 * (card-data seal, purpose 'auth-decisions/private-key', subject the root account id).
 */
export interface TreeKeyPair {
  publicKey: string;
  privateKey: openpgp.PrivateKey;
}

// Opened and parsed key pairs by root account. A tree's key material is written once (ON CONFLICT DO
// NOTHING) and never changed (its certification at most once more, portable() below), so what a
// process once read stays true for decrypting: an authorization then costs no read and no parse for
// payrail's key. Any process reads the same row on its first use.
const parsed = new Map<string, TreeKeyPair>();
const CACHE_LIMIT = 1000;
// Trees whose stored key this process has seen certified with the portable preferences.
const portableTrees = new Set<string>();

const remember = (root: string): void => {
  if (portableTrees.size >= CACHE_LIMIT) portableTrees.clear();
  portableTrees.add(root);
};

/**
 * The tree's public key, generating the pair if the tree has none. Race-safe across processes: each
 * racer generates, one INSERT wins (ON CONFLICT DO NOTHING), and every racer reads the winner's row.
 */
export async function treePublicKey(db: Database, keys: CardDataKeyring, rootAccountId: string, now: Date): Promise<string> {
  return (await storedOrNew(db, keys, rootAccountId, now)).public_key;
}

/** The tree's key pair with its private key opened, for decrypting answers. */
export async function treeKeyPair(db: Database, keys: CardDataKeyring, rootAccountId: string, now: Date): Promise<TreeKeyPair> {
  const hit = parsed.get(rootAccountId);
  if (hit) return hit;
  const row = await storedOrNew(db, keys, rootAccountId, now);
  const pair = { publicKey: row.public_key, privateKey: await readPrivateKey(openText(keys, 'auth-decisions/private-key', rootAccountId, row.private_key_sealed)) };
  if (parsed.size >= CACHE_LIMIT) parsed.clear();
  parsed.set(rootAccountId, pair);
  return pair;
}

async function storedOrNew(db: Database, keys: CardDataKeyring, rootAccountId: string, now: Date): Promise<KeyRow> {
  const found = await readKeyRow(db, rootAccountId);
  if (found) return portable(db, keys, rootAccountId, found);
  const pair = await generateKeyPair(`payrail ${rootAccountId}`);
  const sealed = sealText(keys, 'auth-decisions/private-key', rootAccountId, pair.privateKey);
  await insertKeyUnlessStored(db, { rootAccountId, publicKey: pair.publicKey, sealed, now });
  const stored = await readKeyRow(db, rootAccountId);
  if (!stored) throw new Error(`auth decision key of ${rootAccountId} vanished after insert`);
  // A racer's key won the insert: it may predate the portable preferences only if made by an older payrail.
  return stored.public_key === pair.publicKey ? (remember(rootAccountId), stored) : portable(db, keys, rootAccountId, stored);
}

/**
 * The migration of keys made before payrail stated portable preferences (pgp.ts
 * PORTABLE_PREFERENCES): on a tree's first use in a process, a stored key whose certification states
 * others (openpgp.js's defaults, with SHA-3) is certified anew and written back. The key material
 * and fingerprint stay, so a customer holding the old public key keeps encrypting to the same
 * subkey, and the public key payrail now shows loads in pgpy. The UPDATE is guarded on the public
 * key as read: racing processes each certify, one write wins, and all read the winner's row.
 */
async function portable(db: Database, keys: CardDataKeyring, rootAccountId: string, row: KeyRow): Promise<KeyRow> {
  if (portableTrees.has(rootAccountId)) return row;
  const renewed = await withPortablePreferences(openText(keys, 'auth-decisions/private-key', rootAccountId, row.private_key_sealed));
  let current = row;
  if (renewed) {
    const sealed = sealText(keys, 'auth-decisions/private-key', rootAccountId, renewed.privateKey);
    await replaceKeyIfUnchanged(db, { rootAccountId, publicKey: renewed.publicKey, sealed, wasPublicKey: row.public_key });
    current = (await readKeyRow(db, rootAccountId)) ?? row;
  }
  remember(rootAccountId);
  return current;
}

