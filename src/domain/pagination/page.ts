import { z } from 'zod';

/** page_number / page_size of the REST lists (catalogue section 7): numbers given as query strings. */
export function pageQuery(opts: { minSize: number; maxSize: number; defaultSize: number }) {
  const int = (field: string, min: number, max: number) =>
    z
      .union([z.string(), z.number()])
      .transform((v, ctx) => {
        const n = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v) : NaN;
        if (!Number.isInteger(n) || n < min || n > max) {
          ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max}`, path: [] });
          return z.NEVER;
        }
        return n;
      })
      .describe(field);
  return z.object({
    page_number: int('page_number', 1, Number.MAX_SAFE_INTEGER).default(1),
    page_size: int('page_size', opts.minSize, opts.maxSize).default(opts.defaultSize),
  });
}

/**
 * The bounds of payrail's lists: page_size 1-100 (default 10), page_number >= 1 (default 1). The
 * catalogue marks both required on /v1 lists (ref always sends them); the bounds follow the one list
 * the specification bounds (settlements). Products and cardholders (10-100) build their own.
 */
export const listPageQuery = pageQuery({ minSize: 1, maxSize: 100, defaultSize: 10 });

export interface Page<T> {
  totalPages: number;
  totalItems: number;
  items: T[];
}

export const pageWindow = (p: { page_number: number; page_size: number }) => ({
  skip: (p.page_number - 1) * p.page_size,
  take: p.page_size,
});

export function toPage<T>(items: T[], totalItems: number, pageSize: number): Page<T> {
  return { items, totalItems, totalPages: Math.ceil(totalItems / pageSize) };
}
