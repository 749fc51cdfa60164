import Decimal from 'decimal.js';
import { Prisma, type SettlementItem } from '../../../generated/prisma/client';
import type { CaptureToSettle } from '../payments/contract';
import { money } from '../../../platform/money/amount';
import { minorUnits } from '../../../platform/money/currencies';
import type { SettlementCurrency } from './currency';
import { settlementFees } from './fees';
import type { SettledMoney } from './ledger';

/**
 * One settled capture: its settlement item (spec 2.5) and its money as the ledger posts it. The
 * daily cut and a sandbox capture that settles at once (at-once.ts) both settle through here, so
 * an item and its posting are the same whichever settled it.
 */
export function settledItem(c: CaptureToSettle, sc: SettlementCurrency, where: { id: string; accountId: string; batchId: string; settledAt: Date; at: Date }): { item: SettlementItem; money: SettledMoney } {
  const gross = money(c.capturedAmount).minus(money(c.refundedAmount));
  const settlementAmount = gross.times(sc.exchangeRate).toDecimalPlaces(minorUnits(sc.currency), Decimal.ROUND_HALF_EVEN);
  const fees = settlementFees(settlementAmount, sc.currency, sc.perUsd);
  const net = settlementAmount.minus(fees.total);
  const dec = (d: Decimal) => new Prisma.Decimal(d.toFixed());
  const item: SettlementItem = {
    id: where.id,
    accountId: where.accountId,
    batchId: where.batchId,
    paymentIntentId: c.intentId,
    paymentAttemptId: c.attemptId,
    merchantOrderId: c.merchantOrderId,
    paymentMethod: c.paymentMethodType.toUpperCase(),
    sourceType: 'PAYMENT',
    transactionType: 'PAYMENT',
    status: 'SUCCEEDED',
    transactionCreatedAt: c.intentCreatedAt,
    transactionAt: c.capturedAt,
    transactionAmount: new Prisma.Decimal(c.capturedAmount),
    transactionCurrency: c.currency,
    settlementAmount: dec(settlementAmount),
    settlementCurrency: sc.currency,
    netSettlementAmount: dec(net),
    exchangeRate: dec(sc.exchangeRate),
    feeCurrency: sc.currency,
    interchangeFee: dec(fees.interchangeFee),
    schemeFee: dec(fees.schemeFee),
    transactionFee: dec(fees.transactionFee),
    returnFee: dec(fees.returnFee),
    totalFeeAmount: dec(fees.total),
    settlementCreatedAt: where.at,
    settledAt: where.settledAt,
  };
  return {
    item,
    money: { itemId: where.id, accountId: where.accountId, gross, transactionCurrency: c.currency, settlementAmount, settlementCurrency: sc.currency, net, fees: fees.total },
  };
}
