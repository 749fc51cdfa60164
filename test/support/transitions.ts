import { randomUUID } from 'node:crypto';
import type { TestApp } from './app';
import { transitionHandler, type ScheduledTransition } from '../../src/platform/scheduler/transitions';
import '../../src/domain/areas';

/**
 * Runs one lifecycle transition on a subject, now, in its own transaction, as the scheduler runs a
 * claimed row: what a late or duplicated transition does to an object already in some state. The
 * state tables (test/state-machines/) use it for the machines whose only operations are the
 * clock's; the clock itself (POST /v1/simulation/clock/advance) is how they reach each state.
 */
export async function fireTransition(t: TestApp, kind: string, subject: { id: string; accountId: string; rootAccountId?: string }): Promise<void> {
  const handler = transitionHandler(kind);
  if (!handler) throw new Error(`no transition handler is registered for ${kind}`);
  const at = t.clock.now();
  const row: ScheduledTransition = {
    id: randomUUID(),
    accountId: subject.accountId,
    rootAccountId: subject.rootAccountId ?? subject.accountId,
    kind,
    subjectId: subject.id,
    dueAt: at,
    status: 'PENDING',
    attempts: 0,
    lastError: null,
    createdAt: at,
    doneAt: null,
    underTestClock: false,
  };
  await t.db.prisma.$transaction((tx) => handler(tx, row, at, t.services));
}
