import type { Database } from '../../db/client';

export interface LedgerViolation {
  kind: 'unbalanced_entry' | 'balance_mismatch' | 'negative_wallet';
  id: string;
  detail: string;
}

/**
 * The ledger's invariants, checked against a live database: every entry's lines sum to zero per
 * currency; every ledger account's balance equals the sum of its lines; no wallet or payment balance is negative.
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
    SELECT id, balance::text AS balance FROM ledger_accounts WHERE purpose IN ('WALLET', 'PAYMENT_PENDING', 'PAYMENT_AVAILABLE') AND balance < 0`);
  return [
    ...unbalanced.rows.map((r) => ({ kind: 'unbalanced_entry' as const, id: r.entry_id, detail: `${r.currency} lines sum to ${r.total}` })),
    ...mismatched.rows.map((r) => ({ kind: 'balance_mismatch' as const, id: r.id, detail: `balance ${r.balance} but lines sum to ${r.total}` })),
    ...negative.rows.map((r) => ({ kind: 'negative_wallet' as const, id: r.id, detail: `balance ${r.balance}` })),
  ];
}
