import Decimal from 'decimal.js';
import type { Prisma } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { newId } from '../ids/ids';
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
  | 'FX_CLEARING';

export interface PostingLine {
  accountId: string;
  currency: string;
  purpose: LedgerPurpose;
  /** Signed: positive raises the ledger account's balance. */
  amount: Decimal;
  /** Refuse the whole entry when this line would take the balance below zero (wallets). */
  guardNonNegative?: boolean;
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
}

const keyOf = (l: PostingLine) => `${l.accountId}|${l.currency}|${l.purpose}`;

/**
 * Posts a balanced journal entry inside the caller's transaction (the same transaction as the state
 * change it belongs to). Each line moves its ledger account's balance in one statement; a guarded
 * debit carries the non-negative check in that statement (`balance + amount >= 0`), so the check and
 * the debit are atomic under the row lock — never read-then-write. Ledger accounts are touched in a
 * fixed order so concurrent postings cannot deadlock.
 */
export async function postJournalEntry(tx: Tx, posting: Posting): Promise<{ entryId: string }> {
  const sums = new Map<string, Decimal>();
  for (const line of posting.lines) sums.set(line.currency, (sums.get(line.currency) ?? money(0)).plus(line.amount));
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new UnbalancedEntryError(`${posting.kind}: ${currency} lines sum to ${sum.toFixed()}`);
  }

  const entryId = newId();
  await tx.journalEntry.create({
    data: {
      id: entryId,
      accountId: posting.accountId,
      kind: posting.kind,
      referenceType: posting.referenceType,
      referenceId: posting.referenceId,
      description: posting.description ?? null,
      createdAt: posting.at,
    },
  });

  const ordered = [...posting.lines].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const lines: Prisma.JournalLineCreateManyInput[] = [];
  for (const line of ordered) {
    const amount = line.amount.toFixed();
    // A guarded debit only updates: a wallet that does not exist yet has nothing to debit. Every
    // other line creates its ledger account on first use and moves the balance in one upsert.
    const rows =
      line.guardNonNegative && line.amount.isNegative()
        ? await tx.$queryRaw<{ id: string; balance: string }[]>`
            UPDATE ledger_accounts SET balance = balance + ${amount}::numeric, updated_at = ${posting.at}
            WHERE account_id = ${line.accountId}::uuid AND currency = ${line.currency} AND purpose = ${line.purpose}
              AND balance + ${amount}::numeric >= 0
            RETURNING id, balance::text AS balance`
        : await tx.$queryRaw<{ id: string; balance: string }[]>`
            INSERT INTO ledger_accounts (id, account_id, currency, purpose, balance, created_at, updated_at)
            VALUES (${newId()}::uuid, ${line.accountId}::uuid, ${line.currency}, ${line.purpose}, ${amount}::numeric, ${posting.at}, ${posting.at})
            ON CONFLICT (account_id, currency, purpose)
            DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance, updated_at = EXCLUDED.updated_at
            RETURNING id, balance::text AS balance`;
    const row = rows[0];
    if (!row) throw ledgerErrors.insufficientBalance(line.currency);
    lines.push({
      id: newId(),
      entryId,
      accountId: line.accountId,
      ledgerAccountId: row.id,
      currency: line.currency,
      amount,
      balanceAfter: row.balance,
      createdAt: posting.at,
    });
  }
  await tx.journalLine.createMany({ data: lines });
  return { entryId };
}
