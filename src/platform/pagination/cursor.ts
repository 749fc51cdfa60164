import { isKeyOf, type ListOrder, type SortKey } from './keyset';

/**
 * A cursor names one row of one list by its sort key: base64url of a small versioned JSON,
 * `{"v":1,"l":<list>,"o":<order signature>,"k":[<key values>]}`. Clients treat it as opaque; the
 * server reads it back and refuses one that is not well formed, was written for another list or
 * another order of this one, or whose key values are not of the order's types, so a query never
 * sees a value it did not write.
 */
const VERSION = 1;

export const encodeCursor = (order: ListOrder, key: SortKey): string =>
  Buffer.from(JSON.stringify({ v: VERSION, l: order.list, o: order.signature, k: key })).toString('base64url');

export type CursorReading = { key: SortKey } | { refused: 'malformed' | 'another list' };

export function decodeCursor(order: ListOrder, cursor: string): CursorReading {
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(cursor)) return { refused: 'malformed' };
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return { refused: 'malformed' };
  }
  if (typeof body !== 'object' || body === null) return { refused: 'malformed' };
  const { v, l, o, k } = body as Record<string, unknown>;
  if (v !== VERSION || typeof l !== 'string' || typeof o !== 'string') return { refused: 'malformed' };
  if (l !== order.list || o !== order.signature) return { refused: 'another list' };
  return isKeyOf(order, k) ? { key: k } : { refused: 'malformed' };
}
