import { parseInput } from '../validation/validate';
import { pageQuery, pageWindow, toPage, type Page } from './page';

/** A slice of a list: what both doors ask for (REST from page_number/page_size, GraphQL from first/after). */
export interface ListWindow {
  skip: number;
  take: number;
}

export interface Slice<T> {
  items: T[];
  totalCount: number;
}

/**
 * page_size 1-100 (default 10), page_number >= 1 (default 1) for the /v1 lists of balances,
 * deposits and transfers: the catalogue marks both required (ref always sends them); the bounds
 * follow the settlement list, the one /v1-style list the specification bounds.
 */
export const listPageQuery = pageQuery({ minSize: 1, maxSize: 100, defaultSize: 10 });

/**
 * The REST form of a list: parses page_number/page_size (the filters are parsed by `find`), runs
 * the query on that window and shapes the {total_pages, total_items, data} page.
 */
export async function restPage<T>(rawQuery: unknown, find: (window: ListWindow) => Promise<Slice<T>>): Promise<Page<T>> {
  const q = parseInput(listPageQuery, rawQuery ?? {});
  const slice = await find(pageWindow(q));
  return toPage(slice.items, slice.totalCount, q.page_size);
}
