import type { Database } from '../../db/client';
import { inTransaction, type Tx, type TxScope } from '../../db/tx';
import { cardDataErrors } from './errors';
import type { CardDataKeyring } from './keys';
import { DEFAULT_PAN_LENGTH, generatePan, maskPan, panLookupHash, randomDigits, type DigitSource } from './pan';
import { openPan, sealPan } from './seal';

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
}

/** Clashes are rare (a 16-digit PAN on a 6-digit BIN leaves 10^9 numbers); many in a row mean a full BIN. */
const MAX_ATTEMPTS = 20;

/**
 * Generates the card's PAN and stores it sealed, joining the caller's transaction (the card's
 * creation). The unique PAN hash decides clashes: `ON CONFLICT DO NOTHING` inserts nothing when the
 * number exists (waiting for a concurrent insert of the same number to commit or roll back), and a
 * new number is drawn. The insert never fails, so the caller's transaction stays usable.
 */
export async function issuePan(
  scope: CardDataScope,
  input: { cardId: string; accountId: string; bin: string; length?: number },
  opts: { digits?: DigitSource } = {},
): Promise<IssuedPan> {
  const keys = scope.cardDataKeys;
  return inTransaction(scope, async (tx) => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const pan = generatePan(input.bin, input.length ?? DEFAULT_PAN_LENGTH, opts.digits ?? randomDigits);
      const sealed = sealPan(keys, input.cardId, pan);
      const inserted = await tx.$queryRaw<{ card_id: string }[]>`
        INSERT INTO card_secrets (card_id, account_id, pan_hash, pan_ciphertext, key_id)
        VALUES (${input.cardId}::uuid, ${input.accountId}::uuid, ${panLookupHash(keys.panLookupKey, pan)}, ${sealed.value}, ${sealed.keyId})
        ON CONFLICT (pan_hash) DO NOTHING
        RETURNING card_id`;
      if (inserted.length === 1) return { pan, maskedPan: maskPan(pan), bin: input.bin, last4: pan.slice(-4) };
    }
    throw cardDataErrors.panSpaceExhausted();
  });
}

/** The card's PAN, or null when the card has none in this tenant. Only secure details may call this. */
export async function revealPan(scope: CardDataScope, input: { accountId: string; cardId: string }): Promise<string | null> {
  return inTransaction(scope, async (tx) => {
    const rows = await tx.$queryRaw<{ pan_ciphertext: string }[]>`
      SELECT pan_ciphertext FROM card_secrets WHERE card_id = ${input.cardId}::uuid AND account_id = ${input.accountId}::uuid`;
    return rows[0] ? openPan(scope.cardDataKeys, input.cardId, rows[0].pan_ciphertext) : null;
  });
}

/** The card holding this PAN within the tenant (assign card, list by card_number), by its keyed hash. */
export async function findCardIdByPan(scope: CardDataScope, input: { accountId: string; pan: string }): Promise<string | null> {
  return inTransaction(scope, async (tx) => {
    const rows = await tx.$queryRaw<{ card_id: string }[]>`
      SELECT card_id FROM card_secrets
      WHERE pan_hash = ${panLookupHash(scope.cardDataKeys.panLookupKey, input.pan)} AND account_id = ${input.accountId}::uuid`;
    return rows[0]?.card_id ?? null;
  });
}

/**
 * Stores a PAN that already exists on a plastic (CI11 assign) for a new card, joining the caller's
 * transaction. Null when the number is already stored for any card: the unique PAN hash decides,
 * as for issuePan, and the insert never fails, so the caller's transaction stays usable.
 */
export async function storeGivenPan(scope: CardDataScope, input: { cardId: string; accountId: string; pan: string }): Promise<IssuedPan | null> {
  const keys = scope.cardDataKeys;
  return inTransaction(scope, async (tx) => {
    const sealed = sealPan(keys, input.cardId, input.pan);
    const inserted = await tx.$queryRaw<{ card_id: string }[]>`
      INSERT INTO card_secrets (card_id, account_id, pan_hash, pan_ciphertext, key_id)
      VALUES (${input.cardId}::uuid, ${input.accountId}::uuid, ${panLookupHash(keys.panLookupKey, input.pan)}, ${sealed.value}, ${sealed.keyId})
      ON CONFLICT (pan_hash) DO NOTHING
      RETURNING card_id`;
    return inserted.length === 1 ? { pan: input.pan, maskedPan: maskPan(input.pan), bin: input.pan.slice(0, 6), last4: input.pan.slice(-4) } : null;
  });
}

export interface RotationResult {
  keyId: string;
  reencrypted: number;
  batches: number;
}

/**
 * Re-seals every PAN not sealed under the current key, in batches of `batchSize`, one transaction per
 * batch. Rows are locked (FOR UPDATE) so a concurrent rotation waits and then skips what was done;
 * a value that does not open stops the run with `unreadable` (its key is missing from the keyring).
 */
export async function rotateCardDataKey(deps: { db: Database; cardDataKeys: CardDataKeyring }, opts: { batchSize?: number } = {}): Promise<RotationResult> {
  const keys = deps.cardDataKeys;
  const batchSize = opts.batchSize ?? 500;
  let reencrypted = 0;
  let batches = 0;
  for (;;) {
    const done = await deps.db.prisma.$transaction((tx) => reencryptBatch(tx, keys, batchSize), { maxWait: 10_000, timeout: 60_000 });
    if (done === 0) break;
    reencrypted += done;
    batches++;
  }
  return { keyId: keys.currentKeyId, reencrypted, batches };
}

async function reencryptBatch(tx: Tx, keys: CardDataKeyring, batchSize: number): Promise<number> {
  const rows = await tx.$queryRaw<{ card_id: string; pan_ciphertext: string }[]>`
    SELECT card_id, pan_ciphertext FROM card_secrets
    WHERE key_id <> ${keys.currentKeyId}
    ORDER BY card_id
    LIMIT ${batchSize}
    FOR UPDATE`;
  for (const row of rows) {
    const sealed = sealPan(keys, row.card_id, openPan(keys, row.card_id, row.pan_ciphertext));
    await tx.$executeRaw`
      UPDATE card_secrets SET pan_ciphertext = ${sealed.value}, key_id = ${sealed.keyId}, updated_at = now()
      WHERE card_id = ${row.card_id}::uuid`;
  }
  return rows.length;
}
