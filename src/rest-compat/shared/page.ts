import type { Page } from '../../domain/pagination/page';

/** Page[X] of the catalogue: {total_pages, total_items, data}. */
export const toRestPage = <T, R>(page: Page<T>, present: (item: T) => R) => ({
  total_pages: page.totalPages,
  total_items: page.totalItems,
  data: page.items.map(present),
});
