import { inTransaction, type Tx, type TxScope } from '../../../platform/db/tx';
import { cardDataErrors } from './errors';
import { cvvKeyOf, type CardDataKeyring } from '../../../platform/sealing/keys';
import { DEFAULT_PAN_LENGTH, generatePan, maskPan, panLookupHash, randomDigits, type DigitSource } from './pan';
import type { Database } from '../../../platform/db/client';
import { openPan, sealPan, type Sealed, type SealPurpose } from '../../../platform/sealing/seal';
import { sealErrors } from '../../../platform/sealing/errors';

/** What the card-data services need: a transaction scope and the process's keyring. */
export interface CardDataScope extends TxScope {
  cardDataKeys: CardDataKeyring;
}

export interface IssuedPan {
  pan: string;
  /** First 6, last 4: what every response except secure details carries. */
  maskedPan: string;
  bin: string;
  last4: string;
  /** The root key the card's CVV and activation code derive from (keys.ts, cvvKeyOf). */
  cvvKeyId: string;
}

/** Clashes are rare (a 16-digit PAN on a 6-digit BIN leaves 10^9 numbers); many in a row mean a full BIN. */
const MAX_ATTEMPTS = 20;

/** The PAN's keyed hash under every root key of the keyring: a stored hash is keyed with one of them. */
const hashesOf = (keys: CardDataKeyring, pan: string): string[] => keys.keyIds.map((id) => panLookupHash(keys.panLookupKey(id)!, pan));

/**
 * Inserts the card's sealed PAN, its hash under the current lookup key, and the key ids, in the
 * caller's transaction; nothing when the number is already stored. The unique hash decides for
 * numbers hashed under the current key (`ON CONFLICT`, which also waits for a concurrent insert of
 * the same number); a number still hashed under an older key until a rotation re-hashes it is found
 * by its hash under that key in the same statement. The insert never raises, so the caller's
 * transaction stays usable.
 */
async function insertPan(tx: Tx, keys: CardDataKeyring, input: { cardId: string; accountId: string; pan: string }): Promise<IssuedPan | null> {
  const sealed = sealPan(keys, input.cardId, input.pan);
  const current = keys.currentKeyId;
  const others = keys.keyIds.length === 1 ? [] : hashesOf(keys, input.pan).filter((_, i) => keys.keyIds[i] !== current);
  const inserted = await tx.$queryRaw<{ card_id: string }[]>`
    INSERT INTO card_secrets (card_id, account_id, pan_hash, pan_ciphertext, key_id, lookup_key_id, cvv_key_id)
    SELECT ${input.cardId}::uuid, ${input.accountId}::uuid, ${panLookupHash(keys.panLookupKey(current)!, input.pan)}, ${sealed.value}, ${sealed.keyId}, ${current}, ${current}
    WHERE NOT EXISTS (SELECT 1 FROM card_secrets WHERE pan_hash = ANY(${others}::text[]))
    ON CONFLICT (pan_hash) DO NOTHING
    RETURNING card_id`;
  if (inserted.length !== 1) return null;
  return { pan: input.pan, maskedPan: maskPan(input.pan), bin: input.pan.slice(0, 6), last4: input.pan.slice(-4), cvvKeyId: current };
}

/**
 * Generates the card's PAN and stores it sealed, joining the caller's transaction (the card's
 * creation). A number already stored gives another draw.
 */
export async function issuePan(
  scope: CardDataScope,
  input: { cardId: string; accountId: string; bin: string; length?: number },
  opts: { digits?: DigitSource } = {},
): Promise<IssuedPan> {
  return inTransaction(scope, async (tx) => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const pan = generatePan(input.bin, input.length ?? DEFAULT_PAN_LENGTH, opts.digits ?? randomDigits);
      const issued = await insertPan(tx, scope.cardDataKeys, { cardId: input.cardId, accountId: input.accountId, pan });
      if (issued) return issued;
    }
    throw cardDataErrors.panSpaceExhausted();
  });
}

