import { z } from 'zod';

/** The longest display_name filter taken: longer than any brand's name, bounded before it is compared. */
export const DISPLAY_NAME_FILTER_MAX = 100;

/**
 * `merchantBrands.list` filters. The Node client's type asks for a display name or merchant code; the
 * Python client's allows neither (its test lists with only the page), so both are optional.
 */
export const merchantBrandFilter = z.object({
  displayName: z.string().max(DISPLAY_NAME_FILTER_MAX, `must be at most ${DISPLAY_NAME_FILTER_MAX} characters`).optional().describe('part of the brand name, any case'),
  merchantCode: z
    .string()
    .regex(/^\d{4}$/, 'must be 4 digits')
    .optional()
    .describe('the merchant category code, exactly'),
});
export type MerchantBrandFilter = z.output<typeof merchantBrandFilter>;

export const brandMatches = (f: MerchantBrandFilter) => (b: { merchantCode: string; displayName: string }): boolean =>
  (f.merchantCode === undefined || b.merchantCode === f.merchantCode) &&
  (f.displayName === undefined || b.displayName.toLowerCase().includes(f.displayName.toLowerCase()));
