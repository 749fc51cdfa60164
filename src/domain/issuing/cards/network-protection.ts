import type { RequestContext } from '../../../platform/context';
import { parseInput } from '../../../platform/validation/validate';
import { cardErrors } from './errors';
import { addNetworkProtectionEvent } from './events';
import { lockCard } from './lifecycle';
import { findOwnCard } from './queries';
import { enrollNetworkProtectionCommand, removeNetworkProtectionCommand, toNetworkProtectionView, type NetworkActionCode, type NetworkProtectionView } from './network-protection-rules';

/**
 * The card network's protection (network-protection-rules.ts): sets the card's enrollment under its
 * row lock, with its event when it changes; asking again for what is already so changes nothing. A
 * cancelled card is past protecting: status_not_supported.
 */
async function setProtection(ctx: RequestContext, cardId: string, code: NetworkActionCode | null): Promise<NetworkProtectionView> {
  const own = await findOwnCard(ctx, cardId);
  if (own.status === 'CANCELLED') throw cardErrors.statusNotSupported();
  const now = ctx.clock.now();
  return ctx.commit('locking', async ({ tx, writes }) => {
    const cur = (await lockCard(tx, own.id))!;
    if (cur.status === 'CANCELLED') throw cardErrors.statusNotSupported();
    if (cur.networkProtectionActionCode === code) return toNetworkProtectionView(cur);
    const updated = await tx.card.update({ where: { id: cur.id }, data: { networkProtectionActionCode: code, networkProtectionUpdatedAt: now } });
    const view = toNetworkProtectionView(updated);
    addNetworkProtectionEvent(writes, code !== null ? 'card.network_protection.enrolled' : 'card.network_protection.removed', view, updated.accountId, now);
    return view;
  });
}

export async function enrollNetworkProtection(ctx: RequestContext, cardId: string, raw: unknown): Promise<NetworkProtectionView> {
  const input = parseInput(enrollNetworkProtectionCommand, raw);
  return setProtection(ctx, cardId, input.actionCode);
}

export async function removeNetworkProtection(ctx: RequestContext, cardId: string, raw: unknown): Promise<NetworkProtectionView> {
  parseInput(removeNetworkProtectionCommand, raw);
  return setProtection(ctx, cardId, null);
}
