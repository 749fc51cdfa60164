import { z } from 'zod';

/** The longest display_name filter taken: longer than any brand's name, bounded before it is compared. */
export const DISPLAY_NAME_FILTER_MAX = 100;

/**
 * `merchantBrands.list` filters. The Node client's type asks for display_name or merchant_code; the
 * Python client's allows neither (its test lists with only the page), so both are optional.
 */
export const merchantBrandFilter = z.object({
  display_name: z.string().max(DISPLAY_NAME_FILTER_MAX, `must be at most ${DISPLAY_NAME_FILTER_MAX} characters`).optional().describe('part of the brand name, any case'),
  merchant_code: z
    .string()
    .regex(/^\d{4}$/, 'must be 4 digits')
    .optional()
    .describe('the merchant category code, exactly'),
});
export type MerchantBrandFilter = z.output<typeof merchantBrandFilter>;

export const brandMatches = (f: MerchantBrandFilter) => (b: { merchantCode: string; displayName: string }): boolean =>
  (f.merchant_code === undefined || b.merchantCode === f.merchant_code) &&
  (f.display_name === undefined || b.displayName.toLowerCase().includes(f.display_name.toLowerCase()));
