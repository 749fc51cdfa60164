import { z } from 'zod';

/** `MerchantBrand` of the official clients. */
export const restMerchantBrand = z
  .object({ merchant_code: z.string().describe('the merchant category code'), display_name: z.string() })
  .meta({ id: 'MerchantBrand' });
