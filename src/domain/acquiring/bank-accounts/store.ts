import { STALE, type WriteSet } from '../../../platform/writes/write-set';

/**
 * Holds the bank account FOR SHARE until the set commits and requires it still the account's and
 * Valid in `currency`: the set is refused as STALE when it changed since it was read.
 */
export function requireBankAccountValid(writes: WriteSet, bankAccountId: string, accountId: string, currency: string): void {
  writes.require(
    {
      sql: `SELECT 'true'::jsonb FROM bank_accounts
            WHERE id = ($1::jsonb->>'id')::uuid AND account_id = ($1::jsonb->>'account_id')::uuid
              AND currency = $1::jsonb->>'currency' AND status = 'Valid' FOR SHARE`,
      args: { id: bankAccountId, account_id: accountId, currency },
    },
    STALE,
  );
}
