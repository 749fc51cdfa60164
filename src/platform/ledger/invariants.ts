import type { Database } from '../db/client';

export interface LedgerViolation {
  kind: 'unbalanced_entry' | 'balance_mismatch' | 'negative_wallet' | 'card_share_mismatch' | 'orphan_line';
  id: string;
  detail: string;
}

/**
 * The ledger's invariants, checked against a live database: every entry's lines sum to zero per
 * currency; every ledger account's balance equals the sum of its lines; no wallet or payment balance is negative;
 * every line's entry and ledger account exist (payrail_post guarantees it; no foreign key re-checks
 * it on the write path: migration journal_lines_referenced_by_construction).
 * Run after every test file and by `npm run admin -- ledger-check`.
 */
export async function checkLedger(db: Database): Promise<LedgerViolation[]> {
  const unbalanced = await db.pool.query<{ entry_id: string; currency: string; total: string }>(`
    SELECT entry_id, currency, sum(amount)::text AS total FROM journal_lines
    GROUP BY entry_id, currency HAVING sum(amount) <> 0`);
  const mismatched = await db.pool.query<{ id: string; balance: string; total: string }>(`
    SELECT a.id, a.balance::text AS balance, coalesce(sum(l.amount), 0)::text AS total
    FROM ledger_accounts a LEFT JOIN journal_lines l ON l.ledger_account_id = a.id
    GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(l.amount), 0)`);
  const negative = await db.pool.query<{ id: string; balance: string }>(`
    SELECT id, balance::text AS balance FROM ledger_accounts WHERE purpose IN ('WALLET', 'PAYMENT_PENDING', 'PAYMENT_AVAILABLE', 'ISSUING_AVAILABLE', 'CARD_BALANCE', 'ISSUING_AUTH_HOLD', 'ISSUING_UNSOLICITED_REFUND') AND balance < 0`);
  // Each card's shares (prepaid balance, held authorizations) sum to their account-level ledger accounts.
  const cardShares = await db.pool.query<{ id: string; detail: string }>(`
    WITH shares AS (
      SELECT account_id, card_currency AS currency, 'CARD_BALANCE' AS purpose, sum(available_balance) AS total FROM cards GROUP BY 1, 2
      UNION ALL
      SELECT account_id, card_currency, 'ISSUING_AUTH_HOLD', sum(auth_held) FROM cards GROUP BY 1, 2)
    SELECT s.account_id || '/' || s.currency || '/' || s.purpose AS id,
           'cards sum to ' || s.total::text || ' but the ledger account holds ' || coalesce(a.balance, 0)::text AS detail
    FROM shares s LEFT JOIN ledger_accounts a ON a.account_id = s.account_id AND a.currency = s.currency AND a.purpose = s.purpose
    WHERE s.total <> coalesce(a.balance, 0)`);
  const orphans = await db.pool.query<{ id: string; detail: string }>(`
    SELECT l.id, concat_ws(' and ', CASE WHEN e.id IS NULL THEN 'entry ' || l.entry_id END,
                                    CASE WHEN a.id IS NULL THEN 'ledger account ' || l.ledger_account_id END) || ' missing' AS detail
    FROM journal_lines l
    LEFT JOIN journal_entries e ON e.id = l.entry_id
    LEFT JOIN ledger_accounts a ON a.id = l.ledger_account_id
    WHERE e.id IS NULL OR a.id IS NULL`);
  return [
    ...orphans.rows.map((r) => ({ kind: 'orphan_line' as const, id: r.id, detail: r.detail })),
    ...cardShares.rows.map((r) => ({ kind: 'card_share_mismatch' as const, id: r.id, detail: r.detail })),
    ...unbalanced.rows.map((r) => ({ kind: 'unbalanced_entry' as const, id: r.entry_id, detail: `${r.currency} lines sum to ${r.total}` })),
    ...mismatched.rows.map((r) => ({ kind: 'balance_mismatch' as const, id: r.id, detail: `balance ${r.balance} but lines sum to ${r.total}` })),
    ...negative.rows.map((r) => ({ kind: 'negative_wallet' as const, id: r.id, detail: `balance ${r.balance}` })),
  ];
}
