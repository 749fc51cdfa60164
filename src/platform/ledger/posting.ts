import Decimal from 'decimal.js';
import type { Tx } from '../db/tx';
import type { DomainError } from '../errors/domain-error';
import { newId } from '../ids/ids';
import { applyInTransaction } from '../writes/apply';
import { WriteSet } from '../writes/write-set';
import { money } from '../money/amount';
import { ledgerErrors, UnbalancedEntryError } from './errors';
import type { JournalEntryKind, LedgerReferenceType } from './references';

export type { JournalEntryKind, LedgerReferenceType } from './references';

/** The purposes of ledger accounts (DESIGN "Money and the ledger"). */
export type LedgerPurpose =
  /** The customer's available money in a currency (the balance of BT1). */
  | 'WALLET'
  /** Debited from the wallet for a payout not yet completed (frozen_balance). */
  | 'PAYOUT_IN_FLIGHT'
  /** Fees the platform earned. */
  | 'FEES'
  /** The outside bank rails: money arriving (deposits) and leaving (payouts). */
  | 'BANK_CLEARING'
  /** The platform's FX desk: the other side of each conversion leg. */
  | 'FX_CLEARING'
  /** Acquiring: captured card money not yet settled (PaymentBalance.pending_balance). */
  | 'PAYMENT_PENDING'
  /** Acquiring: settled money, net of fees (PaymentBalance.available_balance). Never below zero. */
  | 'PAYMENT_AVAILABLE'
  /** Acquiring: the card networks' side, money owed by them for captures, owed to them for refunds. */
  | 'CARD_CLEARING'
  /** Acquiring: a refund taken from the payment balance, not yet returned to the card. */
  | 'REFUND_IN_FLIGHT'
  /** Acquiring: a payment payout taken from the available balance, not yet at the bank. */
  | 'PAYMENT_PAYOUT_IN_FLIGHT'
  /** Issuing: the account's issuing balance (IssuingBalance.available_balance); SHARE cards spend from it. Never below zero. */
  | 'ISSUING_AVAILABLE'
  /** Issuing: the prepaid money on the account's SINGLE cards; each card's share is `cards.available_balance`. */
  | 'CARD_BALANCE'
  /** Issuing: authorized card spending not yet cleared or reversed (IssuingBalance.frozen_balance); each card's share is `cards.auth_held`. */
  | 'ISSUING_AUTH_HOLD'
  /** Issuing: the card networks' side, owed cleared spending, owing card refunds. */
  | 'ISSUING_CLEARING'
  /** Issuing: refunds the networks sent to the account's cards unasked, held until the account claims them. Never below zero. */
  | 'ISSUING_UNSOLICITED_REFUND'
  /**
   * Sandbox only: the named source of the test money a sandbox master's issuing balances start
   * with (issuing-transfers/sandbox-funds.ts); its balance is minus what it gave.
   */
  | 'SANDBOX_FUNDS';

export interface PostingLine {
  accountId: string;
  currency: string;
  purpose: LedgerPurpose;
  /** Signed: positive raises the ledger account's balance. */
  amount: Decimal;
  /** Refuse the whole entry when this line would take the balance below zero (wallets). */
  guardNonNegative?: boolean;
  /** The refusal of a guarded debit that is short, when not the wallet's insufficient balance (a payment balance). */
  shortfall?: DomainError;
}

export interface Posting {
  /** The account whose action posts the entry. */
  accountId: string;
  kind: JournalEntryKind;
  referenceType: LedgerReferenceType;
  referenceId: string;
  description?: string;
  at: Date;
  lines: PostingLine[];
  /** The entry's id when the caller must name it before posting (an event written ahead of the posting). */
  entryId?: string;
}

const keyOf = (l: PostingLine) => `${l.accountId}|${l.currency}|${l.purpose}`;

/**
 * The entry and its lines in one statement (`payrail_post`, prisma/functions/payrail_post.sql), which
 * applies the rules below exactly as written there: one call instead of one dynamic statement per
 * row was the largest share of a payout's work inside the group commit (docs/performance.md).
 */
const POST = `SELECT payrail_post($1::jsonb)`;

function checkBalanced(posting: Posting): void {
  const sums = new Map<string, Decimal>();
  for (const line of posting.lines) sums.set(line.currency, (sums.get(line.currency) ?? money(0)).plus(line.amount));
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new UnbalancedEntryError(`${posting.kind}: ${currency} lines sum to ${sum.toFixed()}`);
  }
}

// A refusal is a value: one per currency, built once. Every guarded posting registers its refusal
// whether or not it is used, and a DomainError captures a stack trace when made (~4 % of the server's
// CPU per payout, docs/performance.md).
const shortWallets = new Map<string, DomainError>();
function insufficientBalance(currency: string): DomainError {
  let refusal = shortWallets.get(currency);
  if (refusal === undefined) shortWallets.set(currency, (refusal = ledgerErrors.insufficientBalance(currency)));
  return refusal;
}

/**
 * THE posting API: adds a balanced journal entry to a write set, which commits it together with the
 * state change it belongs to. The rules, which `payrail_post` applies in one statement:
 * - each line moves its ledger account's balance and records the balance after it on its journal
 *   line; a ledger account is created by its first line;
 * - lines go in a fixed order of ledger accounts, so concurrent postings cannot deadlock;
 * - a guarded debit (`guardNonNegative` on a negative line) moves the balance only if it stays at or
 *   above zero, checked in the UPDATE under the row lock, never read-then-write; a short one refuses
 *   the whole write set with its `shortfall` (default: insufficient balance).
 */
export function addJournalEntry(writes: WriteSet, posting: Posting): { entryId: string } {
  checkBalanced(posting);
  const entryId = posting.entryId ?? newId();
  const ordered = [...posting.lines].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const refusals: DomainError[] = [];
  const lines = ordered.map((line) => {
    const guard = line.guardNonNegative === true && line.amount.isNegative();
    if (guard) refusals.push(line.shortfall ?? insufficientBalance(line.currency));
    return {
      id: newId(),
      account_id: line.accountId,
      currency: line.currency,
      purpose: line.purpose,
      amount: line.amount.toFixed(),
      new_id: newId(),
      guard,
    };
  });
  const args = {
    id: entryId,
    account_id: posting.accountId,
    kind: posting.kind,
    reference_type: posting.referenceType,
    reference_id: posting.referenceId,
    description: posting.description ?? null,
    at: posting.at.toISOString(),
    lines,
  };
  writes.post({ sql: POST, args }, refusals);
  return { entryId };
}

/** Posts a journal entry inside the caller's transaction (the cold paths: scheduled transitions, admin). */
export async function postJournalEntry(tx: Tx, posting: Posting): Promise<{ entryId: string }> {
  const writes = new WriteSet();
  const posted = addJournalEntry(writes, posting);
  await applyInTransaction(tx, writes);
  return posted;
}
