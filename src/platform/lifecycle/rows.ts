import { columns, STALE, type ColumnValue, type Statement, type WriteSet } from '../writes/write-set';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** A table or column name spliced into SQL: only plain snake_case names are taken. */
export function plainName(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain table or column name: ${name}`);
  return name;
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
