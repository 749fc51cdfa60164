import type { CardDataKeyring } from '../../../platform/sealing/keys';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import { invalidField, parseInput } from '../../../platform/validation/validate';
import { treePublicKey } from './keys';
import { readEncryptionKey } from './pgp';
import { configureAuthDecisionCommand } from './rules';
import { toAuthDecisionConfigView, type AuthDecisionConfigView } from './view';

/** The configuration services need the card-data keys: payrail's private key is sealed with them. */
export interface AuthDecisionKeys {
  cardDataKeys: CardDataKeyring;
}

/** GET /v1/issuing/auth_decision: the acting account's configuration and its tree's public key. */
export async function getAuthDecisionConfig(ctx: RequestContext, deps: AuthDecisionKeys): Promise<AuthDecisionConfigView> {
  const payrailKey = await treePublicKey(ctx.db, deps.cardDataKeys, rootOf(ctx.acting), ctx.processClock.now());
  const row = await ctx.db.prisma.authDecisionConfig.findUnique({ where: { accountId: ctx.acting.id } });
  return toAuthDecisionConfigView(row, payrailKey);
}

/**
 * POST /v1/issuing/auth_decision: stores the acting account's configuration (enabled unless the body
 * says `enabled: false`), or with `{"enabled": false}` alone turns the stored one off. The customer's
 * key must parse as an armored public key that can encrypt. payrail's key pair is made first, outside
 * the write, so the answer always carries it.
 */
export async function configureAuthDecision(ctx: RequestContext, deps: AuthDecisionKeys, raw: unknown): Promise<AuthDecisionConfigView> {
  const input = parseInput(configureAuthDecisionCommand, raw);
  const payrailKey = await treePublicKey(ctx.db, deps.cardDataKeys, rootOf(ctx.acting), ctx.processClock.now());
  const now = ctx.clock.now();
  if (input.url === undefined || input.publicKey === undefined || input.timeoutStrategy === undefined) {
    // `{"enabled": false}` alone (rules.ts refuses any other partial body).
    const row = await ctx.commit('locking', async ({ tx }) => {
      await tx.authDecisionConfig.updateMany({ where: { accountId: ctx.acting.id }, data: { enabled: false, updatedAt: now } });
      return tx.authDecisionConfig.findUnique({ where: { accountId: ctx.acting.id } });
    });
    return toAuthDecisionConfigView(row, payrailKey);
  }
  const problem = await readEncryptionKey(input.publicKey);
  if (typeof problem === 'string') throw invalidField('publicKey', `${problem}`);
  const data = { url: input.url, publicKey: input.publicKey.trim(), timeoutStrategy: input.timeoutStrategy, enabled: input.enabled ?? true, updatedAt: now };
  const row = await ctx.commit('locking', ({ tx }) =>
    tx.authDecisionConfig.upsert({ where: { accountId: ctx.acting.id }, create: { accountId: ctx.acting.id, createdAt: now, ...data }, update: data }),
  );
  return toAuthDecisionConfigView(row, payrailKey);
}
