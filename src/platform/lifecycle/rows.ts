import type { Tx } from '../db/tx';
import { columns, STALE, type ColumnValue, type Statement, type WriteSet } from '../writes/write-set';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** A table or column name spliced into SQL: only plain snake_case names are taken. */
export function plainName(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain table or column name: ${name}`);
  return name;
}

const camel = (column: string): string => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * A row as `SELECT *` answers it inside a Prisma transaction (numerics as Prisma's Decimal, instants
 * as Date, jsonb parsed), in Prisma's field names: every table a lifecycle declares names its
 * fields as the camelCase of its columns (test/platform/lifecycle.test.ts holds it to Prisma's row).
 */
export function camelRow<Row>(raw: Record<string, unknown>): Row {
  const row: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(raw)) row[camel(column)] = value;
  return row as Row;
}

/**
 * The row under its lock, in one round trip: `SELECT * … FOR UPDATE` answers the row it locked, so
 * a transition and any other writer of the row never interleave and nothing is read twice.
 */
export async function lockRow<Row>(tx: Tx, table: string, id: string): Promise<Row | undefined> {
  const [raw] = await tx.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM ${plainName(table)} WHERE id = $1::uuid FOR UPDATE`, id);
  return raw === undefined ? undefined : camelRow<Row>(raw);
}

/**
 * The status change as a write-set statement: the changed columns of the row with `id`, guarded by
 * the status it was locked in. Under the lock the guard always holds; were it ever to fail, the set
 * is refused as stale and rolled back, never half written.
 */
export function statusChange(table: string, column: string, id: string, from: string, changes: Record<string, ColumnValue | undefined>): Statement & { returns: true } {
  const row = columns(changes);
  const set = Object.keys(row)
    .map((c) => `${plainName(c)} = r.${c}`)
    .join(', ');
  const t = plainName(table);
  return {
    sql: `UPDATE ${t} t SET ${set} FROM jsonb_populate_record(NULL::${t}, $1::jsonb->'row') r
          WHERE t.id = ($1::jsonb->>'id')::uuid AND t.${plainName(column)} = $1::jsonb->>'from'
          RETURNING 'true'::jsonb`,
    args: { id, from, row },
    returns: true,
  };
}

/** Adds the status change to `writes`, refused as stale when the row is no longer in `from`. */
export function addStatusChange(writes: WriteSet, table: string, column: string, id: string, from: string, changes: Record<string, ColumnValue | undefined>): void {
  writes.require(statusChange(table, column, id, from, changes), STALE);
}
