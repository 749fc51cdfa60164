import type { ScheduledTransition } from '../../generated/prisma/client';
import type { Tx } from '../db/tx';
import type { ServiceDeps } from '../context';
import { newId } from '../ids/ids';
import { applyInTransaction } from '../writes/apply';
import { columns, WriteSet } from '../writes/write-set';

export type { ScheduledTransition };

/**
 * What a transition does when it falls due, inside one transaction with the claim. `at` is when it
 * happens: its due time under a test clock, the real time otherwise.
 */
export type TransitionHandler = (tx: Tx, transition: ScheduledTransition, at: Date, deps: ServiceDeps) => Promise<void>;

export interface TransitionOptions {
  /** Runs in the process that ran the transition, once its transaction committed (a cache to clear). */
  afterCommit?: (deps: ServiceDeps) => void;
}

/** scheduled_transitions.status: waiting, run, or given up after its attempts. */
export const TRANSITION_STATUSES = ['PENDING', 'DONE', 'FAILED'] as const;

const handlers = new Map<string, TransitionHandler>();
const options = new Map<string, TransitionOptions>();

/** Areas register their later state changes here (lifecycle.ts of each area). */
export function defineTransition(kind: string, handler: TransitionHandler, opts: TransitionOptions = {}): void {
  handlers.set(kind, handler);
  options.set(kind, opts);
}

export function transitionHandler(kind: string): TransitionHandler | undefined {
  return handlers.get(kind);
}

export function transitionOptions(kind: string): TransitionOptions {
  return options.get(kind) ?? {};
}

export interface TransitionInput {
  accountId: string;
  rootAccountId: string;
  kind: string;
  subjectId: string;
  dueAt: Date;
  now: Date;
}

const TRANSITION_INSERT = `INSERT INTO scheduled_transitions SELECT * FROM jsonb_populate_record(NULL::scheduled_transitions, $1::jsonb)`;

/** Schedules a later state change in the write set of the change that causes it. */
export function addTransition(writes: WriteSet, t: TransitionInput): void {
  const row = columns({
    id: newId(),
    accountId: t.accountId,
    rootAccountId: t.rootAccountId,
    kind: t.kind,
    subjectId: t.subjectId,
    dueAt: t.dueAt,
    status: 'PENDING',
    attempts: 0,
    lastError: null,
    createdAt: t.now,
    doneAt: null,
  });
  writes.collect({ sql: TRANSITION_INSERT, args: row }, 'scheduled_transitions');
}

/** Schedules a later state change in the caller's transaction. */
export async function scheduleTransition(tx: Tx, t: TransitionInput): Promise<void> {
  const writes = new WriteSet();
  addTransition(writes, t);
  await applyInTransaction(tx, writes);
}
