import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { rootOf } from '../../developers/sandbox/test-clocks';
import { defineList, type PageBounds } from '../../../platform/pagination/list';
import { catalogueOrder } from '../../../platform/pagination/keyset';
import { PRODUCT_TEMPLATES } from './catalogue';
import { toCardProductView, type CardProductView } from './view';

/** Spec 4.11 / 8: card product and cardholder lists take page_size 10-100, default 10. */
export const ISSUING_PAGE: PageBounds = { minSize: 10, maxSize: 100, defaultSize: 10 };

/** The products of the acting account's tree, in catalogue order. */
export async function productsOfTree(ctx: RequestContext): Promise<CardProductView[]> {
  const rootId = rootOf(ctx.acting);
  const rootCreatedAt =
    rootId === ctx.acting.id
      ? ctx.acting.createdAt
      : (await ctx.db.prisma.account.findUniqueOrThrow({ where: { id: rootId }, select: { createdAt: true } })).createdAt;
  return PRODUCT_TEMPLATES.map((t) => toCardProductView(t, rootId, rootCreatedAt));
}

/** CI18 / GraphQL cardProducts: no filters; the page bounds of spec 4.11. */
export const cardProductList = defineList({
  filter: z.object({}),
  order: catalogueOrder('cardProducts'),
  page: ISSUING_PAGE,
  async find(ctx, _filter, page) {
    const all = await productsOfTree(ctx);
    return page.ofAll(all);
  },
});
