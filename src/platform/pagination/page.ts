import { z } from 'zod';
import type { ListWindow, PageBounds } from './list';

/** page_number / page_size of the REST lists (catalogue section 7): numbers given as query strings. */
export function pageQuery(bounds: PageBounds) {
  const int = (min: number, max: number) =>
    z.union([z.string(), z.number()]).transform((v, ctx) => {
      const n = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max}`, path: [] });
        return z.NEVER;
      }
      return n;
    })
    // Documented as what it is on the wire (rest-compat/openapi/schemas.ts): an integer in range.
    .meta({ type: 'integer', minimum: min, maximum: max });
  return z.object({
    page_number: int(1, Number.MAX_SAFE_INTEGER).default(1),
    page_size: int(bounds.minSize, bounds.maxSize).default(bounds.defaultSize),
  });
}

export type PageQuery = z.output<ReturnType<typeof pageQuery>>;

export const pageWindow = (p: PageQuery): ListWindow => ({ skip: (p.page_number - 1) * p.page_size, take: p.page_size });
