import { createHash } from 'node:crypto';
import type { Tx } from '../../../platform/db/tx';
import { randomSecret } from '../../../platform/ids/ids';

/** CI7's fixture: a PAN token lives 60 seconds. */
export const PAN_TOKEN_TTL_SECONDS = 60;

/** Tokens carry 256 random bits, so SHA-256 is a safe verifier (as for API keys). */
export const hashPanToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Stores a new token for the card (only its hash) and returns it with its expiry. */
export async function issuePanToken(tx: Tx, r: { accountId: string; cardId: string; now: Date }): Promise<{ token: string; expiresAt: Date }> {
  const token = randomSecret(32);
  const expiresAt = new Date(r.now.getTime() + PAN_TOKEN_TTL_SECONDS * 1000);
  await tx.cardPanToken.create({
    data: { tokenHash: hashPanToken(token), accountId: r.accountId, cardId: r.cardId, expiresAt, createdAt: r.now },
  });
  return { token, expiresAt };
}

/**
 * Spends a token of this card: one statement marks it used only if it is unused and unexpired, so two
 * concurrent views of one token show the card once. Returns the owning account, or null.
 */
export async function consumePanToken(tx: Tx, r: { token: string; cardId: string; now: Date }): Promise<string | null> {
  const rows = await tx.$queryRaw<{ account_id: string }[]>`
    UPDATE card_pan_tokens SET used_at = ${r.now}
    WHERE token_hash = ${hashPanToken(r.token)} AND card_id = ${r.cardId}::uuid AND used_at IS NULL AND expires_at > ${r.now}
    RETURNING account_id::text`;
  return rows[0]?.account_id ?? null;
}
