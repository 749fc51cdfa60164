import type { Account } from '../../../generated/prisma/client';
import { keyRecordsChanged } from '../../../platform/auth/key-record';
import type { ServiceDeps } from '../../../platform/context';
import { lockRow } from '../../../platform/db/locks';
import { inTransaction } from '../../../platform/db/tx';
import { isUuid } from '../../../platform/ids/ids';
import { defineLifecycle } from '../../../platform/lifecycle/define';
import { applyInTransaction } from '../../../platform/writes/apply';
import { WriteSet } from '../../../platform/writes/write-set';
import { accountErrors } from './errors';
import { addAccountEvent, type AccountVerificationEventName } from './events';
import { VERIFICATION_STATUSES } from './rules';
import { ACCOUNT_VERIFICATION, decisionOf, simulatedReview, type OperatorDecision } from './verification';
import { toAccountView, type AccountView } from './view';

/**
 * The verification of an onboarded account (verification.ts): PENDING until the simulated review
 * falls due (`account.verification`, its subject the account) or an operator decides; either way
 * the same change and event.
 */
export const verificationLifecycle = defineLifecycle({
  table: 'accounts',
  column: 'verification_status',
  statuses: VERIFICATION_STATUSES,
  // An account row is its own account.
  accountOf: (a: Account) => a.id,
  event: (writes, a: Account, name: AccountVerificationEventName, at) => addAccountEvent(writes, a, name, at),
  transitions: {
    [ACCOUNT_VERIFICATION]: {
      from: 'PENDING',
      run: (account, { tx, writes, at }) => simulatedReview(tx, writes, account, at),
    },
  },
  // The verification status is part of the key record: the process that reviewed clears its auth cache.
  options: { afterCommit: (deps) => keyRecordsChanged(deps.db) },
});

/**
 * An operator's review of a PENDING account (the only review a production account gets): the same
 * change and event as the simulated one. The row is locked, so two decisions apply one after the other
 * and the second finds the account no longer PENDING.
 */
export async function reviewAccount(deps: ServiceDeps, accountId: string, decision: OperatorDecision, reason: string | null): Promise<AccountView> {
  const at = deps.clock.now();
  const reviewed = await inTransaction(deps, async (tx) => {
    const account = isUuid(accountId) ? await lockRow(tx, 'accounts', { id: accountId }) : undefined;
    if (!account) throw accountErrors.accountNotFound();
    if (account.verificationStatus !== 'PENDING') throw accountErrors.notPending(account.verificationStatus);
    const writes = new WriteSet();
    const decided = verificationLifecycle.addOutcome(writes, account, decisionOf({ status: decision, reason }), at, account.parentId ?? account.id);
    await applyInTransaction(tx, writes);
    return toAccountView(decided);
  });
  // Committed: the account's keys see the new status at once (it decides whether money moves).
  keyRecordsChanged(deps.db);
  return reviewed;
}
