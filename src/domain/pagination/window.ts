// Legacy: removed as each area moves to the list contract (list.ts).
import { parseInput } from '../validation/validate';
import type { ListWindow, Slice } from './list';
import { listPageQuery, pageWindow, toPage, type Page } from './page';

export type { ListWindow, Slice };

/** @deprecated use listRoute (rest-compat/shared/list.ts) with an AreaList */
export async function restPage<T>(rawQuery: unknown, find: (window: ListWindow) => Promise<Slice<T>>): Promise<Page<T>> {
  const q = parseInput(listPageQuery, rawQuery ?? {});
  const slice = await find(pageWindow(q));
  return toPage(slice.items, slice.totalCount, q.page_size);
}
