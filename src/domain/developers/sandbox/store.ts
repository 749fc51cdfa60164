import type { Database } from '../../../platform/db/client';

/** Whether the account is a sandbox account; undefined for no such account. */
export async function readIsSandbox(db: Pick<Database, 'pool'>, accountId: string): Promise<boolean | undefined> {
  const { rows } = await db.pool.query<{ is_sandbox: boolean }>('SELECT is_sandbox FROM accounts WHERE id = $1', [accountId]);
  return rows[0]?.is_sandbox;
}

/**
 * The frozen time of the test clock of the account's tree, or undefined when none is set: for a page
 * with no caller to read the clock from (3-D Secure, IDV).
 */
export async function frozenTimeOf(db: Pick<Database, 'pool'>, accountId: string): Promise<Date | undefined> {
  const { rows } = await db.pool.query<{ frozen_time: Date }>(
    `SELECT c.frozen_time FROM accounts a JOIN test_clocks c ON c.root_account_id = coalesce(a.parent_id, a.id) WHERE a.id = $1`,
    [accountId],
  );
  return rows[0]?.frozen_time;
}