/** The card's sealed PAN and the id of its CVV key (null: the legacy root), in this tenant. */
async function secretsRow(scope: CardDataScope, input: { accountId: string; cardId: string }) {
  return inTransaction(scope, async (tx) => {
    const rows = await tx.$queryRaw<{ pan_ciphertext: string; cvv_key_id: string | null }[]>`
      SELECT pan_ciphertext, cvv_key_id FROM card_secrets WHERE card_id = ${input.cardId}::uuid AND account_id = ${input.accountId}::uuid`;
    return rows[0];
  });
}

/** The card's PAN, or null when the card has none in this tenant. Only secure details may call this. */
export async function revealPan(scope: CardDataScope, input: { accountId: string; cardId: string }): Promise<string | null> {
  const row = await secretsRow(scope, input);
  return row ? openPan(scope.cardDataKeys, input.cardId, row.pan_ciphertext) : null;
}

/** The card's PAN and the key its CVV derives from, or null when the card has none in this tenant. Only secure details may call this. */
export async function revealCardSecrets(scope: CardDataScope, input: { accountId: string; cardId: string }): Promise<{ pan: string; cvvKey: Buffer } | null> {
  const row = await secretsRow(scope, input);
  return row ? { pan: openPan(scope.cardDataKeys, input.cardId, row.pan_ciphertext), cvvKey: cvvKeyOf(scope.cardDataKeys, row.cvv_key_id) } : null;
}

/** The key a card's activation code derives from; `unreadable` when the card has no secrets row or the keyring lacks its key. */
export async function activationKeyOf(scope: CardDataScope, input: { accountId: string; cardId: string }): Promise<Buffer> {
  const row = await secretsRow(scope, input);
  if (!row) throw sealErrors.unreadable();
  return cvvKeyOf(scope.cardDataKeys, row.cvv_key_id);
}

/** The card holding this PAN within the tenant (assign card, list by card_number), by its keyed hash under any root key. */
export async function findCardIdByPan(scope: CardDataScope, input: { accountId: string; pan: string }): Promise<string | null> {
  return inTransaction(scope, async (tx) => {
    const rows = await tx.$queryRaw<{ card_id: string }[]>`
      SELECT card_id FROM card_secrets
      WHERE pan_hash = ANY(${hashesOf(scope.cardDataKeys, input.pan)}::text[]) AND account_id = ${input.accountId}::uuid`;
    return rows[0]?.card_id ?? null;
  });
}

/**
 * Stores a PAN that already exists on a plastic (CI11 assign) for a new card, joining the caller's
 * transaction. Null when the number is already stored for any card.
 */
export async function storeGivenPan(scope: CardDataScope, input: { cardId: string; accountId: string; pan: string }): Promise<IssuedPan | null> {
  return inTransaction(scope, (tx) => insertPan(tx, scope.cardDataKeys, input));
}

// Key rotation's reads and writes (rotation.ts).

/** Columns that hold a value sealed under the card data keys (seal.ts), and the subject each binds. */
export interface SealedColumn {
  table: string;
  key: string;
  column: string;
  purpose: SealPurpose;
  keyIdColumn?: string;
}

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'webhook_endpoints', key: 'id', column: 'secret_sealed', purpose: 'webhooks/endpoint-secret' },
  { table: 'auth_decision_keys', key: 'root_account_id', column: 'private_key_sealed', purpose: 'auth-decisions/private-key', keyIdColumn: 'sealing_key_id' },
  { table: 'payment_terminals', key: 'id', column: 'pin_key_sealed', purpose: 'terminals/pin-key' },
];

const keyIdOfColumn = (column: string) => `split_part(${column}, ':', 2)`;

