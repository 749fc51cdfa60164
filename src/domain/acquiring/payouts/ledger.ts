import type { PaymentPayout } from '../../../generated/prisma/client';
import { addJournalEntry, type PostingLine } from '../../../platform/ledger/posting';
import { money } from '../../../platform/money/amount';
import type { WriteSet } from '../../../platform/writes/write-set';
import { paymentPayoutErrors } from './errors';

/**
 * The postings of a payment payout (docs/decisions/acquiring/ledger.md, "the acquiring side of the ledger"):
 * PAYMENT_AVAILABLE -> PAYMENT_PAYOUT_IN_FLIGHT at creation; on to BANK_CLEARING (a bank account)
 * or the target account's WALLET (payout_account_id) when it arrives; back when it fails.
 */
const inFlight = (p: PaymentPayout, sign: 1 | -1): PostingLine => ({
  accountId: p.accountId,
  currency: p.currency,
  purpose: 'PAYMENT_PAYOUT_IN_FLIGHT',
  amount: sign === 1 ? money(p.amount) : money(p.amount).neg(),
});

/** At creation: the available payment balance pays; too little refuses the whole payout. */
export const debitAvailableForPaymentPayout = (writes: WriteSet, p: PaymentPayout, at: Date) =>
  addJournalEntry(writes, {
    accountId: p.accountId,
    kind: 'PAYMENT_PAYOUT',
    referenceType: 'PAYMENT_PAYOUT',
    referenceId: p.id,
    at,
    lines: [
      {
        accountId: p.accountId,
        currency: p.currency,
        purpose: 'PAYMENT_AVAILABLE',
        amount: money(p.amount).neg(),
        guardNonNegative: true,
        shortfall: paymentPayoutErrors.insufficientAvailableBalance(p.currency),
      },
      inFlight(p, 1),
    ],
  });

/** SUCCEEDED: the money in flight reaches the bank, or the wallet of the account it was sent to. */
export const addPaymentPayoutCompletion = (writes: WriteSet, p: PaymentPayout, at: Date) =>
  addJournalEntry(writes, {
    accountId: p.accountId,
    kind: 'PAYMENT_PAYOUT_COMPLETED',
    referenceType: 'PAYMENT_PAYOUT',
    referenceId: p.id,
    at,
    lines: [
      inFlight(p, -1),
      p.payoutAccountId !== null
        ? { accountId: p.payoutAccountId, currency: p.currency, purpose: 'WALLET', amount: money(p.amount) }
        : { accountId: p.accountId, currency: p.currency, purpose: 'BANK_CLEARING', amount: money(p.amount) },
    ],
  });

/** FAILED: the money in flight comes back to the available payment balance. */
export const addPaymentPayoutReturn = (writes: WriteSet, p: PaymentPayout, at: Date) =>
  addJournalEntry(writes, {
    accountId: p.accountId,
    kind: 'PAYMENT_PAYOUT_RETURNED',
    referenceType: 'PAYMENT_PAYOUT',
    referenceId: p.id,
    at,
    lines: [inFlight(p, -1), { accountId: p.accountId, currency: p.currency, purpose: 'PAYMENT_AVAILABLE', amount: money(p.amount) }],
  });
