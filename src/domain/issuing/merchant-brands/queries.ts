import { ISSUING_PAGE } from '../products/queries';
import { defineList } from '../../../platform/pagination/list';
import { listOrder } from '../../../platform/pagination/keyset';
import { MERCHANT_BRANDS } from './catalogue';
import { brandMatches, merchantBrandFilter } from './rules';
import type { MerchantBrandView } from './view';

/** `GET /v1/issuing/merchant_brands` / GraphQL merchantBrands: by name, then code; 10-100 a page as the issuing lists. */
export const merchantBrandList = defineList({
  filter: merchantBrandFilter,
  order: listOrder('merchantBrands', 'asc', ['displayName', 'text'], ['merchantCode', 'text']),
  page: ISSUING_PAGE,
  async find(_ctx, filter, page) {
    const all: MerchantBrandView[] = MERCHANT_BRANDS.filter(brandMatches(filter)).map((b) => ({ ...b }));
    return page.ofAll(all);
  },
});
