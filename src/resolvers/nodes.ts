import { GraphQLError } from 'graphql';
import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/context';
import { NODE_TABLES } from '../domain/areas';
import { NODE_TYPES } from './areas';
import type { GraphQLContext } from './context';
import { asNode, Node, type NodeType } from './shared/node';

/** The most ids one `nodes` call takes: a page's worth, as a connection's `first`. */
export const MAX_NODE_IDS = 100;

/** Every node type by kind; a row kind an area declares without a node type in its door is a start-up error. */
function byKind(types: readonly NodeType[]): Map<string, NodeType> {
  const out = new Map<string, NodeType>();
  for (const t of types) {
    if (out.has(t.kind)) throw new Error(`two node types of kind ${t.kind}`);
    out.set(t.kind, t);
  }
  for (const { kind } of NODE_TABLES) {
    const t = out.get(kind);
    if (!t || t.owns) throw new Error(`node kind ${kind} has a table but no row node type in the GraphQL door`);
  }
  return out;
}

const TYPES = byKind(NODE_TYPES);
const DERIVED = NODE_TYPES.filter((t) => t.owns);

/**
 * One object by id: an object without a row is recognised by its id's form (no statement); any other
 * id's kind is found by the one batched lookup over the declared tables, and the object is then read
 * through its kind's per-request loader. Unknown, malformed and other accounts' ids are all null.
 */
async function resolveNode(gctx: GraphQLContext, ctx: RequestContext, raw: string): Promise<object | null> {
  const derived = DERIVED.find((t) => t.owns!(ctx, raw));
  const id = derived ? raw : raw.toLowerCase();
  const kind = derived?.kind ?? (await gctx.loaders.nodeKind.load(id));
  const type = kind === null ? undefined : TYPES.get(kind);
  if (!type) return null;
  const object = await gctx.loaders.node(type).load(id);
  return object && asNode(type, object);
}

@Resolver()
export class NodeResolver {
  @Query(() => Node, { nullable: true, description: 'The object with this id, of any type; null when it is unknown or not the acting account\'s' })
  async node(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID, { description: 'An id any object of this API gave' }) id: string): Promise<object | null> {
    return resolveNode(gctx, await gctx.auth(), id);
  }

  @Query(() => [Node], {
    nullable: 'items',
    description: `The objects with these ids, in their order: null for each unknown or not the acting account's (at most ${MAX_NODE_IDS} ids)`,
  })
  async nodes(
    @Ctx() gctx: GraphQLContext,
    @Arg('ids', () => [ID], { description: `At most ${MAX_NODE_IDS}` }) ids: string[],
  ): Promise<(object | null)[]> {
    if (ids.length > MAX_NODE_IDS) {
      throw new GraphQLError(`Invalid value for argument "ids": at most ${MAX_NODE_IDS} ids`, { extensions: { code: 'BAD_USER_INPUT', argument: 'ids' } });
    }
    const ctx = await gctx.auth();
    return Promise.all(ids.map((id) => resolveNode(gctx, ctx, id)));
  }
}
