import type { RequestContext } from '../../../platform/context';
import { productsOfTree } from './queries';
import type { CardProductView } from './view';

/**
 * What the card-products area offers the cards area: a product of the acting account's tree by id
 * (undefined for an unknown id or another tree's product), with its card_limit minimum and its
 * supported currencies.
 */
export async function findCardProduct(ctx: RequestContext, productId: string): Promise<CardProductView | undefined> {
  return (await productsOfTree(ctx)).find((p) => p.id === productId);
}

/** CI11 assign: the tree's product issuing physical cards on a BIN (undefined when none does). */
export async function findPhysicalProduct(ctx: RequestContext, cardBin: string): Promise<CardProductView | undefined> {
  return (await productsOfTree(ctx)).find((p) => p.cardBin === cardBin && p.cardForm.includes('PHY'));
}
