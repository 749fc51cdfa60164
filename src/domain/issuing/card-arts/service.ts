import type { RequestContext } from '../../../platform/context';
import { parseInput } from '../../../platform/validation/validate';
import { cardArtErrors } from './errors';
import { recordDefaultArtEvent } from './events';
import { artsOfTree } from './queries';
import { setDefaultCardArtCommand } from './rules';
import type { DefaultCardArtView } from './view';

/**
 * `POST /v1/issuing/cards/arts/default` (the official clients' `setDefaultArt`): the acting account's
 * new cards are given this art (for cards of its product; other products keep their first art). One
 * row per account, written with its event in one transaction; the last call wins.
 */
export async function setDefaultCardArt(ctx: RequestContext, raw: unknown): Promise<DefaultCardArtView> {
  const input = parseInput(setDefaultCardArtCommand, raw);
  const art = artsOfTree(ctx).find((a) => a.id === input.cardArtId.toLowerCase());
  if (!art) throw cardArtErrors.notFound();
  const now = ctx.clock.now();
  return ctx.commit('locking', async ({ tx }) => {
    const row = { accountId: ctx.acting.id, cardArtId: art.id, updatedAt: now };
    await tx.cardArtDefault.upsert({ where: { accountId: row.accountId }, create: row, update: { cardArtId: row.cardArtId, updatedAt: now } });
    const view: DefaultCardArtView = { defaultCardArtId: art.id, updatedAt: now };
    await recordDefaultArtEvent(tx, ctx.acting.id, view);
    return view;
  });
}
