import type { Account } from '../../generated/prisma/client';
import { addEvent, type EventName } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import { toRestAccount } from '../../rest-compat/accounts/present';
import type { VerificationStatus } from './rules';
import { toAccountView } from './view';

export type AccountVerificationEventName = Extract<EventName, `account.verification.${string}`>;

const EVENT_OF: Record<VerificationStatus, AccountVerificationEventName> = {
  PENDING: 'account.verification.pending',
  APPROVED: 'account.verification.approved',
  REJECT: 'account.verification.rejected',
  RETURN: 'account.verification.returned',
  EXPIRED: 'account.verification.expired',
};

/**
 * The ONBOARDING event of a verification change. Its payload is the account exactly as AF4
 * (GET /v1/accounts/{id}) returns it, so a webhook's `data` is the object a receiver would GET
 * (issue 11; docs/area-shape.md, "Event payloads"). The row is the account after the change.
 */
export function addVerificationEvent(writes: WriteSet, a: Account & { verificationStatus: VerificationStatus }, at: Date): void {
  addEvent(writes, { accountId: a.id, eventName: EVENT_OF[a.verificationStatus], sourceId: a.id, data: toRestAccount(toAccountView(a)), at });
}
