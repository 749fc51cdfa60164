import { GraphQLError } from 'graphql';
import { ArgsType, type ClassType, Field, Int, ObjectType } from 'type-graphql';
import { decodeCursor, encodeCursor } from '../../platform/pagination/cursor';
import type { ListOrder, SortKey } from '../../platform/pagination/keyset';
import type { KeysetWindow, Slice } from '../../platform/pagination/list';

/**
 * Connections as the Relay specification defines them (docs/graphql.md, "Paging"): first/after
 * reads forward, last/before backward, each cursor the sort key of a row in the list's order
 * (platform/pagination/keyset.ts), so rows arriving between two pages move nothing.
 */

/** The page size when neither first nor last is given: what connections have always answered. */
export const DEFAULT_CONNECTION_SIZE = 20;

@ObjectType({ description: 'Where a page of a connection sits in the whole list' })
export class PageInfo {
  @Field(() => Boolean, { description: 'Whether rows follow this page (reading forward with first: known; reading backward: true when before was given)' })
  hasNextPage!: boolean;

  @Field(() => Boolean, { description: 'Whether rows precede this page (reading backward with last: known; reading forward: true when after was given)' })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: 'The cursor of the first edge; null when the page is empty' })
  startCursor!: string | null;

  @Field(() => String, { nullable: true, description: 'The cursor of the last edge; null when the page is empty' })
  endCursor!: string | null;
}

@ArgsType()
export class ConnectionArgs {
  @Field(() => Int, { nullable: true, description: `The first n rows after \`after\` (0 to the list's maximum, 100). Neither first nor last: the first ${DEFAULT_CONNECTION_SIZE}` })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'A cursor this list gave: the rows after that row' })
  after?: string | null;

  @Field(() => Int, { nullable: true, description: "The last n rows before `before` (0 to the list's maximum, 100); not together with first" })
  last?: number | null;

  @Field(() => String, { nullable: true, description: 'A cursor this list gave: the rows before that row' })
  before?: string | null;
}

export interface ConnectionValue<T> {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: PageInfo;
  totalCount: number;
}

/**
 * Builds `XConnection { edges { cursor node } nodes pageInfo totalCount }` and `XEdge` for a node
 * type (the Relay connection, with `nodes` for a client that needs no cursor per row).
 */
export function Connection<T extends object>(Node: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`, { description: `One ${name} of a list and its cursor` })
  class Edge {
    @Field(() => String, { description: 'Names this row in the list: pass it as after or before' })
    cursor!: string;

    @Field(() => Node)
    node!: T;
  }

  @ObjectType(`${name}Connection`, { description: `A page of ${name} items (first/after, last/before)` })
  class ConnectionType implements ConnectionValue<T> {
    @Field(() => [Edge])
    edges!: Edge[];

    @Field(() => [Node], { description: 'The rows of the page, as edges holds them, without cursors' })
    nodes!: T[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;

    @Field(() => Int, { description: 'How many rows the whole list holds (every page of it)' })
    totalCount!: number;
  }
  return ConnectionType;
}

const badArgument = (argument: string, why: string): GraphQLError =>
  new GraphQLError(`Invalid value for argument "${argument}": ${why}`, { extensions: { code: 'BAD_USER_INPUT', argument } });

function size(argument: 'first' | 'last', n: number, maxSize: number): number {
  if (n < 0 || n > maxSize) throw badArgument(argument, `must be from 0 to ${maxSize}`);
  return n;
}

/** The sort key a cursor argument names, or a BAD_USER_INPUT error naming the argument. */
export function keyOfCursor(argument: 'after' | 'before', cursor: string | null | undefined, order: ListOrder): SortKey | undefined {
  if (cursor === undefined || cursor === null) return undefined;
  const read = decodeCursor(order, cursor);
  if ('key' in read) return read.key;
  throw badArgument(argument, read.refused === 'malformed' ? 'not a cursor this API gave' : 'a cursor of another list');
}

/**
 * The window a connection's arguments ask for, or a BAD_USER_INPUT error naming the argument: a
 * size outside 0 to the list's maximum, first together with last, a cursor that is malformed or
 * another list's. Nothing is clamped and nothing restarts silently.
 */
export const connectionWindow = (args: ConnectionArgs, order: ListOrder, maxSize: number): KeysetWindow => {
  const { first, last } = args;
  if (first !== undefined && first !== null && last !== undefined && last !== null) throw badArgument('last', 'give first or last, not both');
  const after = keyOfCursor('after', args.after, order);
  const before = keyOfCursor('before', args.before, order);
  const backward = last !== undefined && last !== null;
  const take = backward ? size('last', last, maxSize) : size('first', first ?? DEFAULT_CONNECTION_SIZE, maxSize);
  return { kind: 'keyset', take, backward, ...(after ? { after } : {}), ...(before ? { before } : {}) };
};

/**
 * A keyset slice as a connection. Reading forward, hasNextPage is what the finder learned by
 * reading one row more than the page, and hasPreviousPage says an after cursor was given (its row,
 * at least, precedes); reading backward, the same the other way round. Relay allows exactly this
 * (a server "may" answer the far side when it can do so cheaply), and it costs no statement.
 */
export function toConnection<T>(slice: Slice<T>, window: KeysetWindow, order: ListOrder): ConnectionValue<T> {
  // A finder that knows the answer is empty (another tenant's filter id) answers without reading.
  const keys = slice.keys ?? (slice.items.length === 0 ? [] : undefined);
  if (!keys || keys.length !== slice.items.length) throw new Error(`${order.list}: a keyset window answered without its keys`);
  const edges = slice.items.map((node, i) => ({ cursor: encodeCursor(order, keys[i]!), node }));
  const more = slice.more === true;
  return {
    edges,
    nodes: slice.items,
    totalCount: slice.totalCount,
    pageInfo: {
      hasNextPage: window.backward ? window.before !== undefined : more,
      hasPreviousPage: window.backward ? more : window.after !== undefined,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
