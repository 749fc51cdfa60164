import type { z } from 'zod';
import type { RequestContext } from '../context';
import { parseInput } from '../validation/validate';
import type { ListOrder, SortKey } from './keyset';
import { ListPage } from './page-reader';

/**
 * The one list contract of payrail. An area declares each of its lists once (`defineList`): the
 * filter schema in wire names, its page bounds, its order and a finder that returns one slice of
 * view types. The REST page (`{total_pages, total_items, data}`) and the GraphQL connection are
 * each built from it by one helper of their door (rest-compat/shared/list.ts,
 * resolvers/shared/operations.ts).
 */

/** REST's window: page_number/page_size as an offset (the official clients' paging, kept as it is). */
export interface OffsetWindow {
  kind?: 'offset';
  skip: number;
  take: number;
}

/**
 * GraphQL's window: the rows after `after` and before `before` (sort keys of the list's order),
 * the first `take` of them reading forward, or the last `take` reading backward.
 */
export interface KeysetWindow {
  kind: 'keyset';
  take: number;
  backward: boolean;
  after?: SortKey;
  before?: SortKey;
}

/** Which items of a list a caller asked for. */
export type ListWindow = OffsetWindow | KeysetWindow;

/** One window of a list and the size of the whole list. */
export interface Slice<T> {
  items: T[];
  totalCount: number;
  /** A keyset window's answer: each item's sort key, and whether more rows lie past the window in the direction read. */
  keys?: SortKey[];
  more?: boolean;
}

/** page_size bounds of a list (spec 8); GraphQL's `first` and `last` have the same maximum. */
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
  /** The list's documented order, the one its finder reads in and its cursors name rows by. */
  order: ListOrder;
  /** Items visible to the acting account that match, in the list's documented order. */
  find(ctx: RequestContext, filter: F, window: ListWindow): Promise<Slice<V>>;
}

/** What an area writes: its finder reads through the page (page-reader.ts), which knows the order and the window. */
export interface ListDeclaration<F, V> {
  filter: z.ZodType<F>;
  page?: PageBounds;
  order: ListOrder;
  find(ctx: RequestContext, filter: F, page: ListPage): Promise<Slice<V>>;
}

export const defineList = <F, V>(list: ListDeclaration<F, V>): AreaList<F, V> => ({
  filter: list.filter,
  page: list.page ?? DEFAULT_PAGE,
  order: list.order,
  find: (ctx, filter, window) => list.find(ctx, filter, new ListPage(list.order, window)),
});

/** Parses the raw filter with the one parser and runs the finder on a window. */
export async function findSlice<F, V>(ctx: RequestContext, list: AreaList<F, V>, rawFilter: unknown, window: ListWindow): Promise<Slice<V>> {
  const filter = parseInput(list.filter, rawFilter ?? {});
  return list.find(ctx, filter, window);
}
