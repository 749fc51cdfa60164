import type Decimal from 'decimal.js';
import type { Tx } from '../../../platform/db/tx';
import { newId } from '../../../platform/ids/ids';
import { formatAmount, ZERO } from '../../../platform/money/amount';
import { defineTransition } from '../../../platform/scheduler/transitions';
import { lockCapturesToSettle, markCaptureSettled, type CaptureToSettle } from '../payments/contract';
import { applyInTransaction } from '../../../platform/writes/apply';
import { WriteSet } from '../../../platform/writes/write-set';
import { SETTLEMENT_CUT } from './contract';
import { bankAccountCurrency, settlementCurrencyFor, type PreferredSettlementCurrency, type SettlementCurrency } from './currency';
import { recordSettlementBatchEvent } from './events';
import { settledItem } from './item';
import { postSettlementOfItem } from './ledger';

/**
 * The daily cut (settlement.cut, one per account and cut instant, scheduled by each capture for
 * the next 00:00 UTC+8 after it): every capture of the account that succeeded before the cut and
 * is not settled yet becomes one settlement item, grouped into one batch per settlement currency.
 * Each item posts its SETTLEMENT entry; each batch writes one `settlement.create.succeeded` event.
 * Refunds are not items: a refund before the cut lowers its capture's settled amount, a refund
 * after it is taken from the available balance (docs/decisions/acquiring/refunds.md).
 */
interface Batch {
  id: string;
  currency: string;
  items: number;
  gross: Decimal;
  net: Decimal;
  fees: Decimal;
}

const wireAmount = (d: Decimal, currency: string) => formatAmount(d, currency);

async function batchFor(tx: Tx, batches: Map<string, Batch>, accountId: string, currency: string, cut: Date, at: Date): Promise<Batch> {
  const known = batches.get(currency);
  if (known) return known;
  // A batch of this cut may already exist: a capture that committed after its cut ran (real clock).
  const row = await tx.settlementBatch.upsert({
    where: { accountId_currency_cutAt: { accountId, currency, cutAt: cut } },
    create: { id: newId(), accountId, currency, cutAt: cut, itemCount: 0, createdAt: at },
    update: {},
  });
  const batch: Batch = { id: row.id, currency, items: 0, gross: ZERO, net: ZERO, fees: ZERO };
  batches.set(currency, batch);
  return batch;
}

async function settleCapture(tx: Tx, c: CaptureToSettle, sc: SettlementCurrency, batch: Batch, accountId: string, cut: Date, at: Date) {
  const { item, money: settled } = settledItem(c, sc, { id: newId(), accountId, batchId: batch.id, settledAt: cut, at });
  await tx.settlementItem.create({ data: item });
  // The attempt's status follows (CAPTURE_REQUESTED -> SETTLED), through the payments area's contract.
  const settledMark = new WriteSet();
  markCaptureSettled(settledMark, { paymentAttemptId: c.attemptId, at });
  await applyInTransaction(tx, settledMark);
  // A capture refunded in full before the cut settles as a zero item and moves no money.
  if (settled.gross.gt(0)) await postSettlementOfItem(tx, settled, at);
  batch.items++;
  batch.gross = batch.gross.plus(settled.settlementAmount);
  batch.net = batch.net.plus(settled.net);
  batch.fees = batch.fees.plus(settled.fees);
}

/** Settles the account's captures before `cut`; answers the batches it wrote (none when nothing was due). */
export async function runSettlementCut(
  tx: Tx,
  accountId: string,
  cut: Date,
  at: Date,
  preferred: PreferredSettlementCurrency = bankAccountCurrency,
): Promise<Batch[]> {
  const captures = await lockCapturesToSettle(tx, accountId, cut);
  const currencies = new Map<string, SettlementCurrency>();
  const batches = new Map<string, Batch>();
  for (const capture of captures) {
    let sc = currencies.get(capture.currency);
    if (!sc) {
      sc = await settlementCurrencyFor(tx, { accountId, currency: capture.currency, now: at }, preferred);
      currencies.set(capture.currency, sc);
    }
    const batch = await batchFor(tx, batches, accountId, sc.currency, cut, at);
    await settleCapture(tx, capture, sc, batch, accountId, cut, at);
  }
  for (const b of batches.values()) {
    await tx.settlementBatch.update({ where: { id: b.id }, data: { itemCount: { increment: b.items } } });
    await recordSettlementBatchEvent(tx, accountId, {
      id: b.id,
      currency: b.currency,
      itemCount: b.items,
      settlementAmount: wireAmount(b.gross, b.currency),
      netSettlementAmount: wireAmount(b.net, b.currency),
      totalFeeAmount: wireAmount(b.fees, b.currency),
      settlementDate: cut,
    }, at);
  }
  return [...batches.values()];
}

// The transition's subject is the account; its due time is the cut.
defineTransition(SETTLEMENT_CUT, async (tx, transition, at) => {
  await runSettlementCut(tx, transition.subjectId, transition.dueAt, at);
});
