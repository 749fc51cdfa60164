import type { ClassType } from 'type-graphql';
import type { PayloadKind, PayloadView } from '../domain/event-payloads';
import type { NodeType } from './shared/node';

/** A kind of stored view as the API's GraphQL object: its class and the mapper the queries use. */
export interface ObjectOf<V> {
  type: ClassType;
  map: (view: V) => object;
}

export type EventObjects = { [K in PayloadKind]: ObjectOf<PayloadView<K>> };

/**
 * An event is no request: where a mapper puts a request's origin in front of a path (an IDV page,
 * next_action's page, an RFI file's link), the event's object carries the path alone.
 */
export const EVENT_ORIGIN = '';

/**
 * What an area's GraphQL door adds (src/resolvers/<group>/<area>/index.ts): its resolvers, the
 * objects of the kinds of view its events store, and its node types (the objects `node(id)` finds,
 * shared/node.ts). src/resolvers/areas.ts gathers them.
 */
export function graphqlArea<const O extends Partial<EventObjects> = Record<never, never>>(def: { resolvers?: ClassType[]; objects?: O; nodes?: readonly NodeType[] }) {
  return { resolvers: def.resolvers ?? [], objects: def.objects ?? ({} as O), nodes: def.nodes ?? [] };
}
