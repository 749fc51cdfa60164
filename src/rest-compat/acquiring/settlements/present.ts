import type { z } from 'zod';
import type { SettlementBatchView } from '../../../domain/acquiring/settlements/events';
import type { SettlementView } from '../../../domain/acquiring/settlements/view';
import { iso } from '../../shared/wire';
import type { restSettlement } from './schemas';

export const toRestSettlement = (s: SettlementView): z.input<typeof restSettlement> => ({
  settlement_id: s.id,
  account_id: s.accountId,
  account_name: s.accountName,
  source_type: s.sourceType,
  transaction_type: s.transactionType,
  merchant_order_id: s.merchantOrderId,
  payment_intent_id: s.paymentIntentId,
  payment_method: s.paymentMethod,
  transaction_create_date: iso(s.transactionCreatedAt),
  transaction_amount: s.transactionAmount,
  transaction_currency: s.transactionCurrency,
  transaction_date: iso(s.transactionAt),
  settlement_amount: s.settlementAmount,
  settlement_currency: s.settlementCurrency,
  net_settlement_amount: s.netSettlementAmount,
  exchange_rate: s.exchangeRate,
  fee_currency: s.feeCurrency,
  interchange_fee: s.interchangeFee,
  scheme_fee: s.schemeFee,
  transcation_fee: s.transactionFee,
  return_fee: s.returnFee,
  total_fee_amount: s.totalFeeAmount,
  settlement_status: s.status,
  settlement_batch_id: s.batchId,
  settlement_create_date: iso(s.settlementCreatedAt),
  settlement_date: iso(s.settledAt),
});

/** settlement.create.succeeded's data: the batch. */
export const toRestSettlementBatch = (b: SettlementBatchView) => ({
  settlement_batch_id: b.id,
  settlement_currency: b.currency,
  item_count: b.itemCount,
  settlement_amount: b.settlementAmount,
  net_settlement_amount: b.netSettlementAmount,
  total_fee_amount: b.totalFeeAmount,
  settlement_date: b.settlementDate.toISOString(),
});
