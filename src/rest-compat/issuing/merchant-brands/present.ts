import type { z } from 'zod';
import type { MerchantBrandView } from '../../../domain/issuing/merchant-brands/view';
import type { restMerchantBrand } from './schemas';

export const toRestMerchantBrand = (b: MerchantBrandView): z.input<typeof restMerchantBrand> => ({
  merchant_code: b.merchantCode,
  display_name: b.displayName,
});
