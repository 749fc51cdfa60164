import type { Rfi } from '../../../generated/prisma/client';
import { defineLifecycle } from '../../../platform/lifecycle/define';
import { addTransition } from '../../../platform/scheduler/transitions';
import { ACCOUNT_VERIFICATION } from '../accounts/verification';
import type { LinkedFile } from '../files/contract';
import { addRfiEvent, eventFilesOf, type RfiEventName } from './events';
import { answersRejected, RFI_STATUSES } from './rules';
import { answersOf } from './view';

/**
 * The compliance team's review of an RFI's answers, due a minute after they arrive: APPROVED, or
 * REJECTED by the sandbox test value (rules.ts). The review's event commits with it, and the
 * account's verification review is due at once to decide on the answers (accounts/verification.ts).
 * An RFI no longer SUBMITTED_PENDING is left alone.
 */
export const RFI_REVIEW = 'rfi.review';

export const rfiLifecycle = defineLifecycle({
  table: 'rfis',
  statuses: RFI_STATUSES,
  // The event shows the files the answers attach, which the review reads before it writes.
  event: (writes, row: Rfi, name: RfiEventName, at, files: ReadonlyMap<string, LinkedFile> | undefined) => addRfiEvent(writes, row, name, at, files ?? new Map()),
  transitions: {
    [RFI_REVIEW]: {
      from: 'SUBMITTED_PENDING',
      async run(row, { writes, at, deps }) {
        const rejected = answersRejected(answersOf(row));
        // The account's review is another row's transition (its subject is the account).
        addTransition(writes, {
          accountId: row.accountId,
          rootAccountId: row.rootAccountId,
          kind: ACCOUNT_VERIFICATION,
          subjectId: row.accountId,
          dueAt: at,
          now: at,
        });
        return {
          to: rejected ? 'REJECTED' : 'APPROVED',
          changes: { reviewedAt: at },
          event: rejected ? 'rfi.review.failed' : 'rfi.review.succeeded',
          detail: await eventFilesOf(deps.db, row),
        };
      },
    },
  },
});
