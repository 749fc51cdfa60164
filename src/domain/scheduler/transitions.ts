import type { ScheduledTransition } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import type { ServiceDeps } from '../context';
import { newId } from '../ids/ids';
import { applyInTransaction } from '../writes/apply';
import { WriteSet } from '../writes/write-set';

export type { ScheduledTransition };

/**
 * What a transition does when it falls due, inside one transaction with the claim. `at` is when it
 * happens: its due time under a test clock, the real time otherwise.
 */
export type TransitionHandler = (tx: Tx, transition: ScheduledTransition, at: Date, deps: ServiceDeps) => Promise<void>;

const handlers = new Map<string, TransitionHandler>();

/** Areas register their later state changes here (lifecycle.ts of each area). */
export function defineTransition(kind: string, handler: TransitionHandler): void {
  handlers.set(kind, handler);
}

export function transitionHandler(kind: string): TransitionHandler | undefined {
  return handlers.get(kind);
}

export interface TransitionInput {
  accountId: string;
  rootAccountId: string;
  kind: string;
  subjectId: string;
  dueAt: Date;
  now: Date;
}

/** Schedules a later state change in the write set of the change that causes it. */
export function addTransition(writes: WriteSet, t: TransitionInput): void {
  writes.insert('scheduled_transitions', {
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
}

/** Schedules a later state change in the caller's transaction. */
export async function scheduleTransition(tx: Tx, t: TransitionInput): Promise<void> {
  const writes = new WriteSet();
  addTransition(writes, t);
  await applyInTransaction(tx, writes);
}
