import type Decimal from 'decimal.js';
import type { SettlementItem } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { newId } from '../../../platform/ids/ids';
import { formatAmount, ZERO } from '../../../platform/money/amount';
import { defineTransition } from '../../../platform/scheduler/transitions';
import { lockCapturesToSettle, markCaptureSettled } from '../payments/contract';
import { applyInTransaction } from '../../../platform/writes/apply';
import { WriteSet } from '../../../platform/writes/write-set';
import { SETTLEMENT_CUT } from './contract';
import { bankAccountCurrency, settlementCurrencyFor, type PreferredSettlementCurrency, type SettlementCurrency } from './currency';
import { addSettlementBatchEvent } from './events';
import { settledItem } from './item';
import { addSettlementPosting, type SettledMoney } from './ledger';
import { addCutBatch, addSettlementItem, readBatchesOfCut } from './store';

/**
 * The daily cut (settlement.cut, one per account and cut instant, scheduled by each capture for
 * the next 00:00 UTC+8 after it): every capture of the account that succeeded before the cut and
 * is not settled yet becomes one settlement item, grouped into one batch per settlement currency.
 * Each item posts its SETTLEMENT entry; each batch writes one `settlement.create.succeeded` event.
 * Refunds are not items: a refund before the cut lowers its capture's settled amount, a refund
 * after it is taken from the available balance (docs/decisions/acquiring/refunds.md).
 *
 * It is a scheduled job, not a row's state machine (its subject is the account): it reads first —
 * the captures, locked; the settlement currencies; the cut's batches already written — then builds
 * one write set, applied once in the transition's transaction.
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

/** Settles the account's captures before `cut`; answers the batches it wrote (none when nothing was due). */
export async function runSettlementCut(
  tx: Tx,
  accountId: string,
  cut: Date,
  at: Date,
  preferred: PreferredSettlementCurrency = bankAccountCurrency,
): Promise<Batch[]> {
  const captures = await lockCapturesToSettle(tx, accountId, cut);
  if (captures.length === 0) return [];
  // A batch of this cut may already exist: a capture that committed after its cut ran (real clock).
  const written = await readBatchesOfCut(tx, accountId, cut);
  const currencies = new Map<string, SettlementCurrency>();
  const batches = new Map<string, Batch>();
  const settled: { item: SettlementItem; money: SettledMoney }[] = [];
  for (const capture of captures) {
    let sc = currencies.get(capture.currency);
    if (!sc) {
      sc = await settlementCurrencyFor(tx, { accountId, currency: capture.currency, now: at }, preferred);
      currencies.set(capture.currency, sc);
    }
    let batch = batches.get(sc.currency);
    if (!batch) {
      batch = { id: written.get(sc.currency) ?? newId(), currency: sc.currency, items: 0, gross: ZERO, net: ZERO, fees: ZERO };
      batches.set(sc.currency, batch);
    }
    const s = settledItem(capture, sc, { id: newId(), accountId, batchId: batch.id, settledAt: cut, at });
    settled.push(s);
    batch.items++;
    batch.gross = batch.gross.plus(s.money.settlementAmount);
    batch.net = batch.net.plus(s.money.net);
    batch.fees = batch.fees.plus(s.money.fees);
  }

  const writes = new WriteSet();
  for (const b of batches.values()) addCutBatch(writes, { id: b.id, accountId, currency: b.currency, cutAt: cut, itemCount: b.items, createdAt: at });
  for (const { item, money } of settled) {
    addSettlementItem(writes, item);
    // The attempt's status follows (CAPTURE_REQUESTED -> SETTLED), through the payments area's contract.
    markCaptureSettled(writes, { paymentAttemptId: item.paymentAttemptId, at });
    // A capture refunded in full before the cut settles as a zero item and moves no money.
    if (money.gross.gt(0)) addSettlementPosting(writes, money, at);
  }
  for (const b of batches.values()) {
    addSettlementBatchEvent(writes, accountId, {
      id: b.id,
      currency: b.currency,
      itemCount: b.items,
      settlementAmount: wireAmount(b.gross, b.currency),
      netSettlementAmount: wireAmount(b.net, b.currency),
      totalFeeAmount: wireAmount(b.fees, b.currency),
      settlementDate: cut,
    }, at);
  }
  await applyInTransaction(tx, writes);
  return [...batches.values()];
}

// The transition's subject is the account; its due time is the cut.
defineTransition(SETTLEMENT_CUT, async (tx, transition, at) => {
  await runSettlementCut(tx, transition.subjectId, transition.dueAt, at);
});
