import type { z } from 'zod';
import type { PayoutView } from '../../../domain/wallet/payouts/view';
import { iso, isoOrNull } from '../../shared/wire';
import type { restPayout, restPayoutResult } from './schemas';

export const toRestPayoutResult = (p: PayoutView): z.input<typeof restPayoutResult> => ({
  payout_id: p.id,
  short_reference_id: p.shortReferenceId,
  payout_status: p.status,
});

/** Payout record, field by field; payout_reason repeats purpose_code, the reason vocabulary the spec has. */
export const toRestPayout = (p: PayoutView): z.input<typeof restPayout> => ({
  payout_id: p.id,
  short_reference_id: p.shortReferenceId,
  payout_status: p.status,
  create_time: iso(p.createdAt),
  payout_amount: p.payoutAmount,
  payout_currency: p.payoutCurrency,
  source_currency: p.sourceCurrency,
  source_amount: p.sourceAmount,
  amount_payer_pays: p.amountPayerPays,
  amount_beneficiary_receives: p.payoutAmount,
  fee_amount: p.feeAmount,
  fee_currency: p.feeCurrency,
  fee_paid_by: p.feePaidBy,
  payout_date: p.payoutDate,
  payout_method: p.paymentMethod,
  payout_reason: p.purposeCode,
  payout_reference: p.payoutReference,
  purpose_code: p.purposeCode,
  beneficiary_id: p.beneficiaryId,
  quote_id: p.quoteId,
  is_payer: p.isPayer ? 'Y' : 'N',
  payer_id: p.payerId,
  update_time: iso(p.updatedAt),
  complete_time: isoOrNull(p.completedAt),
  failure_reason: p.failureReason,
  failure_returned_amount: p.failureReturnedAmount,
});
