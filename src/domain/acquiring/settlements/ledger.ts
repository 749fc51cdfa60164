import type Decimal from 'decimal.js';
import { addJournalEntry, type PostingLine } from '../../../platform/ledger/posting';
import type { WriteSet } from '../../../platform/writes/write-set';

/** The money of one settled item as the ledger sees it. */
export interface SettledMoney {
  itemId: string;
  accountId: string;
  /** The capture less what was refunded before settlement, in the capture's currency. */
  gross: Decimal;
  transactionCurrency: string;
  /** gross in the settlement currency (= gross when the currencies are the same). */
  settlementAmount: Decimal;
  settlementCurrency: string;
  net: Decimal;
  fees: Decimal;
}

/**
 * SETTLEMENT (docs/decisions/acquiring/ledger.md): PAYMENT_PENDING −gross, PAYMENT_AVAILABLE +net, FEES +fees; a
 * settlement in another currency goes through the FX desk so each currency balances on its own
 * (FX_CLEARING +gross in the capture's currency, −settlement_amount in the settlement currency).
 */
export function addSettlementPosting(writes: WriteSet, m: SettledMoney, at: Date): void {
  const line = (currency: string, purpose: PostingLine['purpose'], amount: Decimal): PostingLine => ({ accountId: m.accountId, currency, purpose, amount });
  const lines: PostingLine[] = [
    // Never below zero: a pending balance short of a capture it holds is a bug, and fails the cut.
    { ...line(m.transactionCurrency, 'PAYMENT_PENDING', m.gross.neg()), guardNonNegative: true },
    line(m.settlementCurrency, 'PAYMENT_AVAILABLE', m.net),
    line(m.settlementCurrency, 'FEES', m.fees),
  ];
  if (m.transactionCurrency !== m.settlementCurrency) {
    lines.push(line(m.transactionCurrency, 'FX_CLEARING', m.gross), line(m.settlementCurrency, 'FX_CLEARING', m.settlementAmount.neg()));
  }
  addJournalEntry(writes, { accountId: m.accountId, kind: 'SETTLEMENT', referenceType: 'SETTLEMENT', referenceId: m.itemId, at, lines });
}
