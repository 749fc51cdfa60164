import type { Tx } from '../../../platform/db/tx';
import { newId } from '../../../platform/ids/ids';
import { cardSecureErrors } from './errors';
import { lockRevealsOfCard, lockRevealsOfKey, recentRevealsOfCard, recentRevealsOfKey } from './store';

/** What a reveal was: CI6 details, a CI7 token, or the iframe page showing the card. */
export type SecretAccessKind = 'SECURE_DETAILS' | 'PAN_TOKEN' | 'IFRAME_VIEW';
export type SecretAccessChannel = 'REST' | 'GRAPHQL' | 'IFRAME';

export interface RevealLimits {
  /** Reveals per card allowed within the window. */
  perWindow: number;
  windowSeconds: number;
  /** Reveals one API key may make within its window, over every card it can see. */
  keyBudget: number;
  keyWindowSeconds: number;
}

/** Only calls made with an API key count; an iframe view spends a token that was already counted. */
const LIMITED: SecretAccessKind[] = ['SECURE_DETAILS', 'PAN_TOKEN'];

/**
 * Records a reveal in the audit table, refusing it first when the card had `perWindow` limited
 * reveals within its window before `at`, or the API key had `keyBudget` within its own window, over
 * all its cards: the per-card limit slows a look at one card, the key's budget a harvest of many.
 * The counts and the insert run under transaction-scoped advisory locks on the key and on the card
 * (taken in that order by every reveal), so concurrent calls from any number of API processes
 * serialize on the database and both limits are exact; nothing lives in process memory. The locks
 * are not the card row's, so reveals never wait behind an authorization holding the card. A refusal
 * says when the oldest counted reveal leaves its window (Retry-After).
 */
export async function recordReveal(
  tx: Tx,
  limits: RevealLimits | null,
  r: { accountId: string; cardId: string; kind: SecretAccessKind; channel: SecretAccessChannel; clientId: string | null; requestId: string | null; at: Date },
): Promise<void> {
  if (limits) {
    if (r.clientId !== null) await lockRevealsOfKey(tx, r.clientId);
    await lockRevealsOfCard(tx, r.cardId);
    const cardWait = await secondsUntilRoom((since, max) => recentRevealsOfCard(tx, r.accountId, r.cardId, LIMITED, since, max), limits.perWindow, limits.windowSeconds, r.at);
    if (cardWait !== undefined) throw cardSecureErrors.tooFrequent(cardWait);
    if (r.clientId !== null) {
      const clientId = r.clientId;
      const keyWait = await secondsUntilRoom((since, max) => recentRevealsOfKey(tx, clientId, LIMITED, since, max), limits.keyBudget, limits.keyWindowSeconds, r.at);
      if (keyWait !== undefined) throw cardSecureErrors.keyBudgetSpent(keyWait);
    }
  }
  await tx.cardSecretAccess.create({
    data: {
      id: newId(),
      accountId: r.accountId,
      cardId: r.cardId,
      kind: r.kind,
      channel: r.channel,
      clientId: r.clientId,
      requestId: r.requestId,
      createdAt: r.at,
    },
  });
}

/** The limited reveals since a time, newest first, at most `max` of them. */
type RecentReveals = (since: Date, max: number) => Promise<{ created_at: Date }[]>;

/**
 * undefined when fewer than `max` limited reveals (as `read` reads them, newest first) fall within
 * the window ending at `at`; otherwise the whole seconds until the max-th newest of them leaves it.
 * Reads at most `max` rows (an index range), never a count of the whole history.
 */
async function secondsUntilRoom(read: RecentReveals, max: number, windowSeconds: number, at: Date): Promise<number | undefined> {
  const since = new Date(at.getTime() - windowSeconds * 1000);
  const recent = await read(since, max);
  if (recent.length < max) return undefined;
  const freesAt = recent[max - 1]!.created_at.getTime() + windowSeconds * 1000;
  return Math.max(1, Math.ceil((freesAt - at.getTime()) / 1000));
}