/** The next batch of PANs after `after`, in card_id order, locked for the rotation's transaction. */
export function lockPanBatch(
  tx: Tx,
  after: string,
  batchSize: number,
): Promise<{ card_id: string; pan_ciphertext: string; key_id: string; lookup_key_id: string | null; cvv_key_id: string | null }[]> {
  return tx.$queryRaw<{ card_id: string; pan_ciphertext: string; key_id: string; lookup_key_id: string | null; cvv_key_id: string | null }[]>`
    SELECT card_id, pan_ciphertext, key_id, lookup_key_id, cvv_key_id FROM card_secrets
    WHERE card_id > ${after}::uuid
    ORDER BY card_id
    LIMIT ${batchSize}
    FOR UPDATE`;
}

/** Writes a card's PAN sealed and hashed anew, and its CVV key named. */
export async function rewritePanSecret(tx: Tx, p: { cardId: string; sealed: Sealed; panHash: string; lookupKeyId: string; cvvKeyId: string }): Promise<void> {
  await tx.$executeRaw`
      UPDATE card_secrets
         SET pan_ciphertext = ${p.sealed.value}, key_id = ${p.sealed.keyId},
             pan_hash = ${p.panHash}, lookup_key_id = ${p.lookupKeyId},
             cvv_key_id = ${p.cvvKeyId}, updated_at = now()
       WHERE card_id = ${p.cardId}::uuid`;
}

/** A batch of one column's values not sealed under `currentKeyId`, locked for the rotation's transaction. */
export function lockSealedBatch(tx: Tx, c: SealedColumn, currentKeyId: string, batchSize: number): Promise<{ subject: string; value: string }[]> {
  // Table and column names come from SEALED_COLUMNS above, never from input.
  return tx.$queryRawUnsafe<{ subject: string; value: string }[]>(
    `SELECT ${c.key}::text AS subject, ${c.column} AS value FROM ${c.table}
      WHERE ${c.column} IS NOT NULL AND ${keyIdOfColumn(c.column)} <> $1
      ORDER BY ${c.key} LIMIT $2 FOR UPDATE`,
    currentKeyId,
    batchSize,
  );
}

/** Writes one value of the column re-sealed (and its key id, where the table keeps one). */
export async function rewriteSealed(tx: Tx, c: SealedColumn, subject: string, sealed: Sealed): Promise<void> {
  await tx.$executeRawUnsafe(
    `UPDATE ${c.table} SET ${c.column} = $2${c.keyIdColumn ? `, ${c.keyIdColumn} = $3` : ''} WHERE ${c.key}::text = $1`,
    subject,
    sealed.value,
    ...(c.keyIdColumn ? [sealed.keyId] : []),
  );
}

/** How many PANs each (sealing, lookup, CVV) key triple names. */
export async function panKeyCounts(db: Database): Promise<{ key_id: string; lookup_key_id: string | null; cvv_key_id: string | null; n: string }[]> {
  const pans = await db.pool.query<{ key_id: string; lookup_key_id: string | null; cvv_key_id: string | null; n: string }>(
    'SELECT key_id, lookup_key_id, cvv_key_id, count(*) AS n FROM card_secrets GROUP BY 1, 2, 3',
  );
  return pans.rows;
}

/** How many values of the column each root key sealed. */
export async function sealedKeyCounts(db: Database, c: SealedColumn): Promise<{ id: string; n: string }[]> {
  const sealed = await db.pool.query<{ id: string; n: string }>(`SELECT ${keyIdOfColumn(c.column)} AS id, count(*) AS n FROM ${c.table} WHERE ${c.column} IS NOT NULL GROUP BY 1`);
  return sealed.rows;
}

/** How many idempotency records since `since` each root key's fingerprint keyed. */
export async function fingerprintKeyCounts(db: Database, since: Date): Promise<{ id: string; n: string }[]> {
  const fingerprints = await db.pool.query<{ id: string; n: string }>(
    "SELECT split_part(request_hash, ':', 1) AS id, count(*) AS n FROM idempotency_keys WHERE created_at >= $1 AND request_hash LIKE '%:%' GROUP BY 1",
    [since],
  );
  return fingerprints.rows;
}
