import type Decimal from 'decimal.js';
import type { Payout } from '../../../generated/prisma/client';
import { addJournalEntry, type PostingLine } from '../../../platform/ledger/posting';
import type { WriteSet } from '../../../platform/writes/write-set';
import { money } from '../../../platform/money/amount';

/** The money of a payout as the ledger sees it. */
export interface PayoutMoney {
  payoutId: string;
  accountId: string;
  sourceCurrency: string;
  sourceAmount: Decimal;
  payoutCurrency: string;
  payoutAmount: Decimal;
  fee: Decimal;
}

export const payoutMoneyOf = (p: Payout): PayoutMoney => ({
  payoutId: p.id,
  accountId: p.accountId,
  sourceCurrency: p.sourceCurrency,
  sourceAmount: money(p.sourceAmount),
  payoutCurrency: p.payoutCurrency,
  payoutAmount: money(p.payoutAmount),
  fee: money(p.feeAmount),
});

/**
 * The lines that move a payout's money out of the wallet into flight, with the sign given: +1 at
 * creation, -1 to give it back. A cross-currency payout goes through the FX desk so that each
 * currency balances on its own: WALLET(src) -amount, FX_CLEARING(src) +amount, FX_CLEARING(dst)
 * -payout_amount, PAYOUT_IN_FLIGHT(dst) +payout_amount. The fee moves WALLET(src) -> FEES(src).
 */
function outboundLines(m: PayoutMoney, sign: 1 | -1, withFee: boolean): PostingLine[] {
  const line = (currency: string, purpose: PostingLine['purpose'], amount: Decimal): PostingLine => ({
    accountId: m.accountId,
    currency,
    purpose,
    amount: sign === 1 ? amount : amount.neg(),
  });
  const fee = withFee && m.fee.gt(0) ? m.fee : undefined;
  const walletOut = fee ? m.sourceAmount.plus(fee) : m.sourceAmount;
  const lines: PostingLine[] = [
    // The one debit that can overdraw: guarded, so the check and the debit are one statement.
    { ...line(m.sourceCurrency, 'WALLET', walletOut.neg()), guardNonNegative: sign === 1 },
    line(m.payoutCurrency, 'PAYOUT_IN_FLIGHT', m.payoutAmount),
  ];
  if (fee) lines.push(line(m.sourceCurrency, 'FEES', fee));
  if (m.sourceCurrency !== m.payoutCurrency) {
    lines.push(line(m.sourceCurrency, 'FX_CLEARING', m.sourceAmount), line(m.payoutCurrency, 'FX_CLEARING', m.payoutAmount.neg()));
  }
  return lines;
}

/** At creation: debits the payer's wallet (amount + fee); insufficient funds refuse the whole entry. */
export const debitWalletForPayout = (writes: WriteSet, m: PayoutMoney, at: Date) =>
  addJournalEntry(writes, {
    accountId: m.accountId,
    kind: 'PAYOUT',
    referenceType: 'PAYOUT',
    referenceId: m.payoutId,
    at,
    lines: outboundLines(m, 1, true),
  });

/** COMPLETED: the money in flight leaves for the beneficiary's bank. */
export const addPayoutCompletion = (writes: WriteSet, m: PayoutMoney, at: Date) =>
  addJournalEntry(writes, {
    accountId: m.accountId,
    kind: 'PAYOUT_COMPLETED',
    referenceType: 'PAYOUT',
    referenceId: m.payoutId,
    at,
    lines: [
      { accountId: m.accountId, currency: m.payoutCurrency, purpose: 'PAYOUT_IN_FLIGHT', amount: m.payoutAmount.neg() },
      { accountId: m.accountId, currency: m.payoutCurrency, purpose: 'BANK_CLEARING', amount: m.payoutAmount },
    ],
  });

/**
 * REJECTED or FAILED: the money in flight goes back to the wallet it came from, a conversion
 * unwound at the quote's rate, so the payer gets back exactly the source amount (plus the fee
 * when `withFee`). Returns the amount returned, in the source currency.
 */
export function addPayoutReturn(writes: WriteSet, m: PayoutMoney, at: Date, withFee: boolean): Decimal {
  addJournalEntry(writes, {
    accountId: m.accountId,
    kind: 'PAYOUT_RETURNED',
    referenceType: 'PAYOUT',
    referenceId: m.payoutId,
    at,
    lines: outboundLines(m, -1, withFee),
  });
  return withFee ? m.sourceAmount.plus(m.fee) : m.sourceAmount;
}
