import type { Card } from '../../../generated/prisma/client';
import type { Database } from '../../../platform/db/client';
import { inTransaction, type Tx } from '../../../platform/db/tx';
import { Permission } from '../../../platform/auth/permissions';
import type { CardDataKeyring } from '../../../platform/sealing/keys';
import { deriveCvv } from '../card-data/cvv';
import { revealCardSecrets } from '../card-data/store';
import { findOwnCard } from '../cards/queries';
import type { Clock } from '../../../platform/clock/clock';
import type { RequestContext } from '../../../platform/context';
import { platformErrors } from '../../../platform/errors/platform-errors';
import { isUuid } from '../../../platform/ids/ids';
import { sealErrors } from '../../../platform/sealing/errors';
import { recordReveal, type RevealLimits, type SecretAccessChannel } from './access';
import { cardSecureErrors } from './errors';
import { expireDate, expiryMmyy } from './expiry';
import { consumePanToken, issuePanToken, PAN_TOKEN_TTL_SECONDS } from './tokens';

/** What the secure-details services need besides the request: the card-data keys and the reveal limit. */
export interface CardSecureDeps {
  cardDataKeys: CardDataKeyring;
  limits: RevealLimits;
}

export const cardSecureDeps = (s: {
  cardDataKeys: CardDataKeyring;
  config: { cardSecretRateLimit: number; cardSecretRateWindowSeconds: number; cardSecretKeyBudget: number; cardSecretKeyBudgetWindowSeconds: number };
}): CardSecureDeps => ({
  cardDataKeys: s.cardDataKeys,
  limits: {
    perWindow: s.config.cardSecretRateLimit,
    windowSeconds: s.config.cardSecretRateWindowSeconds,
    keyBudget: s.config.cardSecretKeyBudget,
    keyWindowSeconds: s.config.cardSecretKeyBudgetWindowSeconds,
  },
});

/** CI6's answer (spec: `{card_number, cvv, expire_date}`), the only view that carries the full PAN. */
export interface SecureCardDetailsView {
  cardNumber: string;
  cvv: string;
  /** MM/YY */
  expireDate: string;
}

export interface PanTokenView {
  token: string;
  expiresIn: number;
  expiresAt: Date;
}

/** Spec 5.7: revealing a card needs the permission on the API key, whichever door asks. */
function requireSecretsPermission(ctx: RequestContext): void {
  if (!ctx.principal.permissions.includes(Permission.SensitiveCardDetails)) {
    throw platformErrors.permissionDenied(Permission.SensitiveCardDetails);
  }
}

const revealableStatus = (card: Card): boolean => card.status === 'ACTIVE' || card.status === 'FROZEN';

/** A card's secrets are shown only while it can be used: ACTIVE or FROZEN, and not past its expiry_at. */
function revealable(card: Card, now: Date): boolean {
  return revealableStatus(card) && !(card.expiryAt && card.expiryAt.getTime() <= now.getTime());
}

async function secretsOf(tx: Tx, db: Database, keys: CardDataKeyring, card: Card): Promise<SecureCardDetailsView> {
  const secret = await revealCardSecrets({ db, tx, cardDataKeys: keys }, { accountId: card.accountId, cardId: card.id });
  // A card row always has its sealed PAN (written in the same transaction); a missing one is a fault.
  if (secret === null) throw sealErrors.unreadable();
  return { cardNumber: secret.pan, cvv: deriveCvv(secret.cvvKey, secret.pan, expiryMmyy(card.createdAt)), expireDate: expireDate(card.createdAt) };
}

/** Checks shared by CI6 and CI7: the permission, the card (card_not_found), its status. */
async function revealableCard(ctx: RequestContext, cardId: string): Promise<Card> {
  requireSecretsPermission(ctx);
  const card = await findOwnCard(ctx, cardId);
  if (!revealable(card, ctx.clock.now())) throw cardSecureErrors.statusNotSupported();
  return card;
}

/**
 * CI6 / GraphQL cardSecureDetails: the full number, the derived CVV and the expiry. The reveal is
 * recorded (and rate-limited per card) in the same transaction that decrypts the PAN, on the process
 * clock: a sandbox test clock moved forward must not reset a security limit.
 */
export async function revealSecureDetails(
  ctx: RequestContext,
  deps: CardSecureDeps,
  cardId: string,
  channel: SecretAccessChannel,
): Promise<SecureCardDetailsView> {
  const card = await revealableCard(ctx, cardId);
  return ctx.commit('locking', async ({ tx }) => {
    await recordReveal(tx, deps.limits, {
      accountId: card.accountId,
      cardId: card.id,
      kind: 'SECURE_DETAILS',
      channel,
      clientId: ctx.principal.clientId,
      requestId: ctx.requestId,
      at: ctx.processClock.now(),
    });
    return secretsOf(tx, ctx.db, deps.cardDataKeys, card);
  });
}

/**
 * CI7 / GraphQL createCardPanToken: a single-use token that opens the card iframe page once, within
 * 60 seconds of the process clock (real time, not the sandbox test clock). It reveals the same data
 * as CI6, so it needs the same permission and counts against the same per-card limit.
 */
export async function createPanToken(ctx: RequestContext, deps: CardSecureDeps, cardId: string, channel: SecretAccessChannel): Promise<PanTokenView> {
  const card = await revealableCard(ctx, cardId);
  const now = ctx.processClock.now();
  return ctx.commit('locking', async ({ tx }) => {
    await recordReveal(tx, deps.limits, {
      accountId: card.accountId,
      cardId: card.id,
      kind: 'PAN_TOKEN',
      channel,
      clientId: ctx.principal.clientId,
      requestId: ctx.requestId,
      at: now,
    });
    const issued = await issuePanToken(tx, { accountId: card.accountId, cardId: card.id, now });
    return { token: issued.token, expiresIn: PAN_TOKEN_TTL_SECONDS, expiresAt: issued.expiresAt };
  });
}

/** What the iframe page shows for a valid token. */
export interface IframeCardView extends SecureCardDetailsView {
  nameOnCard: string;
}

/**
 * The card iframe page: spends the token (unused, unexpired, of this card) and answers the card's
 * details, or null for anything else (no detail on why, so a probe learns nothing). The card must
 * still be ACTIVE or FROZEN when the page opens (a card cancelled after the token was made shows
 * nothing); the token's expiry is on the process clock, like its creation.
 */
export async function openIframeCard(
  deps: { db: Database; clock: Clock; cardDataKeys: CardDataKeyring },
  q: { token: string | undefined; cardId: string | undefined; requestId: string | null },
): Promise<IframeCardView | null> {
  const { token, cardId } = q;
  if (!token || !cardId || !isUuid(cardId) || token.length > 200) return null;
  const now = deps.clock.now();
  return inTransaction({ db: deps.db }, async (tx) => {
    const accountId = await consumePanToken(tx, { token, cardId, now });
    if (!accountId) return null;
    const card = await tx.card.findFirst({ where: { id: cardId, accountId } });
    if (!card || !revealableStatus(card)) return null;
    await recordReveal(tx, null, { accountId, cardId, kind: 'IFRAME_VIEW', channel: 'IFRAME', clientId: null, requestId: q.requestId, at: now });
    return { ...(await secretsOf(tx, deps.db, deps.cardDataKeys, card)), nameOnCard: card.nameOnCard };
  });
}
