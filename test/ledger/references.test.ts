import { randomUUID } from 'node:crypto';
import { checkLedger } from '../../src/platform/ledger/invariants';
import { startTestApp, type TestApp } from '../support/app';
import { fundWallet } from '../support/ledger';
import { makeMaster } from '../support/tenants';

/**
 * A journal line's entry and ledger account are written by payrail_post in the same transaction as
 * the line; no foreign key re-checks them (migration journal_lines_referenced_by_construction). What
 * the keys' ON DELETE RESTRICT guarded is kept by triggers, and ledger-check reports a dangling line.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function fundedWallet(name: string): Promise<{ accountId: string; ledgerId: string; entryId: string }> {
  const master = await makeMaster(t.services, { name });
  await fundWallet(t.services, master.account.id, 'USD', '10.00');
  const { rows } = await t.db.pool.query<{ ledger_id: string; entry_id: string }>(
    `SELECT a.id AS ledger_id, l.entry_id FROM ledger_accounts a JOIN journal_lines l ON l.ledger_account_id = a.id
      WHERE a.account_id = $1 AND a.purpose = 'WALLET' LIMIT 1`,
    [master.account.id],
  );
  return { accountId: master.account.id, ledgerId: rows[0]!.ledger_id, entryId: rows[0]!.entry_id };
}

describe('journal lines referenced by construction', () => {
  it('a ledger account or an entry with lines is never deleted, nor its id changed', async () => {
    const { ledgerId, entryId } = await fundedWallet('Kept ledger rows');
    await expect(t.db.pool.query('DELETE FROM ledger_accounts WHERE id = $1', [ledgerId])).rejects.toMatchObject({ code: '23503' });
    await expect(t.db.pool.query('DELETE FROM journal_entries WHERE id = $1', [entryId])).rejects.toMatchObject({ code: '23503' });
    await expect(t.db.pool.query('UPDATE ledger_accounts SET id = $2 WHERE id = $1', [ledgerId, randomUUID()])).rejects.toMatchObject({ code: '23503' });
    await expect(t.db.pool.query('UPDATE journal_entries SET id = $2 WHERE id = $1', [entryId, randomUUID()])).rejects.toMatchObject({ code: '23503' });
    expect((await t.db.pool.query('SELECT 1 FROM ledger_accounts WHERE id = $1', [ledgerId])).rowCount).toBe(1);
  });

  it('a ledger account without lines may still be removed (as RESTRICT allowed)', async () => {
    const master = await makeMaster(t.services, { name: 'Unused ledger account' });
    const id = randomUUID();
    await t.db.pool.query(
      `INSERT INTO ledger_accounts (id, account_id, currency, purpose, balance, created_at, updated_at) VALUES ($1, $2, 'EUR', 'WALLET', 0, now(), now())`,
      [id, master.account.id],
    );
    expect((await t.db.pool.query('DELETE FROM ledger_accounts WHERE id = $1', [id])).rowCount).toBe(1);
  });

  it('ledger-check reports a line whose ledger account or entry is missing', async () => {
    const { accountId, entryId } = await fundedWallet('Dangling line');
    const line = randomUUID();
    const missing = randomUUID();
    // Written behind payrail_post's back, with a matching line so that its entry still balances.
    await t.db.pool.query(
      `INSERT INTO journal_lines (id, entry_id, account_id, ledger_account_id, currency, amount, balance_after, created_at)
       VALUES ($1, $2, $3, $4, 'USD', 0, 0, now())`,
      [line, entryId, accountId, missing],
    );
    try {
      expect(await checkLedger(t.db)).toContainEqual({ kind: 'orphan_line', id: line, detail: `ledger account ${missing} missing` });
    } finally {
      await t.db.pool.query('DELETE FROM journal_lines WHERE id = $1', [line]);
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
