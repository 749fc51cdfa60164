import { isUuid } from '../ids/ids';

/**
 * A finder of many objects by id (GraphQL's per-request loaders: `node(id)`, `nodes(ids)` and the
 * object fields beside foreign keys): the ids that can be a row's (UUIDs, once each) are read with
 * one statement, `read`, which scopes them to the acting account as the area's lookup of one does;
 * each row found becomes its view. An id not found is absent from the answer.
 */
export async function viewsByIds<R extends { id: string }, V>(
  ids: readonly string[],
  read: (valid: string[]) => Promise<readonly R[]>,
  toViews: (rows: readonly R[]) => V[] | Promise<V[]>,
): Promise<Map<string, V>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Map();
  const rows = await read(valid);
  const views = await toViews(rows);
  return new Map(rows.map((r, i) => [r.id, views[i]!]));
}

/** `toViews` for a view made from its row alone. */
export const eachRow =
  <R, V>(toView: (row: R) => V) =>
  (rows: readonly R[]): V[] =>
    rows.map(toView);
