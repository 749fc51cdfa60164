import type { Database } from '../../../platform/db/client';
import type { Sealed } from '../../../platform/sealing/seal';

/** A tree's stored key pair: the public key and the private key, sealed. */
export interface KeyRow {
  public_key: string;
  private_key_sealed: string;
}

export async function readKeyRow(db: Database, rootAccountId: string): Promise<KeyRow | undefined> {
  const { rows } = await db.pool.query<KeyRow>({
    name: 'auth_decision_key_read',
    text: 'SELECT public_key, private_key_sealed FROM auth_decision_keys WHERE root_account_id = $1',
    values: [rootAccountId],
  });
  return rows[0];
}

/** Stores the tree's new key pair, unless a racer stored one first (then the racer's stays). */
export async function insertKeyUnlessStored(db: Database, k: { rootAccountId: string; publicKey: string; sealed: Sealed; now: Date }): Promise<void> {
  await db.pool.query(
    `INSERT INTO auth_decision_keys (root_account_id, public_key, private_key_sealed, sealing_key_id, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (root_account_id) DO NOTHING`,
    [k.rootAccountId, k.publicKey, k.sealed.value, k.sealed.keyId, k.now],
  );
}

/** Writes the tree's re-certified key back, guarded on the public key as read: of racing writers, one wins. */
export async function replaceKeyIfUnchanged(db: Database, k: { rootAccountId: string; publicKey: string; sealed: Sealed; wasPublicKey: string }): Promise<void> {
  await db.pool.query(
    `UPDATE auth_decision_keys SET public_key = $2, private_key_sealed = $3, sealing_key_id = $4 WHERE root_account_id = $1 AND public_key = $5`,
    [k.rootAccountId, k.publicKey, k.sealed.value, k.sealed.keyId, k.wasPublicKey],
  );
}
