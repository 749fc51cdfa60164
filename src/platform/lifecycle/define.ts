import type { ServiceDeps } from '../context';
import type { Tx } from '../db/tx';
import { defineTransition, addTransition, type ScheduledTransition, type TransitionOptions } from '../scheduler/transitions';
import { applyInTransaction } from '../writes/apply';
import { WriteSet, type ColumnValue } from '../writes/write-set';
import { lockRow, type LockableTable } from '../db/locks';
import { addStatusChange } from './rows';
import { statusColumn, type StatusColumn } from './status-columns';
import { camelCase } from '../names';

/**
 * What every row with a declared lifecycle has: when it last changed, and its account (`accountId`,
 * or `accountOf` in the declaration for a row that is an account itself). Its status column is declared.
 */
export interface LifecycleRow {
  id: string;
  accountId?: string;
  updatedAt: Date;
}

/** What a transition's handler is given beside the row, locked in the status it declared. */
export interface TransitionCall {
  /** For reads under the lock (another row's lock, a FOR SHARE check); writes go into `writes`. */
  tx: Tx;
  /** The transition's other writes (postings, other areas' contracts): they commit with the status change, before it. */
  writes: WriteSet;
  at: Date;
  transition: ScheduledTransition;
  deps: ServiceDeps;
}

/**
 * What a transition decides: the new status, the other columns it changes, its event and the
 * transition it schedules. Without `to` the status stays; the row is written only when `changes` are.
 * Without `event` the row has none: an outcome that writes neither (its writes are other rows') is
 * a step that leaves the row as it is, such as a review asking for more before it decides.
 */
export interface Outcome<Row extends LifecycleRow, S extends string, E extends string, D = undefined> {
  to?: NoInfer<S>;
  changes?: Partial<Omit<Row, 'id' | 'accountId' | 'updatedAt'>>;
  event?: NoInfer<E>;
  /** What the event needs beside the changed row (rows the handler read or wrote), handed to `event`. */
  detail?: D;
  /** The next transition of the same row, due `afterMs` after this one. */
  next?: { kind: string; afterMs: number };
}

export interface TransitionDeclaration<Row extends LifecycleRow, S extends string, E extends string, D = undefined> {
  /** The status (or statuses) the transition leaves; a row found in any other has moved on, and nothing happens. */
  from: NoInfer<S> | readonly NoInfer<S>[];
  /** The outcome, or undefined when the row has moved on in a way its status does not show (nothing happens). */
  run(row: Row, call: TransitionCall): Outcome<Row, S, E, D> | undefined | Promise<Outcome<Row, S, E, D> | undefined>;
}

export interface LifecycleDeclaration<Row extends LifecycleRow, S extends string, E extends string, D = undefined> {
  table: LockableTable;
  /** The account a row belongs to, for its next transitions: `row.accountId` unless said (a row that is an account itself). */
  accountOf?: (row: Row) => string;
  /** The status column the transitions move (snake_case); `status` unless said. */
  column?: string;
  /** The domain's `as const` array of the status column's values: the CHECK constraint is generated from it. */
  statuses: readonly S[];
  /** Adds the row's event (its area's payload) to the write set: `row` as it reads after the transition. */
  event(writes: WriteSet, row: Row, name: E, at: Date, detail: D | undefined): void;
  /** By transition kind (the scheduled_transitions.kind the scheduler runs it under). */
  transitions: { readonly [kind: string]: TransitionDeclaration<Row, S, E, D> };
  options?: TransitionOptions;
}

export interface Lifecycle<S extends string, Row extends LifecycleRow = LifecycleRow, E extends string = string, D = undefined> {
  readonly table: string;
  readonly statuses: readonly S[];
  /** The status column, for the registry of CHECK constraints (the area's `statusColumns`). */
  readonly statusColumn: StatusColumn;
  readonly kinds: readonly string[];
  /**
   * The same change made inside a request (an operator's decision, one the API asks for): the
   * outcome's status change, next transition (in the tree `rootAccountId`) and event, added to
   * `writes` as a transition adds them. The caller holds the row's lock and has checked its status;
   * the status change is guarded by the status `row` holds. Answers the row as it reads after.
   */
  addOutcome(writes: WriteSet, row: Row, outcome: Outcome<Row, S, E, D>, at: Date, rootAccountId: string): Row;
}

/**
 * A table's state machine, declared: the transitions, each with the status(es) it leaves and a handler
 * deciding the new status. The shape every transition shares is written here once — one
 * `SELECT … FOR UPDATE` answering the row; a row found in another status has moved on and nothing
 * happens; otherwise the handler's writes, the status change (with `updated_at`), the next transition
 * and the event go into one write set, applied in the transition's transaction in that order.
 */
export function defineLifecycle<Row extends LifecycleRow, const S extends string, E extends string, D = undefined>(
  decl: LifecycleDeclaration<Row, S, E, D>,
): Lifecycle<S, Row, E, D> {
  const column = decl.column ?? 'status';
  const field = camelCase(column);
  const statusOf = (row: Row) => (row as unknown as Record<string, string>)[field];
  const accountOf = (row: Row): string => {
    const account = decl.accountOf ? decl.accountOf(row) : row.accountId;
    if (account === undefined) throw new Error(`lifecycle of ${decl.table}: its rows have no accountId, and it declares no accountOf`);
    return account;
  };
  function addOutcome(writes: WriteSet, row: Row, outcome: Outcome<Row, S, E, D>, at: Date, rootAccountId: string): Row {
    const moved = outcome.to !== undefined || outcome.changes !== undefined;
    const changes = moved ? { ...outcome.changes, ...(outcome.to !== undefined && { [field]: outcome.to }), updatedAt: at } : {};
    if (moved) addStatusChange(writes, decl.table, column, row.id, statusOf(row), changes as Record<string, ColumnValue | undefined>);
    if (outcome.next) {
      addTransition(writes, {
        accountId: accountOf(row),
        rootAccountId,
        kind: outcome.next.kind,
        subjectId: row.id,
        dueAt: new Date(at.getTime() + outcome.next.afterMs),
        now: at,
      });
    }
    const after = { ...row, ...changes } as Row;
    if (outcome.event !== undefined) decl.event(writes, after, outcome.event, at, outcome.detail);
    return after;
  }
  for (const [kind, t] of Object.entries(decl.transitions)) {
    const from: readonly string[] = typeof t.from === 'string' ? [t.from] : t.from;
    defineTransition(
      kind,
      async (tx, transition, at, deps) => {
        // The one row lock of the platform (db/locks.ts): the row as Prisma reads it, in one statement.
        const row = (await lockRow(tx, decl.table, { id: transition.subjectId } as never)) as Row | undefined;
        if (row === undefined || !from.includes(statusOf(row))) return;
        const writes = new WriteSet();
        const outcome = await t.run(row, { tx, writes, at, transition, deps });
        if (outcome === undefined) return;
        addOutcome(writes, row, outcome, at, transition.rootAccountId);
        await applyInTransaction(tx, writes);
      },
      decl.options,
    );
  }
  return {
    table: decl.table,
    statuses: decl.statuses,
    statusColumn: statusColumn(decl.table, column, decl.statuses),
    kinds: Object.keys(decl.transitions),
    addOutcome,
  };
}
