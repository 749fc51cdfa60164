import type { ScheduledTransition } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import type { ServiceDeps } from '../context';
import { newId } from '../ids/ids';

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

/** Schedules a later state change in the caller's transaction. */
export async function scheduleTransition(
  tx: Tx,
  t: { accountId: string; rootAccountId: string; kind: string; subjectId: string; dueAt: Date; now: Date },
): Promise<void> {
  await tx.scheduledTransition.create({
    data: {
      id: newId(),
      accountId: t.accountId,
      rootAccountId: t.rootAccountId,
      kind: t.kind,
      subjectId: t.subjectId,
      dueAt: t.dueAt,
      status: 'PENDING',
      createdAt: t.now,
    },
  });
}
