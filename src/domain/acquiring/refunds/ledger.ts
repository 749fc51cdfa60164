import type Decimal from 'decimal.js';
import type { Refund } from '../../../generated/prisma/client';
import { addJournalEntry } from '../../../platform/ledger/posting';
import { money } from '../../../platform/money/amount';
import type { WriteSet } from '../../../platform/writes/write-set';
import { refundErrors } from './errors';

/** The payment balance a refund is taken from, and where a failed one comes back to. */
export type RefundSource = 'PAYMENT_PENDING' | 'PAYMENT_AVAILABLE';

export const sourceOf = (settled: boolean): RefundSource => (settled ? 'PAYMENT_AVAILABLE' : 'PAYMENT_PENDING');

/**
 * At creation (REFUND): the payment balance −amount, guarded (a short balance refuses the whole
 * refund, nothing written), REFUND_IN_FLIGHT +amount. The debit comes last in the write set: it
 * locks the balance row until commit.
 */
export function debitPaymentBalanceForRefund(
  writes: WriteSet,
  r: { refundId: string; accountId: string; currency: string; amount: Decimal; source: RefundSource },
  at: Date,
): void {
  addJournalEntry(writes, {
    accountId: r.accountId,
    kind: 'REFUND',
    referenceType: 'REFUND',
    referenceId: r.refundId,
    at,
    lines: [
      {
        accountId: r.accountId,
        currency: r.currency,
        purpose: r.source,
        amount: r.amount.neg(),
        guardNonNegative: true,
        shortfall: refundErrors.paymentBalanceShort(r.currency, r.source === 'PAYMENT_PENDING' ? 'pending' : 'available'),
      },
      { accountId: r.accountId, currency: r.currency, purpose: 'REFUND_IN_FLIGHT', amount: r.amount },
    ],
  });
}

/** SUCCEEDED (REFUND_COMPLETED): the money in flight goes back to the card, through the network. */
export const addRefundCompletion = (writes: WriteSet, r: Refund, at: Date) =>
  addJournalEntry(writes, {
    accountId: r.accountId,
    kind: 'REFUND_COMPLETED',
    referenceType: 'REFUND',
    referenceId: r.id,
    at,
    lines: [
      { accountId: r.accountId, currency: r.currency, purpose: 'REFUND_IN_FLIGHT', amount: money(r.amount).neg() },
      { accountId: r.accountId, currency: r.currency, purpose: 'CARD_CLEARING', amount: money(r.amount) },
    ],
  });

/**
 * FAILED (REFUND_RETURNED): the money in flight comes back to the payment balance the capture is
 * in now — pending while it is unsettled (the next cut settles it with the capture), available once
 * settled — so no money is left behind in a balance its capture has already left.
 */
export const addRefundReturn = (writes: WriteSet, r: Refund, to: RefundSource, at: Date) =>
  addJournalEntry(writes, {
    accountId: r.accountId,
    kind: 'REFUND_RETURNED',
    referenceType: 'REFUND',
    referenceId: r.id,
    at,
    lines: [
      { accountId: r.accountId, currency: r.currency, purpose: 'REFUND_IN_FLIGHT', amount: money(r.amount).neg() },
      { accountId: r.accountId, currency: r.currency, purpose: to, amount: money(r.amount) },
    ],
  });
