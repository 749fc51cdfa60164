import type { RequestContext } from '../../../platform/context';
import { artsOfTree, chosenArtId, defaultArtOf } from './queries';

/**
 * What the card-arts area offers the cards area: the art a new card of a product gets (the
 * account's choice when it is one of the product's arts, else the product's first), and whether an
 * art id is one of a product's arts in the acting account's tree.
 */
export async function artForNewCard(ctx: RequestContext, cardProductId: string): Promise<string> {
  return defaultArtOf(artsOfTree(ctx), await chosenArtId(ctx), cardProductId);
}

export function isArtOfProduct(ctx: RequestContext, cardArtId: string, cardProductId: string): boolean {
  return artsOfTree(ctx).some((a) => a.id === cardArtId.toLowerCase() && a.cardProductId === cardProductId);
}
