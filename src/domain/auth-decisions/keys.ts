import type * as openpgp from 'openpgp';
import type { Database } from '../../db/client';
import type { CardDataKeyring } from '../card-data/keys';
import { openText, sealText } from '../card-data/seal';
import { generateKeyPair, readPrivateKey } from './pgp';

/**
 * payrail's own PGP key pair of one account tree (keyed by its root account): customers encrypt
 * their answers to its public key. Generated on first need; the private key is stored sealed
 * (card-data seal, purpose 'auth-decisions/private-key', subject the root account id).
 */
export interface TreeKeyPair {
  publicKey: string;
  privateKey: openpgp.PrivateKey;
}

// Opened and parsed key pairs by root account. A tree's row is written once (ON CONFLICT DO NOTHING)
// and never changed, so what a process once read stays true: an authorization then costs no read and
// no parse for payrail's key. Any process reads the same row on its first use.
const parsed = new Map<string, TreeKeyPair>();
const CACHE_LIMIT = 1000;

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

interface KeyRow {
  public_key: string;
  private_key_sealed: string;
}

async function storedOrNew(db: Database, keys: CardDataKeyring, rootAccountId: string, now: Date): Promise<KeyRow> {
  const found = await readRow(db, rootAccountId);
  if (found) return found;
  const pair = await generateKeyPair(`payrail ${rootAccountId}`);
  const sealed = sealText(keys, 'auth-decisions/private-key', rootAccountId, pair.privateKey);
  await db.pool.query(
    `INSERT INTO auth_decision_keys (root_account_id, public_key, private_key_sealed, sealing_key_id, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (root_account_id) DO NOTHING`,
    [rootAccountId, pair.publicKey, sealed.value, sealed.keyId, now],
  );
  const stored = await readRow(db, rootAccountId);
  if (!stored) throw new Error(`auth decision key of ${rootAccountId} vanished after insert`);
  return stored;
}

async function readRow(db: Database, rootAccountId: string): Promise<KeyRow | undefined> {
  const { rows } = await db.pool.query<KeyRow>({
    name: 'auth_decision_key_read',
    text: 'SELECT public_key, private_key_sealed FROM auth_decision_keys WHERE root_account_id = $1',
    values: [rootAccountId],
  });
  return rows[0];
}
