import type { Tx } from '../../db/tx';
import { newId } from '../ids/ids';
import { cardSecureErrors } from './errors';

/** What a reveal was: CI6 details, a CI7 token, or the iframe page showing the card. */
export type SecretAccessKind = 'SECURE_DETAILS' | 'PAN_TOKEN' | 'IFRAME_VIEW';
export type SecretAccessChannel = 'REST' | 'GRAPHQL' | 'IFRAME';

export interface RevealLimits {
  /** Reveals per card allowed within the window. */
  perWindow: number;
  windowSeconds: number;
}

/** Only calls made with an API key count; an iframe view spends a token that was already counted. */
const LIMITED: SecretAccessKind[] = ['SECURE_DETAILS', 'PAN_TOKEN'];

/** Distinct from every other advisory lock of payrail (first key of the two-key form). */
const LOCK_SPACE = 0x63617264; // 'card'

/**
 * Records a reveal in the audit table, refusing it first when the card had `perWindow` limited
 * reveals within the window before `at`. The count and the insert run under a transaction-scoped
 * advisory lock on the card, so concurrent calls from any number of API processes serialize on the
 * database and the limit is exact; nothing lives in process memory. The lock is not the card row's,
 * so reveals never wait behind an authorization holding the card.
 */
export async function recordReveal(
  tx: Tx,
  limits: RevealLimits | null,
  r: { accountId: string; cardId: string; kind: SecretAccessKind; channel: SecretAccessChannel; clientId: string | null; requestId: string | null; at: Date },
): Promise<void> {
  if (limits) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_SPACE}::int, hashtext(${r.cardId}))`;
    const since = new Date(r.at.getTime() - limits.windowSeconds * 1000);
    const recent = await tx.cardSecretAccess.count({
      where: { accountId: r.accountId, cardId: r.cardId, kind: { in: LIMITED }, createdAt: { gt: since } },
    });
    if (recent >= limits.perWindow) throw cardSecureErrors.tooFrequent();
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
