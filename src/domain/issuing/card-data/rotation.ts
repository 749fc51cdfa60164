import type { Database } from '../../../platform/db/client';
import type { Tx } from '../../../platform/db/tx';
import type { CardDataKeyring } from '../../../platform/sealing/keys';
import { panLookupHash } from './pan';
import { openPan, openText, sealPan, sealText } from '../../../platform/sealing/seal';
import {
  fingerprintKeyCounts,
  lockPanBatch,
  lockSealedBatch,
  panKeyCounts,
  rewritePanSecret,
  rewriteSealed,
  sealedKeyCounts,
  SEALED_COLUMNS,
  type SealedColumn,
} from './store';

/**
 * Key rotation of the card data (docs/security.md, "Secrets, key custody and rotation"): once a new
 * root key is the newest of every process's keyring, `rotateCardDataKey` moves everything that can
 * move onto it, so the older root can leave.
 *
 * - PANs are re-sealed and their lookup hashes re-keyed under the newest root, in batches, one
 *   transaction each, rows locked so a concurrent run waits and then skips what was done.
 * - The other sealed values (webhook signing secrets, authorization-decision private keys, terminal
 *   PIN keys) are re-sealed the same way.
 * - CVVs cannot move: a card's CVV is printed or shown to its holder, and re-keying it would change
 *   it (as with an issuer's CVK). A card keeps the CVV key it was issued under; cards stored before
 *   CVV keys had versions are given the id of the key they always used, so that nothing depends on
 *   the order of the list any more. A root still named by a card's CVV stays until those cards are
 *   gone (`keyUsage`).
 */

export interface RotationResult {
  keyId: string;
  /** PANs re-sealed or re-hashed. */
  reencrypted: number;
  /** Other sealed values re-sealed, by table. */
  resealed: Record<string, number>;
  batches: number;
}

export async function rotateCardDataKey(deps: { db: Database; cardDataKeys: CardDataKeyring }, opts: { batchSize?: number } = {}): Promise<RotationResult> {
  const keys = deps.cardDataKeys;
  const batchSize = opts.batchSize ?? 500;
  let reencrypted = 0;
  let batches = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const done = await deps.db.prisma.$transaction((tx) => rekeyPanBatch(tx, keys, after, batchSize), { maxWait: 10_000, timeout: 60_000 });
    if (done.last === undefined) break;
    after = done.last;
    reencrypted += done.changed;
    if (done.changed > 0) batches++;
  }
  const resealed: Record<string, number> = {};
  for (const c of SEALED_COLUMNS) {
    resealed[c.table] = 0;
    for (;;) {
      const n = await deps.db.prisma.$transaction((tx) => resealBatch(tx, keys, c, batchSize), { maxWait: 10_000, timeout: 60_000 });
      if (n === 0) break;
      resealed[c.table] += n;
      batches++;
    }
  }
  return { keyId: keys.currentKeyId, reencrypted, resealed, batches };
}

/**
 * The next batch of PANs after `after` (in card_id order, so each row is visited once) that is not
 * sealed and hashed under the newest root; a row whose CVV key is unnamed gets the legacy root's id.
 */
async function rekeyPanBatch(tx: Tx, keys: CardDataKeyring, after: string, batchSize: number): Promise<{ last: string | undefined; changed: number }> {
  const current = keys.currentKeyId;
  const rows = await lockPanBatch(tx, after, batchSize);
  let changed = 0;
  for (const row of rows) {
    const lookupKeyId = row.lookup_key_id ?? keys.legacyKeyId;
    if (row.key_id === current && lookupKeyId === current && row.cvv_key_id !== null) continue;
    const pan = openPan(keys, row.card_id, row.pan_ciphertext);
    const sealed = row.key_id === current ? { value: row.pan_ciphertext, keyId: current } : sealPan(keys, row.card_id, pan);
    await rewritePanSecret(tx, {
      cardId: row.card_id,
      sealed,
      panHash: panLookupHash(keys.panLookupKey(current)!, pan),
      lookupKeyId: current,
      cvvKeyId: row.cvv_key_id ?? keys.legacyKeyId,
    });
    changed++;
  }
  return { last: rows[rows.length - 1]?.card_id, changed };
}

/** Re-seals a batch of one column's values not sealed under the newest root; answers how many. */
async function resealBatch(tx: Tx, keys: CardDataKeyring, c: SealedColumn, batchSize: number): Promise<number> {
  const rows = await lockSealedBatch(tx, c, keys.currentKeyId, batchSize);
  for (const row of rows) {
    const sealed = sealText(keys, c.purpose, row.subject, openText(keys, c.purpose, row.subject, row.value));
    await rewriteSealed(tx, c, row.subject, sealed);
  }
  return rows.length;
}

/**
 * What still names each root key: an older root may leave the keyring (and the key custody) only
 * once nothing names it. `idempotency` counts records within the reuse window whose fingerprint it
 * keyed (a retry must still be recognised); older records stop mattering by themselves.
 */
export async function keyUsage(db: Database, keys: CardDataKeyring, since: Date): Promise<Record<string, Record<string, number>>> {
  const usage: Record<string, Record<string, number>> = {};
  const add = (id: string | null, what: string, n: number) => {
    const key = id ?? keys.legacyKeyId;
    (usage[key] ??= {})[what] = (usage[key]![what] ?? 0) + n;
  };
  for (const r of await panKeyCounts(db)) {
    add(r.key_id, 'pan_encryption', Number(r.n));
    add(r.lookup_key_id, 'pan_lookup', Number(r.n));
    add(r.cvv_key_id, 'cvv', Number(r.n));
  }
  for (const c of SEALED_COLUMNS) {
    for (const r of await sealedKeyCounts(db, c)) add(r.id, c.table, Number(r.n));
  }
  for (const r of await fingerprintKeyCounts(db, since)) add(r.id, 'idempotency', Number(r.n));
  return usage;
}
