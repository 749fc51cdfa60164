import type { RequestContext } from '../../../platform/context';
import { rootOf } from '../../developers/sandbox/test-clocks';
import { findCardProduct } from '../products/contract';
import { productIdOf } from '../products/catalogue';
import { cardErrors } from '../cards/errors';
import { parseInput } from '../../../platform/validation/validate';
import { ART_TEMPLATES, artIdOf } from './catalogue';
import { listCardArtsQuery } from './rules';
import type { CardArtListView, CardArtView } from './view';

/** One art of the acting account's tree: its id and its product's id there. */
export interface TreeArt {
  id: string;
  cardProductId: string;
  description: string;
}

/** The arts of the acting account's tree, in catalogue order. */
export function artsOfTree(ctx: RequestContext): TreeArt[] {
  const root = rootOf(ctx.acting);
  return ART_TEMPLATES.map((t) => ({ id: artIdOf(root, t), cardProductId: productIdOf(root, t.productKey), description: t.description }));
}

/** The art the acting account chose for its new cards, when it chose one. */
export async function chosenArtId(ctx: RequestContext): Promise<string | null> {
  const row = await ctx.db.prisma.cardArtDefault.findUnique({ where: { accountId: ctx.acting.id }, select: { cardArtId: true } });
  return row?.cardArtId ?? null;
}

/**
 * The art a new card gets: the account's choice when it is an art of the card's product, else the
 * product's first art. Without a product (the whole list), the account's choice, else the first art.
 */
export function defaultArtOf(arts: TreeArt[], chosen: string | null, cardProductId?: string): string {
  const candidates = cardProductId === undefined ? arts : arts.filter((a) => a.cardProductId === cardProductId);
  return candidates.find((a) => a.id === chosen)?.id ?? candidates[0]!.id;
}

/**
 * `GET /v1/issuing/cards/arts` (the official clients' `listArts`): the tree's arts, of one product
 * when `cardProductId` names one (an unknown or another tree's product answers product_not_found,
 * as CI1 does), with the art new cards get.
 */
export async function listCardArts(ctx: RequestContext, raw: unknown): Promise<CardArtListView> {
  const { cardProductId: productId } = parseInput(listCardArtsQuery, raw);
  if (productId !== undefined && !(await findCardProduct(ctx, productId))) throw cardErrors.productNotFound();
  const arts = artsOfTree(ctx).filter((a) => productId === undefined || a.cardProductId === productId);
  const defaultCardArtId = defaultArtOf(arts, await chosenArtId(ctx), productId);
  const views: CardArtView[] = arts.map((a) => ({ ...a, isDefault: a.id === defaultCardArtId, isSystemConfig: true }));
  return { defaultCardArtId, arts: views };
}
