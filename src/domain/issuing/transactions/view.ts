import type { CardTransaction } from '../../../generated/prisma/client';
import type { DecidedBy } from '../auth-decisions/rules';
import type { YesNo } from '../cards/rules';
import type { CardTransactionStatus, CardTransactionType } from './rules';

/** A card transaction as both doors present it (spec 2.13, endpoints.md CI22/CI23): the masked number only. */
export interface CardTransactionView {
  id: string;
  cardId: string;
  cardNumber: string;
  cardholderId: string;
  shortTransactionId: string;
  originalTransactionId: string | null;
  transactionType: CardTransactionType;
  transactionStatus: CardTransactionStatus;
  transactionAmount: string;
  transactionCurrency: string;
  billingAmount: string;
  billingCurrency: string;
  transactionFee: string;
  transactionFeeCurrency: string;
  feePassThrough: YesNo;
  cardAvailableBalance: string;
  merchant: { categoryCode: string; city: string; country: string; name: string };
  authorizationCode: string | null;
  /** Payrail's reason (FAILURE_REASONS), or the customer's response code when its endpoint declined. */
  failureReason: string | null;
  /** Authorizations: who decided (PAYRAIL, PARTNER, TIMEOUT_STRATEGY); null on other types. */
  decidedBy: DecidedBy | null;
  /** The customer's reference from its decision answer. */
  partnerReferenceId: string | null;
  description: string | null;
  /** Authorization rows: what is still held. */
  heldAmount: string;
  transactionTime: Date;
  postedTime: Date | null;
}

export const toCardTransactionView = (t: CardTransaction): CardTransactionView => ({
  id: t.id,
  cardId: t.cardId,
  cardNumber: t.maskedPan,
  cardholderId: t.cardholderId,
  shortTransactionId: t.shortTransactionId,
  originalTransactionId: t.originalTransactionId,
  transactionType: t.transactionType as CardTransactionType,
  transactionStatus: t.transactionStatus as CardTransactionStatus,
  transactionAmount: t.transactionAmount.toFixed(2),
  transactionCurrency: t.transactionCurrency,
  billingAmount: t.billingAmount.toFixed(2),
  billingCurrency: t.billingCurrency,
  transactionFee: t.transactionFee.toFixed(2),
  transactionFeeCurrency: t.transactionFeeCurrency,
  feePassThrough: t.feePassThrough as YesNo,
  cardAvailableBalance: t.cardAvailableBalance.toFixed(2),
  merchant: { categoryCode: t.merchantCategoryCode, city: t.merchantCity, country: t.merchantCountry, name: t.merchantName },
  authorizationCode: t.authorizationCode,
  failureReason: t.failureReason,
  decidedBy: t.decidedBy as DecidedBy | null,
  partnerReferenceId: t.partnerReferenceId,
  description: t.description,
  heldAmount: t.heldAmount.toFixed(2),
  transactionTime: t.transactionTime,
  postedTime: t.postedTime,
});
