import { createHash } from 'node:crypto';
import { isUuid } from '../ids/ids';
import { snakeCase } from '../names';

/**
 * Keyset paging: a page is "the rows after (or before) this row in the list's order", named by the
 * sort key of that row, never by its offset. A row inserted at the head of a newest-first list
 * between two reads therefore cannot shift the next page (no row read twice, none skipped), which
 * an offset cannot promise (docs/decisions/platform/keyset-cursors.md).
 *
 * An order is declared once per list (defineList's `order`): its columns in the list's documented
 * order, each with the type its key value is read back as, the last one unique (the tie-breaker,
 * usually id). Every column of one order runs the same direction, which is true of every list
 * payrail has and lets SQL compare the key as one row value.
 */

/** How a key value is written in a cursor and read back: a position is an item's index in a catalogue kept in code. */
export type KeyType = 'timestamp' | 'uuid' | 'text' | 'int' | 'bigint' | 'xid8' | 'position';

export interface SortColumn {
  /** The field of the row (Prisma's name, or the alias a SQL statement reads it under). */
  field: string;
  /** The column in SQL. */
  column: string;
  type: KeyType;
}

export interface ListOrder {
  /** The list's name in its cursors: a cursor of another list is refused. */
  list: string;
  direction: 'asc' | 'desc';
  columns: readonly SortColumn[];
  /** A digest of the columns and direction: a cursor written under another order of the same list is refused. */
  signature: string;
}

/** A key value as a cursor carries it (JSON): a time as its ISO string, a bigint as decimal digits. */
export type KeyValue = string | number;
export type SortKey = readonly KeyValue[];

export function listOrder(list: string, direction: 'asc' | 'desc', ...columns: [field: string, type: KeyType][]): ListOrder {
  const cols = columns.map(([field, type]) => ({ field, type, column: snakeCase(field) }));
  const signature = createHash('sha256')
    .update(`${direction}:${cols.map((c) => `${c.field}/${c.type}`).join(',')}`)
    .digest('base64url')
    .slice(0, 8);
  return { list, direction, columns: cols, signature };
}

/** (created_at DESC, id DESC): most lists. */
export const newestFirst = (list: string): ListOrder => listOrder(list, 'desc', ['createdAt', 'timestamp'], ['id', 'uuid']);
/** (created_at ASC, id ASC). */
export const oldestFirst = (list: string): ListOrder => listOrder(list, 'asc', ['createdAt', 'timestamp'], ['id', 'uuid']);
/** A catalogue kept in code, in the order it is written: the key is the item's position. */
export const catalogueOrder = (list: string): ListOrder => listOrder(list, 'asc', ['position', 'position']);

/** The sort key of a row (or a view holding the same fields); `index` is its position, for a catalogue. */
export function keyOf(order: ListOrder, row: object, index: number): SortKey {
  const fields = row as Record<string, unknown>;
  return order.columns.map((c): KeyValue => {
    if (c.type === 'position') return index;
    const v = fields[c.field];
    if (v instanceof Date) return v.toISOString();
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'number' || typeof v === 'string') return v;
    throw new Error(`sort key ${order.list}.${c.field} is ${typeof v}, not a key value`);
  });
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Whether a value read from a cursor is a key of this type; a query never sees one that is not. */
function validValue(type: KeyType, v: unknown): boolean {
  switch (type) {
    case 'timestamp':
      return typeof v === 'string' && TIMESTAMP.test(v) && !Number.isNaN(Date.parse(v));
    case 'uuid':
      return typeof v === 'string' && isUuid(v);
    case 'text':
      return typeof v === 'string' && v.length <= 200;
    case 'bigint':
      return typeof v === 'string' && /^-?\d{1,19}$/.test(v);
    case 'xid8':
      // A transaction id (the outbox's tx_id): unsigned 64-bit, compared by PostgreSQL as xid8.
      return typeof v === 'string' && /^\d{1,20}$/.test(v) && BigInt(v) < 2n ** 64n;
    case 'int':
    case 'position':
      return typeof v === 'number' && Number.isSafeInteger(v);
  }
}

export const isKeyOf = (order: ListOrder, key: unknown): key is SortKey =>
  Array.isArray(key) && key.length === order.columns.length && order.columns.every((c, i) => validValue(c.type, key[i]));

/** A key value as a query compares it: a Date, a BigInt, or the value itself. */
function queryValue(type: KeyType, v: KeyValue): unknown {
  if (type === 'timestamp') return new Date(v as string);
  if (type === 'bigint') return BigInt(v as string);
  // pg has no parameter type for xid8: it is sent as its decimal text and cast by the statement.
  return v;
}

/** Whether rows sit after or before a key, in the list's own order. */
export type Side = 'after' | 'before';

/** Prisma's comparison for a side: after a key in a newest-first list is less than it. */
const prismaOp = (order: ListOrder, side: Side): 'lt' | 'gt' => ((order.direction === 'desc') === (side === 'after') ? 'lt' : 'gt');

/** The Prisma filter of the rows on one side of a key: (a, b) < (x, y) written out, a < x OR (a = x AND b < y). */
export function prismaBound(order: ListOrder, side: Side, key: SortKey): Record<string, unknown> {
  const op = prismaOp(order, side);
  const values = order.columns.map((c, i) => queryValue(c.type, key[i]!));
  return {
    OR: order.columns.map((c, i) => ({
      ...Object.fromEntries(order.columns.slice(0, i).map((p, j) => [p.field, values[j]])),
      [c.field]: { [op]: values[i] },
    })),
  };
}

const SQL_CAST: Record<KeyType, string> = { timestamp: 'timestamptz', uuid: 'uuid', text: 'text', int: 'int', bigint: 'bigint', xid8: 'xid8', position: 'int' };

/** The SQL of the rows on one side of a key, as a row-value comparison, from parameter `$first` on. */
export function sqlBound(order: ListOrder, side: Side, key: SortKey, first: number): { text: string; values: unknown[] } {
  const op = prismaOp(order, side) === 'lt' ? '<' : '>';
  const cols = order.columns.map((c) => c.column).join(', ');
  const params = order.columns.map((c, i) => `$${first + i}::${SQL_CAST[c.type]}`).join(', ');
  return { text: `(${cols}) ${op} (${params})`, values: order.columns.map((c, i) => queryValue(c.type, key[i]!)) };
}

/** The comparison of two keys in the list's order: negative when `a` comes first. */
export function compareKeys(order: ListOrder, a: SortKey, b: SortKey): number {
  for (let i = 0; i < order.columns.length; i++) {
    const [x, y] = [a[i]!, b[i]!];
    if (x === y) continue;
    const type = order.columns[i]!.type;
    const less = type === 'bigint' || type === 'xid8' ? BigInt(x) < BigInt(y) : type === 'timestamp' ? Date.parse(x as string) < Date.parse(y as string) : x < y;
    return (less ? -1 : 1) * (order.direction === 'desc' ? -1 : 1);
  }
  return 0;
}
