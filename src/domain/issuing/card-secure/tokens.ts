import { createHash } from 'node:crypto';
import type { Tx } from '../../../platform/db/tx';
import { randomSecret } from '../../../platform/ids/ids';
import { markTokenUsed } from './store';

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
  return markTokenUsed(tx, hashPanToken(r.token), r.cardId, r.now);
}
