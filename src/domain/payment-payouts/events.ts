import type { PaymentPayout } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { addEvent, recordEvent, type EventName } from '../events/outbox';
import { formatStoredAmount } from '../money/amount';
import type { WriteSet } from '../writes/write-set';

export type PaymentPayoutEventName = Extract<EventName, `payment_payout.${string}`>;

/** The outbox payload: the payout in its wire names (PA18), as a webhook will carry it. */
const eventData = (p: PaymentPayout) => ({
  payout_id: p.id,
  payout_status: p.status,
  payout_currency: p.currency,
  payout_amount: formatStoredAmount(p.amount, p.currency),
  statement_descriptor: p.statementDescriptor,
  bank_account_id: p.bankAccountId,
  payout_account_id: p.payoutAccountId,
  failure_reason: p.failureReason,
});

export const addPaymentPayoutEvent = (writes: WriteSet, p: PaymentPayout, eventName: PaymentPayoutEventName, at: Date) =>
  addEvent(writes, { accountId: p.accountId, eventName, sourceId: p.id, data: eventData(p), at });

export const recordPaymentPayoutEvent = (tx: Tx, p: PaymentPayout, eventName: PaymentPayoutEventName, at: Date) =>
  recordEvent(tx, { accountId: p.accountId, eventName, sourceId: p.id, data: eventData(p), at });
