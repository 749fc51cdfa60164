import type { RequestContext } from '../platform/context';
import { findNodeKinds, nodeKindStatement } from '../platform/nodes/lookup';
import { NODE_TABLES } from './areas';

let statement: { name: string; text: string } | undefined;

/**
 * The kind of each of these ids among the acting account's rows of every table an area declares
 * (`defineArea({ nodes })`): one statement, whatever the ids and kinds. Unknown ids, ids that are
 * not UUIDs and other accounts' ids are absent alike.
 */
export function nodeKinds(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, string>> {
  statement ??= nodeKindStatement(NODE_TABLES);
  return findNodeKinds(ctx.db.pool, statement, ctx.acting.id, ids);
}
