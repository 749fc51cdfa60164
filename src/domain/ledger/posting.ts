import Decimal from 'decimal.js';
import type { Tx } from '../../db/tx';
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
  | 'ISSUING_CLEARING';

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

/** The line, its journal line and the ledger account's new balance, in one statement. */
const LINE_INSERT = `INSERT INTO journal_lines (id, entry_id, account_id, ledger_account_id, currency, amount, balance_after, created_at)
  SELECT ($1::jsonb->>'line_id')::uuid, ($1::jsonb->>'entry_id')::uuid, ($1::jsonb->>'account_id')::uuid, a.id,
         $1::jsonb->>'currency', ($1::jsonb->>'amount')::numeric, a.balance, ($1::jsonb->>'at')::timestamptz
  FROM a RETURNING jsonb_build_object('balance', balance_after::text)`;

/**
 * A guarded debit only updates: a wallet that does not exist yet has nothing to debit, and the
 * check (`balance + amount >= 0`) is in the UPDATE itself, atomic under the row lock — never
 * read-then-write.
 */
const GUARDED_DEBIT = `WITH a AS (
    UPDATE ledger_accounts SET balance = balance + ($1::jsonb->>'amount')::numeric, updated_at = ($1::jsonb->>'at')::timestamptz
    WHERE account_id = ($1::jsonb->>'account_id')::uuid AND currency = $1::jsonb->>'currency' AND purpose = $1::jsonb->>'purpose'
      AND balance + ($1::jsonb->>'amount')::numeric >= 0
    RETURNING id, balance)
  ${LINE_INSERT}`;

/**
 * Every other line moves an existing ledger account with a plain UPDATE and creates the account on
 * first use (the INSERT's ON CONFLICT covers a concurrent first use). Not one upsert: an
 * `INSERT … ON CONFLICT DO UPDATE` on a row that the batch's earlier items already updated walks
 * every version of that row for its conflict check, ~9× an UPDATE's cost on a busy account
 * (docs/performance.md, "Hot ledger accounts").
 */
const UPSERT_LINE = `WITH u AS (
    UPDATE ledger_accounts SET balance = balance + ($1::jsonb->>'amount')::numeric, updated_at = ($1::jsonb->>'at')::timestamptz
    WHERE account_id = ($1::jsonb->>'account_id')::uuid AND currency = $1::jsonb->>'currency' AND purpose = $1::jsonb->>'purpose'
    RETURNING id, balance),
  i AS (
    INSERT INTO ledger_accounts (id, account_id, currency, purpose, balance, created_at, updated_at)
    SELECT ($1::jsonb->>'new_id')::uuid, ($1::jsonb->>'account_id')::uuid, $1::jsonb->>'currency', $1::jsonb->>'purpose',
           ($1::jsonb->>'amount')::numeric, ($1::jsonb->>'at')::timestamptz, ($1::jsonb->>'at')::timestamptz
    WHERE NOT EXISTS (SELECT 1 FROM u)
    ON CONFLICT (account_id, currency, purpose)
    DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance, updated_at = EXCLUDED.updated_at
    RETURNING id, balance),
  a AS (SELECT id, balance FROM u UNION ALL SELECT id, balance FROM i)
  ${LINE_INSERT}`;

function checkBalanced(posting: Posting): void {
  const sums = new Map<string, Decimal>();
  for (const line of posting.lines) sums.set(line.currency, (sums.get(line.currency) ?? money(0)).plus(line.amount));
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new UnbalancedEntryError(`${posting.kind}: ${currency} lines sum to ${sum.toFixed()}`);
  }
}

/**
 * THE posting API: adds a balanced journal entry to a write set, which commits it together with the
 * state change it belongs to. The entry row comes first; then each line moves its ledger account's
 * balance and writes its journal line in one statement, ledger accounts in a fixed order so
 * concurrent postings cannot deadlock. A
 * guarded debit that would go below zero refuses the whole write set (insufficient balance).
 */
export function addJournalEntry(writes: WriteSet, posting: Posting): { entryId: string } {
  checkBalanced(posting);
  const entryId = posting.entryId ?? newId();
  const at = posting.at.toISOString();
  writes.insert('journal_entries', {
    id: entryId,
    accountId: posting.accountId,
    kind: posting.kind,
    referenceType: posting.referenceType,
    referenceId: posting.referenceId,
    description: posting.description ?? null,
    createdAt: posting.at,
  });
  const guarded = (l: PostingLine) => (l.guardNonNegative === true && l.amount.isNegative() ? 1 : 0);
  const ordered = [...posting.lines].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  for (const line of ordered) {
    const args = {
      line_id: newId(),
      entry_id: entryId,
      account_id: line.accountId,
      currency: line.currency,
      purpose: line.purpose,
      amount: line.amount.toFixed(),
      at,
    };
    if (guarded(line)) writes.require({ sql: GUARDED_DEBIT, args }, line.shortfall ?? ledgerErrors.insufficientBalance(line.currency));
    else writes.run({ sql: UPSERT_LINE, args: { ...args, new_id: newId() }, returns: true });
  }
  return { entryId };
}

/** Posts a journal entry inside the caller's transaction (the cold paths: scheduled transitions, admin). */
export async function postJournalEntry(tx: Tx, posting: Posting): Promise<{ entryId: string }> {
  const writes = new WriteSet();
  const posted = addJournalEntry(writes, posting);
  await applyInTransaction(tx, writes);
  return posted;
}
