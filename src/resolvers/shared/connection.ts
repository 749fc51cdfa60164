import { ClassType, Field, Int, ObjectType } from 'type-graphql';
import type { ListWindow } from '../../platform/pagination/list';

@ObjectType()
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

/** A cursor is the item's offset in the list, opaque to clients. */
export const offsetCursor = (offset: number): string => Buffer.from(`o:${offset}`).toString('base64url');
export function offsetOfCursor(cursor: string | undefined | null): number {
  if (!cursor) return 0;
  const m = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  return m ? Number(m[1]) + 1 : 0;
}

export interface ConnectionValue<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: PageInfo;
  totalCount: number;
}

/**
 * Builds `XConnection { edges { cursor node } pageInfo totalCount }` and `XEdge` for a node type
 * (DESIGN "GraphQL conventions": lists are connections with first/after and totalCount).
 */
export function Connection<T extends object>(Node: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field(() => String)
    cursor!: string;

    @Field(() => Node)
    node!: T;
  }

  @ObjectType(`${name}Connection`)
  class ConnectionType implements ConnectionValue<T> {
    @Field(() => [Edge])
    edges!: Edge[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;

    @Field(() => Int)
    totalCount!: number;
  }
  return ConnectionType;
}

/** Turns one window of items at `offset` into a connection value. */
export function toConnection<T>(items: T[], offset: number, totalCount: number): ConnectionValue<T> {
  const edges = items.map((node, i) => ({ cursor: offsetCursor(offset + i), node }));
  return {
    edges,
    totalCount,
    pageInfo: { hasNextPage: offset + items.length < totalCount, endCursor: edges.at(-1)?.cursor ?? null },
  };
}

/** first (1 to the list's maximum, default 20) / after of a connection field, as a window. */
export const connectionWindow = (first: number | undefined | null, after: string | undefined | null, maxSize = 100): ListWindow => ({
  skip: offsetOfCursor(after),
  take: Math.min(Math.max(first ?? 20, 1), maxSize),
});
