import type { Json } from './client';

/**
 * State machines written as tables (test/state-machines/): one row per state the domain lists, one
 * column per operation, each cell the expected answer written out as a literal. The rows come from
 * the domain's own list of states, so a state added there without a row fails the shape test; the
 * columns are typed by the domain's operation type where one exists, so an operation added there
 * without a column fails the type check. The answers are never computed from the domain's
 * transition tables: the test would then be the code checking itself.
 */

/** The exact refusal: HTTP status and the whole error envelope. */
export interface Refusal {
  status: number;
  body: Json;
}

/** An operation the state allows: it answers 200 and the object is then in `then`. */
export interface Allowed<S extends string> {
  then: S;
}

export type Cell<S extends string> = Allowed<S> | { refused: Refusal };

/**
 * A row for a state no API call, clock or simulation reaches (the domain lists it for the wire's
 * value set only). The reason is written out; such rows are counted so the table stays complete.
 */
export interface Unreachable {
  unreachable: string;
}

/** Rows S, columns O; T, the states a cell may end in, is S unless an operation ends the object (deleted). */
export type Table<S extends string, O extends string, T extends string = S> = Record<S, Record<O, Cell<T>> | Unreachable>;

export const allowed = <S extends string>(then: S): Allowed<S> => ({ then });
/** A transition that finds its object already moved on: it runs and leaves the object as it was. */
export const ignored = <S extends string>(state: S): Allowed<S> => ({ then: state });
export const refused = (status: number, body: Json): { refused: Refusal } => ({ refused: { status, body } });

export const isUnreachable = <T extends string, O extends string>(row: Record<O, Cell<T>> | Unreachable): row is Unreachable => 'unreachable' in row;

/** Every [state, operation, cell] of the table's reachable rows, for `it.each`. */
export function cellsOf<S extends string, O extends string, T extends string = S>(table: Table<S, O, T>, operations: readonly O[]): [S, O, Cell<T>][] {
  const cells: [S, O, Cell<T>][] = [];
  for (const state of Object.keys(table) as S[]) {
    const row: Record<O, Cell<T>> | Unreachable = table[state];
    if (isUnreachable(row)) continue;
    for (const op of operations) cells.push([state, op, row[op]]);
  }
  return cells;
}

/** The rows are exactly the domain's states, and every reachable row has exactly the given columns. */
export function expectShape<S extends string, O extends string, T extends string = S>(table: Table<S, O, T>, states: readonly string[], operations: readonly O[]): void {
  expect(Object.keys(table).sort()).toEqual([...states].sort());
  for (const row of Object.values<Record<O, Cell<T>> | Unreachable>(table)) {
    if (!isUnreachable(row)) expect(Object.keys(row).sort()).toEqual([...operations].sort());
  }
}

/**
 * Checks one cell: a refusal must match status and envelope exactly; an allowed operation must
 * answer 200 and leave the object in the cell's state (read back by `statusAfter`).
 */
export async function expectCell<S extends string>(cell: Cell<S>, reply: { status: number; body: Json; raw?: string }, statusAfter: () => Promise<string>): Promise<void> {
  if ('refused' in cell) {
    expect({ status: reply.status, body: reply.body }).toEqual(cell.refused);
    return;
  }
  expect({ status: reply.status, raw: reply.status === 200 && reply.body.userErrors === undefined ? 'ok' : reply.raw }).toEqual({ status: 200, raw: 'ok' });
  expect(await statusAfter()).toBe(cell.then);
}

/**
 * A GraphQL answer as a cell reads it: 200 and its data when it has no error; 200 and the payload's
 * userErrors when the mutation refused with them (never read as allowed); otherwise the first
 * error's HTTP status and the error itself, its message and every extension (where in the query
 * it happened, `locations` and `path`, is left out: the same for every cell of a column).
 */
export function graphqlReply(res: { status: number; data: unknown; errors?: { message: string; extensions: Json }[] }): { status: number; body: Json; raw: string } {
  const error = res.errors?.[0];
  // A refusal the client acts on is the payload's userErrors (HTTP 200, the resource null).
  const userErrors = Object.values((res.data ?? {}) as Record<string, { userErrors?: Json[] } | null>).flatMap((p) => p?.userErrors ?? []);
  if (!error && userErrors.length > 0) return { status: res.status, body: { userErrors }, raw: JSON.stringify(res.data) };
  if (!error) return { status: res.status, body: { data: res.data }, raw: JSON.stringify(res.data) };
  return { status: Number(error.extensions.httpStatus), body: { message: error.message, extensions: error.extensions }, raw: JSON.stringify(res.errors) };
}
