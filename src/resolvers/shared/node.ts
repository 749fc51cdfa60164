import { Field, ID, InterfaceType, type ClassType } from 'type-graphql';
import type { NodeKind } from '../../domain/areas';
import type { RequestContext } from '../../platform/context';
import type { AppServices } from '../../services';
import type { Loaders } from '../loaders';

/**
 * Object identification (docs/graphql.md, "Ids and objects"): every object a client caches
 * implements `Node`, and `node(id)` / `nodes(ids)` find any of them by id alone (src/resolvers/nodes.ts).
 * An area's GraphQL door declares each of its node types here, with the finder that loads many at
 * once; the per-request loaders (src/resolvers/loaders.ts) batch every load of a kind into one read,
 * so `node(id)`, `nodes(ids)` and the object fields beside foreign keys (`Refund.paymentIntent`) share them.
 */

/** The GraphQL type name each object was answered as: `node` returns plain objects, so the interface asks here. */
const TYPE_OF = new WeakMap<object, string>();

@InterfaceType({
  description: 'An object with an id that `node(id)` finds again: the key a client caches it under',
  resolveType: (value: object) => TYPE_OF.get(value),
})
export abstract class Node {
  @Field(() => ID, { description: 'The object\'s id: a row\'s UUID (the id REST paths and webhooks carry), or for an object without a row a stable id formed from what it is (docs/graphql.md, "Ids and objects")' })
  id!: string;
}

/** What a node type's mapper may need of the request beyond its caller: payrail's origin (links), the services (keys). */
export interface NodeDeps {
  origin: string;
  services: AppServices;
}

/** A kind of object `node(id)` finds: erased to its GraphQL object, so the registry holds them all in one list. */
export interface NodeType<G extends object = object> {
  readonly kind: string;
  readonly type: ClassType<G>;
  /**
   * An object without a row: whether this id is one of this type's and the caller's (no statement). A
   * row kind has none: the one lookup of src/domain/nodes.ts finds its kind among the declared tables.
   */
  readonly owns?: (ctx: RequestContext, id: string) => boolean;
  /** The caller's objects with these ids (the others absent), read together. */
  load(ctx: RequestContext, ids: readonly string[], deps: NodeDeps): Promise<Map<string, G>>;
}

type Finder<V> = (ctx: RequestContext, ids: readonly string[], deps: NodeDeps) => Promise<Map<string, V>>;

function loaderOf<V, G extends object>(find: Finder<V>, map: (view: V, deps: NodeDeps) => G) {
  return async (ctx: RequestContext, ids: readonly string[], deps: NodeDeps): Promise<Map<string, G>> => {
    const found = await find(ctx, ids, deps);
    const out = new Map<string, G>();
    for (const [id, view] of found) out.set(id, map(view, deps));
    return out;
  };
}

/**
 * A node type whose objects are rows: `kind` is the one its area declares with the row's table
 * (`defineArea({ nodes })`), `find` the area's finder of many ids (scoped to the acting account,
 * as its lookup of one is), `map` the area's presenter.
 */
export function rowNode<V, G extends object>(def: { kind: NodeKind; type: ClassType<G>; find: Finder<V>; map: (view: V, deps: NodeDeps) => G }): NodeType<G> {
  return { kind: def.kind, type: def.type, load: loaderOf(def.find, def.map) };
}

/**
 * A node type whose objects have no row id of their own (a balance, the test clock): its id is
 * formed from what the object is (`derivedId`), and `owns` recognises the caller's ids without a
 * statement.
 */
export function derivedNode<V, G extends object>(def: {
  kind: string;
  type: ClassType<G>;
  owns: (ctx: RequestContext, id: string) => boolean;
  find: Finder<V>;
  map: (view: V, deps: NodeDeps) => G;
}): NodeType<G> {
  return { kind: def.kind, type: def.type, owns: def.owns, load: loaderOf(def.find, def.map) };
}

/**
 * The id of an object without a row: its GraphQL type name and the parts that make it one object,
 * joined by ':' (`Balance:<account id>:USD`). Never a UUID, so it cannot meet a row's id.
 */
export const derivedId = (typeName: string, ...parts: readonly string[]): string => [typeName, ...parts].join(':');

/** The parts of a derived id of this type, or null when the id is not one. */
export function derivedIdParts(typeName: string, id: string, count: number): string[] | null {
  const parts = id.split(':');
  if (parts.length !== count + 1 || parts[0] !== typeName || parts.some((p) => p === '')) return null;
  return parts.slice(1);
}

/** Marks an object as answered under this node type, for the interface's resolveType. */
export function asNode<G extends object>(type: NodeType<G>, object: G): G {
  TYPE_OF.set(object, type.type.name);
  return object;
}

/**
 * The object beside a foreign key (`Refund.paymentIntent` beside `paymentIntentId`): read through the
 * kind's per-request loader, so a page of N rows reads each kind once; null when the key is null or
 * names an object the caller may not see.
 */
export async function objectOf<G extends object>(loaders: Loaders, type: NodeType<G>, id: string | null | undefined): Promise<G | null> {
  return id ? loaders.node(type).load(id) : null;
}

/**
 * A finder for a node type whose objects are read one by one (a derived id names one object of the
 * caller's, never a row among many): each id's read, the ones found. A read that refuses the id
 * (a currency payrail does not hold) counts as not found.
 */
export async function oneByOne<V>(ids: readonly string[], read: (id: string) => Promise<V | null>): Promise<Map<string, V>> {
  const out = new Map<string, V>();
  const results = await Promise.allSettled(ids.map(read));
  results.forEach((r, i) => {
    if (r.status === 'fulfilled' && r.value !== null) out.set(ids[i]!, r.value);
  });
  return out;
}
