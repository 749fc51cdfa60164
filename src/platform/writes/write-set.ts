import Decimal from 'decimal.js';
import type { BatchOp } from '../db/group-commit';
import type { DomainError } from '../errors/domain-error';
import { snakeCase } from '../names';

/**
 * A statement of a write set: SQL whose only parameter is `$1::jsonb` (its arguments), so the same
 * text runs inside the group-commit function (EXECUTE … USING) and on a Prisma transaction.
 */
export interface Statement {
  sql: string;
  args: Record<string, unknown>;
  /** Answers one jsonb value per row (`RETURNING jsonb_build_object(…)`). */
  returns?: boolean;
  /**
   * Reads ledger_accounts balances. Inside a group-commit batch a posting's balances reach their
   * rows after the batch's last item (prisma/functions/payrail_apply_items.sql): such a statement
   * gets them written first. Every statement reading ledger_accounts in a write set says so.
   */
  readsBalances?: boolean;
}

/**
 * Why a guard can find no row: a DomainError is the request's answer (stored under the idempotency
 * key like any refusal); STALE means a row read before the write changed since, and the whole
 * request is prepared again from a fresh read.
 */
export const STALE = Symbol('stale');
export type Refusal = DomainError | typeof STALE;

/** Thrown by the write path when a request must be prepared again (stale read, short-reference clash). */
export class PrepareAgain extends Error {
  constructor(readonly reason: string) {
    super(`prepare again: ${reason}`);
  }
}

/**
 * The tables areas insert whole rows into one at a time (WriteSet.insert). Each area adds its own,
 * by declaration merging from its area.ts, beside the list it gives the registry at run time
 * (src/domain/areas.ts, ROW_INSERTED_TABLES), from which npm run sql:functions writes
 * payrail_insert_row with a static INSERT for each. A table no area lists would still work there, by
 * dynamic SQL, but the write set's types refuse it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface AreaTables {}

/** The tables a write set inserts whole rows into (columns in their database names). */
export type WritableTable = (keyof AreaTables & string) | CollectedTable | 'journal_entries';

/** The tables whose rows a write set collects for one insert per batch (WriteSet.collect). */
export type CollectedTable = 'outbox_events' | 'scheduled_transitions';

/** The tables whose rows carry a version every UPDATE raises (WriteSet.requireUnchanged). */
export type VersionedTable = 'beneficiaries';

/** A column value as the row's JSON carries it to jsonb_populate_record. */
export type ColumnValue = string | number | boolean | null | Date | Decimal | Record<string, unknown> | unknown[];

// Prisma's Decimal is its own copy of decimal.js: recognised by shape, not by class.
const isDecimal = (v: unknown): v is Decimal =>
  Decimal.isDecimal(v) || (typeof v === 'object' && v !== null && typeof (v as { toFixed?: unknown }).toFixed === 'function' && 'd' in v);

// Column names are the code's constants: each converted once (columns() runs for every row written).
const snakeNames = new Map<string, string>();
const snake = (name: string): string => {
  let column = snakeNames.get(name);
  if (column === undefined) {
    column = snakeCase(name);
    if (snakeNames.size < 4096) snakeNames.set(name, column);
  }
  return column;
};

/** A row in its database column names; Decimals as exact strings, instants as ISO text. */
export function columns(row: Record<string, ColumnValue | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === undefined) continue;
    out[snake(key)] = value instanceof Date ? value.toISOString() : isDecimal(value) ? value.toFixed() : value;
  }
  return out;
}

/** A whole row into `table` (the caller's-transaction form of a batch's `{"i": table}` op). */
const insertSql = (table: WritableTable): string => `INSERT INTO ${table} SELECT * FROM jsonb_populate_record(NULL::${table}, $1::jsonb)`;

const opOf = (statement: Statement, returns: boolean): BatchOp =>
  statement.readsBalances === true
    ? { sql: statement.sql, args: statement.args, returns, readsBalances: true }
    : { sql: statement.sql, args: statement.args, returns };

/**
 * The writes of one request, prepared before anything is written: reads come first, outside any
 * transaction; what they found and decided is guarded again here, under the row locks, by the
 * statements that write. A write set commits whole or not at all (one subtransaction of a group
 * commit, or the caller's transaction), with the idempotency record beside it.
 */
export class WriteSet {
  readonly ops: BatchOp[] = [];
  readonly refusals: Refusal[] = [];
  private readonly cachedReads: (() => void)[] = [];

