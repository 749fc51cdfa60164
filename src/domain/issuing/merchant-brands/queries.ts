import { ISSUING_PAGE } from '../products/queries';
import { defineList } from '../../../platform/pagination/list';
import { MERCHANT_BRANDS } from './catalogue';
import { brandMatches, merchantBrandFilter } from './rules';
import type { MerchantBrandView } from './view';

/** `GET /v1/issuing/merchant_brands` / GraphQL merchantBrands: by name, then code; 10-100 a page as the issuing lists. */
export const merchantBrandList = defineList({
  filter: merchantBrandFilter,
  page: ISSUING_PAGE,
  async find(_ctx, filter, window) {
    const all: MerchantBrandView[] = MERCHANT_BRANDS.filter(brandMatches(filter)).map((b) => ({ ...b }));
    return { items: all.slice(window.skip, window.skip + window.take), totalCount: all.length };
  },
});
