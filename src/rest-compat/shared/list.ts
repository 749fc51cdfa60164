import { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { findSlice, type AreaList } from '../../platform/pagination/list';
import { pageQuery, pageWindow } from '../../platform/pagination/page';
import { parseInput } from '../../platform/validation/validate';
import type { RestInput, RestResult } from '../route';
import type { WireCommand } from './command';

/** Page[X] of the catalogue: `{total_pages, total_items, data}`. */
export const restPageSchema = <S extends z.ZodType>(item: S) =>
  z.object({ total_pages: z.number().int(), total_items: z.number().int(), data: z.array(item) });

/**
 * The one REST list: page_number/page_size (the list's bounds) and the area's filters read from
 * the query string, the area's finder, and the page of presented items. Spread into a route
 * declaration; `query` and `response` document it (OpenAPI) with the same schemas that parse it.
 */
export function listRoute<F, V, S extends z.ZodType>(
  list: AreaList<F, V>,
  present: (view: V, input: RestInput) => z.input<S>,
  item: S,
  /** The filter's wire form, for a list whose filter the domain reads in its own names. */
  wire?: WireCommand,
) {
  const page = pageQuery(list.page);
  return {
    query: [page, wire?.schema ?? list.filter] as z.ZodType[],
    ...(wire ? { names: wire.names } : {}),
    response: restPageSchema(item),
    // The presenter also sees the request (payments put this request's origin in front of a page path).
    handler: async (ctx: RequestContext, input: RestInput): Promise<RestResult> => {
      const { query } = input;
      const p = parseInput(page, query ?? {});
      const slice = await findSlice(ctx, list, wire ? wire.toCommand(query) : query, pageWindow(p));
      return {
        body: { total_pages: Math.ceil(slice.totalCount / p.page_size), total_items: slice.totalCount, data: slice.items.map((v) => present(v, input)) },
      };
    },
  };
}
