import { plainName } from './rows';

/**
 * A column holding one of a closed set of values (a status): the domain's `as const` array is the
 * one list, and `npm run sql:checks` writes the CHECK constraint holding the column to it.
 */
export interface StatusColumn {
  readonly table: string;
  readonly column: string;
  /** NULL passes the constraint (as any CHECK): a nullable column stays nullable. */
  readonly values: readonly string[];
}

export function statusColumn(table: string, column: string, values: readonly string[]): StatusColumn {
  plainName(table);
  plainName(column);
  if (values.length === 0) throw new Error(`${table}.${column}: a status column needs at least one value`);
  return { table, column, values };
}

/** The constraint's name: one per column, so a changed list replaces it. */
export const checkName = (c: StatusColumn): string => `${c.table}_${c.column}_check`;
