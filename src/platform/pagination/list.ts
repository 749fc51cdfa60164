import type { z } from 'zod';
import type { RequestContext } from '../context';
import { parseInput } from '../validation/validate';

/**
 * The one list contract of payrail. An area declares each of its lists once (`defineList`): the
 * filter schema in wire names, its page bounds and a finder that returns one slice of view types.
 * The REST page (`{total_pages, total_items, data}`) and the GraphQL connection are each built
 * from it by one helper of their door (rest-compat/shared/list.ts, resolvers/shared/operations.ts).
 */

/** Which items of a list a caller asked for: REST from page_number/page_size, GraphQL from first/after. */
export interface ListWindow {
  skip: number;
  take: number;
}

/** One window of a list and the size of the whole list. */
export interface Slice<T> {
  items: T[];
  totalCount: number;
}

/** page_size bounds of a list (spec 8); GraphQL's `first` is clamped to the same maximum. */
export interface PageBounds {
  minSize: number;
  maxSize: number;
  defaultSize: number;
}

/**
 * payrail's lists: page_size 1-100 (default 10), page_number >= 1 (default 1). The catalogue marks
 * both required on /v1 lists (ref always sends them); the bounds follow the one list the
 * specification bounds (settlements). Card products and cardholders declare 10-100.
 */
export const DEFAULT_PAGE: PageBounds = { minSize: 1, maxSize: 100, defaultSize: 10 };

export interface AreaList<F, V> {
  /** Filters as the REST query names them; GraphQL maps its filter input onto the same names. */
  filter: z.ZodType<F>;
  page: PageBounds;
  /** Items visible to the acting account that match, in the list's documented order. */
  find(ctx: RequestContext, filter: F, window: ListWindow): Promise<Slice<V>>;
}

export const defineList = <F, V>(list: Omit<AreaList<F, V>, 'page'> & { page?: PageBounds }): AreaList<F, V> => ({
  page: DEFAULT_PAGE,
  ...list,
});

/** Parses the raw filter with the one parser and runs the finder on a window. */
export async function findSlice<F, V>(ctx: RequestContext, list: AreaList<F, V>, rawFilter: unknown, window: ListWindow): Promise<Slice<V>> {
  const filter = parseInput(list.filter, rawFilter ?? {});
  return list.find(ctx, filter, window);
}

/** The common finder body: the rows of one window and the count, in parallel, as views. */
export async function sliceOf<R, V>(rows: Promise<R[]>, count: Promise<number>, view: (row: R) => V): Promise<Slice<V>> {
  const [items, totalCount] = await Promise.all([rows, count]);
  return { items: items.map(view), totalCount };
}
