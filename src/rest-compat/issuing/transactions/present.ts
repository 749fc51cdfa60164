import type { z } from 'zod';
import type { FailureReason } from '../../../domain/issuing/transactions/rules';
import type { CardTransactionView } from '../../../domain/issuing/transactions/view';
import { iso } from '../../shared/wire';
import type { restCardTransaction, restSimulatedTransaction } from './schemas';

// Issuing amounts are JSON numbers on the wire (spec conventions); the domain keeps decimal strings.
const num = (s: string): number => Number(s);

export const toRestSimulatedTransaction = (t: CardTransactionView): z.input<typeof restSimulatedTransaction> => ({
  card_id: t.cardId,
  card_number: t.cardNumber,
  cardholder_id: t.cardholderId,
  transaction_id: t.id,
  ...(t.originalTransactionId ? { original_transaction_id: t.originalTransactionId } : {}),
  transaction_type: t.transactionType,
  card_available_balance: num(t.cardAvailableBalance),
  billing_amount: num(t.billingAmount),
  billing_currency: t.billingCurrency,
  transaction_amount: num(t.transactionAmount),
  transaction_currency: t.transactionCurrency,
  transaction_time: iso(t.transactionTime),
  ...(t.postedTime ? { posted_time: iso(t.postedTime) } : {}),
  merchant_data: { category_code: t.merchant.categoryCode, city: t.merchant.city, country: t.merchant.country, name: t.merchant.name },
  ...(t.authorizationCode ? { authorization_code: t.authorizationCode } : {}),
  ...(t.failureReason ? { failure_reason: t.failureReason as FailureReason } : {}),
  transaction_status: t.transactionStatus,
  // Only where a decision endpoint took part: an account without one gets exactly the spec's answer.
  ...(t.decidedBy && t.decidedBy !== 'PAYRAIL' ? { decided_by: t.decidedBy } : {}),
  ...(t.partnerReferenceId ? { partner_reference_id: t.partnerReferenceId } : {}),
});

export const toRestCardTransaction = (t: CardTransactionView): z.input<typeof restCardTransaction> => ({
  ...toRestSimulatedTransaction(t),
  short_transaction_id: t.shortTransactionId,
  transaction_fee: num(t.transactionFee),
  transaction_fee_currency: t.transactionFeeCurrency,
  fee_pass_through: t.feePassThrough,
  ...(t.description ? { description: t.description } : {}),
});
