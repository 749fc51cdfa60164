import type { Account } from '../../../generated/prisma/client';
import { addEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WriteSet } from '../../../platform/writes/write-set';
import type { VerificationStatus } from './rules';
import { toAccountView, type AccountView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

export type AccountVerificationEventName = Extract<EventName, `account.verification.${string}`>;

const EVENT_OF: Record<VerificationStatus, AccountVerificationEventName> = {
  PENDING: 'account.verification.pending',
  APPROVED: 'account.verification.approved',
  REJECT: 'account.verification.rejected',
  RETURN: 'account.verification.returned',
  EXPIRED: 'account.verification.expired',
};

/** The outbox payload of an account event: the account's view after the change. */
export const accountPayload = payloadOf<AccountView>()('account', { createdAt: 'date', updatedAt: 'date' });

/** The event of a change into a verification status. */
export const verificationEventOf = (status: VerificationStatus): AccountVerificationEventName => EVENT_OF[status];

/** An ONBOARDING event of the account; `a` is the account after the change. */
export function addAccountEvent(writes: WriteSet, a: Account, eventName: AccountVerificationEventName, at: Date): void {
  addEvent(writes, { accountId: a.id, eventName, sourceId: a.id, data: accountPayload.facts(toAccountView(a)), at });
}

/** The ONBOARDING event of a verification change; `a` is the account after the change. */
export function addVerificationEvent(writes: WriteSet, a: Account & { verificationStatus: VerificationStatus }, at: Date): void {
  addAccountEvent(writes, a, verificationEventOf(a.verificationStatus), at);
}
