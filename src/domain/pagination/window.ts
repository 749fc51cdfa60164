import { parseInput } from '../validation/validate';
import { listPageQuery, pageWindow, toPage, type Page } from './page';

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
 * The REST form of a list: parses page_number/page_size (the filters are parsed by `find`), runs
 * the query on that window and shapes the {total_pages, total_items, data} page.
 */
export async function restPage<T>(rawQuery: unknown, find: (window: ListWindow) => Promise<Slice<T>>): Promise<Page<T>> {
  const q = parseInput(listPageQuery, rawQuery ?? {});
  const slice = await find(pageWindow(q));
  return toPage(slice.items, slice.totalCount, q.page_size);
}
