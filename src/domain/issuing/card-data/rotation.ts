import type { Database } from '../../../platform/db/client';
import type { Tx } from '../../../platform/db/tx';
import type { CardDataKeyring } from '../../../platform/sealing/keys';
import { panLookupHash } from './pan';
import { openPan, openText, sealPan, sealText, type SealPurpose } from '../../../platform/sealing/seal';

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

/** Columns that hold a value sealed under the card data keys (seal.ts), and the subject each binds. */
const SEALED_COLUMNS: readonly { table: string; key: string; column: string; purpose: SealPurpose; keyIdColumn?: string }[] = [
  { table: 'webhook_endpoints', key: 'id', column: 'secret_sealed', purpose: 'webhooks/endpoint-secret' },
  { table: 'auth_decision_keys', key: 'root_account_id', column: 'private_key_sealed', purpose: 'auth-decisions/private-key', keyIdColumn: 'sealing_key_id' },
  { table: 'payment_terminals', key: 'id', column: 'pin_key_sealed', purpose: 'terminals/pin-key' },
];

const keyIdOfColumn = (column: string) => `split_part(${column}, ':', 2)`;

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
  const rows = await tx.$queryRaw<{ card_id: string; pan_ciphertext: string; key_id: string; lookup_key_id: string | null; cvv_key_id: string | null }[]>`
    SELECT card_id, pan_ciphertext, key_id, lookup_key_id, cvv_key_id FROM card_secrets
    WHERE card_id > ${after}::uuid
    ORDER BY card_id
    LIMIT ${batchSize}
    FOR UPDATE`;
  let changed = 0;
  for (const row of rows) {
    const lookupKeyId = row.lookup_key_id ?? keys.legacyKeyId;
    if (row.key_id === current && lookupKeyId === current && row.cvv_key_id !== null) continue;
    const pan = openPan(keys, row.card_id, row.pan_ciphertext);
    const sealed = row.key_id === current ? { value: row.pan_ciphertext, keyId: current } : sealPan(keys, row.card_id, pan);
    await tx.$executeRaw`
      UPDATE card_secrets
         SET pan_ciphertext = ${sealed.value}, key_id = ${sealed.keyId},
             pan_hash = ${panLookupHash(keys.panLookupKey(current)!, pan)}, lookup_key_id = ${current},
             cvv_key_id = ${row.cvv_key_id ?? keys.legacyKeyId}, updated_at = now()
       WHERE card_id = ${row.card_id}::uuid`;
    changed++;
  }
  return { last: rows[rows.length - 1]?.card_id, changed };
}

/** Re-seals a batch of one column's values not sealed under the newest root; answers how many. */
async function resealBatch(tx: Tx, keys: CardDataKeyring, c: (typeof SEALED_COLUMNS)[number], batchSize: number): Promise<number> {
  // Table and column names come from SEALED_COLUMNS above, never from input.
  const rows = await tx.$queryRawUnsafe<{ subject: string; value: string }[]>(
    `SELECT ${c.key}::text AS subject, ${c.column} AS value FROM ${c.table}
      WHERE ${c.column} IS NOT NULL AND ${keyIdOfColumn(c.column)} <> $1
      ORDER BY ${c.key} LIMIT $2 FOR UPDATE`,
    keys.currentKeyId,
    batchSize,
  );
  for (const row of rows) {
    const sealed = sealText(keys, c.purpose, row.subject, openText(keys, c.purpose, row.subject, row.value));
    await tx.$executeRawUnsafe(
      `UPDATE ${c.table} SET ${c.column} = $2${c.keyIdColumn ? `, ${c.keyIdColumn} = $3` : ''} WHERE ${c.key}::text = $1`,
      row.subject,
      sealed.value,
      ...(c.keyIdColumn ? [sealed.keyId] : []),
    );
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
  const pans = await db.pool.query<{ key_id: string; lookup_key_id: string | null; cvv_key_id: string | null; n: string }>(
    'SELECT key_id, lookup_key_id, cvv_key_id, count(*) AS n FROM card_secrets GROUP BY 1, 2, 3',
  );
  for (const r of pans.rows) {
    add(r.key_id, 'pan_encryption', Number(r.n));
    add(r.lookup_key_id, 'pan_lookup', Number(r.n));
    add(r.cvv_key_id, 'cvv', Number(r.n));
  }
  for (const c of SEALED_COLUMNS) {
    const sealed = await db.pool.query<{ id: string; n: string }>(`SELECT ${keyIdOfColumn(c.column)} AS id, count(*) AS n FROM ${c.table} WHERE ${c.column} IS NOT NULL GROUP BY 1`);
    for (const r of sealed.rows) add(r.id, c.table, Number(r.n));
  }
  const fingerprints = await db.pool.query<{ id: string; n: string }>(
    "SELECT split_part(request_hash, ':', 1) AS id, count(*) AS n FROM idempotency_keys WHERE created_at >= $1 AND request_hash LIKE '%:%' GROUP BY 1",
    [since],
  );
  for (const r of fingerprints.rows) add(r.id, 'idempotency', Number(r.n));
  return usage;
}
