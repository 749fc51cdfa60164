import type { Tx } from '../../../platform/db/tx';

/**
 * Marks the token of this card used, if it is unused and unexpired, in one statement (so two
 * concurrent views of one token show the card once); answers the owning account, or null.
 */
export async function markTokenUsed(tx: Tx, tokenHash: string, cardId: string, now: Date): Promise<string | null> {
  const rows = await tx.$queryRaw<{ account_id: string }[]>`
    UPDATE card_pan_tokens SET used_at = ${now}
    WHERE token_hash = ${tokenHash} AND card_id = ${cardId}::uuid AND used_at IS NULL AND expires_at > ${now}
    RETURNING account_id::text`;
  return rows[0]?.account_id ?? null;
}

/** Distinct from every other advisory lock of payrail (first key of the two-key form). */
const CARD_LOCK_SPACE = 0x63617264; // 'card'
const KEY_LOCK_SPACE = 0x6b657973; // 'keys'

/** Serialises the reveals of one API key until the transaction ends. */
export async function lockRevealsOfKey(tx: Tx, clientId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${KEY_LOCK_SPACE}::int, hashtext(${clientId}))`;
}

/** Serialises the reveals of one card until the transaction ends (not the card row's lock: no wait behind an authorization). */
export async function lockRevealsOfCard(tx: Tx, cardId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CARD_LOCK_SPACE}::int, hashtext(${cardId}))`;
}

/** The card's reveals of these kinds after `since`, newest first, at most `max`. */
export function recentRevealsOfCard(tx: Tx, accountId: string, cardId: string, kinds: readonly string[], since: Date, max: number): Promise<{ created_at: Date }[]> {
  return tx.$queryRaw<{ created_at: Date }[]>`
    SELECT created_at FROM card_secret_access
    WHERE account_id = ${accountId}::uuid AND card_id = ${cardId}::uuid AND kind = ANY(${kinds}::text[]) AND created_at > ${since}
    ORDER BY created_at DESC LIMIT ${max}`;
}

/** The API key's reveals of these kinds after `since`, over all its cards, newest first, at most `max`. */
export function recentRevealsOfKey(tx: Tx, clientId: string, kinds: readonly string[], since: Date, max: number): Promise<{ created_at: Date }[]> {
  return tx.$queryRaw<{ created_at: Date }[]>`
    SELECT created_at FROM card_secret_access
    WHERE client_id = ${clientId} AND kind = ANY(${kinds}::text[]) AND created_at > ${since}
    ORDER BY created_at DESC LIMIT ${max}`;
}
