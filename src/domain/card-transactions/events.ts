import { addEvent, type EventName } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import type { CardTransactionView } from './view';

/** The data of the card transaction events: the transaction as CI23 answers it, amounts as decimal strings. */
export function addCardTransactionEvent(writes: WriteSet, accountId: string, eventName: EventName, t: CardTransactionView): void {
  addEvent(writes, {
    accountId,
    eventName,
    sourceId: t.id,
    data: {
      transaction_id: t.id,
      short_transaction_id: t.shortTransactionId,
      original_transaction_id: t.originalTransactionId,
      card_id: t.cardId,
      card_number: t.cardNumber,
      cardholder_id: t.cardholderId,
      transaction_type: t.transactionType,
      transaction_status: t.transactionStatus,
      transaction_amount: t.transactionAmount,
      transaction_currency: t.transactionCurrency,
      billing_amount: t.billingAmount,
      billing_currency: t.billingCurrency,
      card_available_balance: t.cardAvailableBalance,
      merchant_data: { category_code: t.merchant.categoryCode, city: t.merchant.city, country: t.merchant.country, name: t.merchant.name },
      authorization_code: t.authorizationCode,
      failure_reason: t.failureReason,
      transaction_time: t.transactionTime.toISOString(),
    },
    at: t.transactionTime,
  });
}