  /**
   * The set was prepared from a cached copy of a row its guard requires unchanged (read-cache.ts):
   * `forget` drops the copy when the set is refused as stale, so the next preparation reads fresh.
   */
  usedCachedRead(forget: () => void): void {
    this.cachedReads.push(forget);
  }

  /** A guard found a row changed since it was read: the copies this set was prepared from are dropped. */
  forgetCachedReads(): void {
    for (const forget of this.cachedReads.splice(0)) forget();
  }

  /** Runs a statement; its answer (when `returns`) is in the outcome's rows at this op's index. */
  run(statement: Statement): number {
    this.ops.push(opOf(statement, statement.returns ?? false));
    return this.ops.length - 1;
  }

  /** Adds `op` refusing the set with `refusals[0]` (or the k-th it answers) from its index on. */
  private refusing(op: BatchOp, refusals: readonly Refusal[]): number {
    const base = this.refusals.length;
    this.refusals.push(...refusals);
    this.ops.push({ ...op, refuse: base });
    return this.ops.length - 1;
  }

  /** Runs a statement that must touch a row; when it touches none the whole set is refused with `refusal`. */
  require(statement: Statement, refusal: Refusal): number {
    return this.refusing(opOf(statement, true), [refusal]);
  }

  /**
   * Runs a statement that may refuse the set for one of several reasons: it answers `{"refuse": k}`
   * to refuse with `refusals[k]` (or touches no row: `refusals[0]`), anything else to go on.
   */
  requireAnswer(statement: Statement, refusals: readonly Refusal[]): number {
    return this.refusing(opOf(statement, true), refusals);
  }

  /**
   * A journal entry (src/platform/ledger/posting.ts only): `statement` is `SELECT payrail_post($1)`,
   * which answers `{"entry_id"}` or `{"refuse": k}` for the k-th short guarded line. In a batch it
   * runs as payrail_post_in_batch (its balances written once, after the batch's last item).
   */
  post(statement: Statement, refusals: readonly Refusal[]): number {
    const op: BatchOp = { ...opOf(statement, true), posting: true };
    if (refusals.length > 0) return this.refusing(op, refusals);
    this.ops.push(op);
    return this.ops.length - 1;
  }

  /** Inserts a whole row; every NOT NULL column must be given (no database defaults apply). */
  insert(table: WritableTable, row: Record<string, ColumnValue | undefined>): void {
    this.ops.push({
      sql: insertSql(table),
      args: columns(row),
      returns: false,
      insertInto: { table, skipConflict: false },
    });
  }

  /**
   * Inserts a row that cannot conflict and that nothing later in the set reads or changes (an outbox
   * event, a scheduled transition): the group commit inserts the rows of all its applied items into
   * `table` with one statement after the last item; a caller's transaction runs `statement` in place.
   */
  collect(statement: Statement, table: CollectedTable): void {
    this.ops.push({ sql: statement.sql, args: statement.args, returns: false, collectInto: table });
  }

  /**
   * Inserts a row whose short_reference_id must be unique in its account: a clash inserts nothing,
   * and the request is prepared again with a fresh reference (never an aborted transaction).
   */
  insertWithFreshReference(table: WritableTable, row: Record<string, ColumnValue | undefined>): void {
    this.refusing(
      {
        sql: `${insertSql(table)} ON CONFLICT DO NOTHING RETURNING 'true'::jsonb`,
        args: columns(row),
        returns: true,
        insertInto: { table, skipConflict: true },
      },
      [STALE],
    );
  }

  /**
   * Requires the row read before the write to be unchanged — still there at the `version` read (every
   * UPDATE raises it, by trigger) — and holds it FOR SHARE to commit; otherwise the set is refused.
   */
  requireUnchanged(table: VersionedTable, row: { id: string; version: number }, refusal: Refusal): void {
    this.refusing(
      {
        sql: `SELECT 'true'::jsonb FROM ${table} WHERE id = ($1::jsonb->>'id')::uuid AND version = ($1::jsonb->>'version')::int FOR SHARE`,
        args: { id: row.id, version: row.version },
        returns: true,
        unchangedIn: table,
      },
      [refusal],
    );
  }

  /** Appends another set's writes after this one's (a service composing an area's contract). */
  append(other: WriteSet): void {
    const offset = this.refusals.length;
    this.refusals.push(...other.refusals);
    this.cachedReads.push(...other.cachedReads);
    for (const op of other.ops) this.ops.push(op.refuse === undefined ? op : { ...op, refuse: op.refuse + offset });
  }
}
