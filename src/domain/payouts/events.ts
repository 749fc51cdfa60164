import type { Payout } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { addEvent, recordEvent, type EventName } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import { formatStoredAmount } from '../money/amount';

/**
 * Event names (events/catalogue.ts): `payout.create.succeeded` at creation; submission succeeds
 * (PENDING) or fails (REJECTED); completion succeeds (COMPLETED) or fails (FAILED).
 */
export type PayoutEventName = Extract<EventName, `payout.${string}`>;

/** The outbox payload: the payout's state in wire names, as a webhook will carry it. */
function eventData(p: Payout) {
  return {
    payout_id: p.id,
    short_reference_id: p.shortReferenceId,
    payout_status: p.status,
    source_currency: p.sourceCurrency,
    source_amount: formatStoredAmount(p.sourceAmount, p.sourceCurrency),
    payout_currency: p.payoutCurrency,
    payout_amount: formatStoredAmount(p.payoutAmount, p.payoutCurrency),
    fee_amount: formatStoredAmount(p.feeAmount, p.feeCurrency),
    fee_currency: p.feeCurrency,
    beneficiary_id: p.beneficiaryId,
    payout_date: p.payoutDate.toISOString().slice(0, 10),
    failure_reason: p.failureReason,
    failure_returned_amount:
      p.failureReturnedAmount === null ? null : formatStoredAmount(p.failureReturnedAmount, p.sourceCurrency),
  };
}

export const recordPayoutEvent = (tx: Tx, payout: Payout, eventName: PayoutEventName, at: Date) =>
  recordEvent(tx, { accountId: payout.accountId, eventName, sourceId: payout.id, data: eventData(payout), at });

export const addPayoutEvent = (writes: WriteSet, payout: Payout, eventName: PayoutEventName, at: Date) =>
  addEvent(writes, { accountId: payout.accountId, eventName, sourceId: payout.id, data: eventData(payout), at });
