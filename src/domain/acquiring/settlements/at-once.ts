import { createHash } from 'node:crypto';
import { newId } from '../../../platform/ids/ids';
import { formatAmount } from '../../../platform/money/amount';
import type { CaptureToSettle } from '../payments/contract';
import type { WriteSet } from '../../../platform/writes/write-set';
import { settlementCurrencyFor, type SettlementCurrency } from './currency';
import { settledItem } from './item';
import { addSettlementBatchEvent } from './events';
import { addSettlementPosting } from './ledger';
import { addBatchAndItem } from './store';

type Reader = Parameters<typeof settlementCurrencyFor>[0];

/**
 * A capture settled in its own commit, with no daily cut: the sandbox's test value for money that
 * is available at once (docs/decisions/acquiring/payments.md; which capture qualifies is the payments area's rule). It
 * settles exactly as the cut would (item.ts): one item, the same SETTLEMENT posting, in a batch of
 * its own whose cut is the capture instant, and one `settlement.create.succeeded` event.
 */
export type SettlementAtOnce = SettlementCurrency;

/** The read a settlement at once rests on: the settlement currency, as the cut decides it. */
export const prepareSettlementAtOnce = (reader: Reader, c: { accountId: string; currency: string; now: Date }): Promise<SettlementAtOnce> =>
  settlementCurrencyFor(reader, c);

/**
 * The batch of an instant: its id follows from (account, currency, instant), so two settlements at
 * once in the same millisecond share one batch under one id (the batch is upserted, item_count
 * counting both) rather than name a batch that lost the race.
 */
function batchIdOf(accountId: string, currency: string, at: Date): string {
  const h = createHash('sha256').update(`settlement-at-once|${accountId}|${currency}|${at.toISOString()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Adds the settlement of a capture made in the same write set: its item, its batch, its posting
 * (after the capture's, which put the money in PAYMENT_PENDING) and its event. The capture's
 * attempt is written SETTLED by the payments area in the same set.
 */
export function addSettlementAtOnce(writes: WriteSet, c: CaptureToSettle, sc: SettlementAtOnce, accountId: string, at: Date): void {
  const batchId = batchIdOf(accountId, sc.currency, at);
  const { item, money } = settledItem(c, sc, { id: newId(), accountId, batchId, settledAt: at, at });
  addBatchAndItem(writes, { id: batchId, accountId, currency: sc.currency, cutAt: at, createdAt: at }, item);
  if (money.gross.gt(0)) addSettlementPosting(writes, money, at);
  addSettlementBatchEvent(writes, accountId, {
    id: batchId,
    currency: sc.currency,
    itemCount: 1,
    settlementAmount: formatAmount(money.settlementAmount, sc.currency),
    netSettlementAmount: formatAmount(money.net, sc.currency),
    totalFeeAmount: formatAmount(money.fees, sc.currency),
    settlementDate: at,
  }, at);
}
