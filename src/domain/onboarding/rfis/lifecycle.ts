import type { Database } from '../../../platform/db/client';
import { lockRow } from '../../../platform/db/locks';
import type { Tx } from '../../../platform/db/tx';
import { ACCOUNT_VERIFICATION } from '../accounts/verification';
import { defineTransition, scheduleTransition } from '../../../platform/scheduler/transitions';
import { recordRfiEvent } from './events';
import { answersRejected } from './rules';
import { answersOf } from './view';

/**
 * The compliance team's review of an RFI's answers, due a minute after they arrive: APPROVED, or
 * REJECTED by the sandbox test value (rules.ts). The review's event commits with it, and the
 * account's verification review is due at once to decide on the answers (accounts/verification.ts).
 * An RFI no longer SUBMITTED_PENDING is left alone.
 */
export const RFI_REVIEW = 'rfi.review';

export async function reviewRfi(tx: Tx, db: Database, id: string, at: Date): Promise<void> {
  const row = await lockRow(tx, 'rfis', { id });
  if (row?.status !== 'SUBMITTED_PENDING') return;
  const rejected = answersRejected(answersOf(row));
  const reviewed = await tx.rfi.update({ where: { id }, data: { status: rejected ? 'REJECTED' : 'APPROVED', reviewedAt: at, updatedAt: at } });
  await recordRfiEvent(tx, reviewed, rejected ? 'rfi.review.failed' : 'rfi.review.succeeded', at, db);
  await scheduleTransition(tx, {
    accountId: row.accountId,
    rootAccountId: row.rootAccountId,
    kind: ACCOUNT_VERIFICATION,
    subjectId: row.accountId,
    dueAt: at,
    now: at,
  });
}

defineTransition(RFI_REVIEW, (tx, transition, at, deps) => reviewRfi(tx, deps.db, transition.subjectId, at));
