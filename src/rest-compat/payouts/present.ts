import type { Payout } from '../../generated/prisma/client';
import { formatAmount, money } from '../../domain/money/amount';

const amount = (value: { toString(): string }, currency: string): string => formatAmount(money(value), currency);

/** PayoutResult (spec 2.11): the answer of PO1. */
export const toRestPayoutResult = (p: Payout) => ({
  payout_id: p.id,
  short_reference_id: p.shortReferenceId,
  payout_status: p.status,
});

/**
 * Payout record (catalogue PO2/PO3), field by field. Amounts are decimal strings in their
 * currency's precision; what the payer pays is the source amount plus the fee (both in the source
 * currency); payout_reason repeats purpose_code, the reason vocabulary the specification has.
 */
export const toRestPayout = (p: Payout) => ({
  payout_id: p.id,
  short_reference_id: p.shortReferenceId,
  payout_status: p.status,
  create_time: p.createdAt.toISOString(),
  payout_amount: amount(p.payoutAmount, p.payoutCurrency),
  payout_currency: p.payoutCurrency,
  source_currency: p.sourceCurrency,
  source_amount: amount(p.sourceAmount, p.sourceCurrency),
  amount_payer_pays: formatAmount(money(p.sourceAmount).plus(money(p.feeAmount)), p.sourceCurrency),
  amount_beneficiary_receives: amount(p.payoutAmount, p.payoutCurrency),
  fee_amount: amount(p.feeAmount, p.feeCurrency),
  fee_currency: p.feeCurrency,
  fee_paid_by: p.feePaidBy,
  payout_date: p.payoutDate.toISOString().slice(0, 10),
  payout_method: p.paymentMethod,
  payout_reason: p.purposeCode,
  payout_reference: p.payoutReference,
  purpose_code: p.purposeCode,
  beneficiary_id: p.beneficiaryId,
  quote_id: p.quoteId,
  is_payer: p.isPayer ? 'Y' : 'N',
  payer_id: p.payerId,
  update_time: p.updatedAt.toISOString(),
  complete_time: p.completedAt?.toISOString() ?? null,
  failure_reason: p.failureReason,
  failure_returned_amount: p.failureReturnedAmount === null ? null : amount(p.failureReturnedAmount, p.sourceCurrency),
});
