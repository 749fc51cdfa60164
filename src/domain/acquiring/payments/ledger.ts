import type Decimal from 'decimal.js';
import { addJournalEntry, type Posting } from '../../../platform/ledger/posting';
import type { WriteSet } from '../../../platform/writes/write-set';

/**
 * A capture (docs/decisions/acquiring/ledger.md, "the acquiring side of the ledger"): the card network owes the
 * captured amount, which is pending for the merchant until settlement. CARD_CLEARING -amount,
 * PAYMENT_PENDING +amount. An authorization alone posts nothing.
 */
function capturePosting(m: CaptureMoney, at: Date): Posting {
  return {
    accountId: m.accountId,
    kind: 'PAYMENT_CAPTURE',
    referenceType: 'PAYMENT_INTENT',
    referenceId: m.intentId,
    at,
    lines: [
      { accountId: m.accountId, currency: m.currency, purpose: 'CARD_CLEARING', amount: m.amount.neg() },
      { accountId: m.accountId, currency: m.currency, purpose: 'PAYMENT_PENDING', amount: m.amount },
    ],
  };
}

export type CaptureMoney = { accountId: string; intentId: string; currency: string; amount: Decimal };

export const addCapturePosting = (writes: WriteSet, m: CaptureMoney, at: Date) => addJournalEntry(writes, capturePosting(m, at));
