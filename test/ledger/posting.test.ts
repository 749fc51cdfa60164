import type { Decimal } from 'decimal.js';
import { DomainError } from '../../src/platform/errors/domain-error';
import { newId } from '../../src/platform/ids/ids';
import { addJournalEntry, postJournalEntry, type PostingLine } from '../../src/platform/ledger/posting';
import { money } from '../../src/platform/money/amount';
import { settleOutcome } from '../../src/platform/writes/commit';
import { GroupCommitter } from '../../src/platform/db/group-commit';
import { WriteSet } from '../../src/platform/writes/write-set';
import { startTestApp, type TestApp } from '../support/app';
import { fundWallet, ledgerBalance } from '../support/ledger';
import { makeMaster } from '../support/tenants';

/**
 * The posting API's rules (src/platform/ledger/posting.ts), applied by one statement (payrail_post) on
 * both paths: inside a caller's transaction (postJournalEntry) and in the group commit.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const shortOf = (what: string) => new DomainError({ code: 'short', message: `${what} is short`, status: 400, kind: 'validation' });

function posting(accountId: string, lines: PostingLine[]) {
  return { accountId, kind: 'PAYOUT' as const, referenceType: 'PAYOUT' as const, referenceId: newId(), at: t.clock.now(), lines };
}
const line = (accountId: string, purpose: PostingLine['purpose'], amount: Decimal, extra: Partial<PostingLine> = {}): PostingLine => ({
  accountId, currency: 'USD', purpose, amount, ...extra,
});

async function linesOf(entryId: string): Promise<{ purpose: string; amount: string; balanceAfter: string }[]> {
  const rows = await t.db.pool.query<{ purpose: string; amount: string; balance_after: string }>(
    `SELECT a.purpose, l.amount::text, l.balance_after::text FROM journal_lines l JOIN ledger_accounts a ON a.id = l.ledger_account_id
      WHERE l.entry_id = $1 ORDER BY a.purpose`,
    [entryId],
  );
  return rows.rows.map((r) => ({ purpose: r.purpose, amount: money(r.amount).toFixed(), balanceAfter: money(r.balance_after).toFixed() }));
}

test('in a transaction: lines move balances, record the balance after them, and create a ledger account on first use', async () => {
  const accountId = (await makeMaster(t.services)).account.id;
  await fundWallet(t.services, accountId, 'USD', '10');
  const { entryId } = await t.db.prisma.$transaction((tx) =>
    postJournalEntry(tx, posting(accountId, [
      line(accountId, 'WALLET', money('-4'), { guardNonNegative: true }),
      line(accountId, 'PAYOUT_IN_FLIGHT', money('3')),
      line(accountId, 'FEES', money('1')),
    ])),
  );
  expect(await linesOf(entryId)).toEqual([
    { purpose: 'FEES', amount: '1', balanceAfter: '1' },
    { purpose: 'PAYOUT_IN_FLIGHT', amount: '3', balanceAfter: '3' },
    { purpose: 'WALLET', amount: '-4', balanceAfter: '6' },
  ]);
  expect(await ledgerBalance(t.services, accountId, 'USD', 'WALLET')).toBe('6');
});

test('in a transaction: a short guarded line throws its own refusal and nothing of the entry stays', async () => {
  const accountId = (await makeMaster(t.services)).account.id;
  await fundWallet(t.services, accountId, 'USD', '5');
  const entries = async () => Number((await t.db.pool.query(`SELECT count(*) FROM journal_entries WHERE account_id = $1`, [accountId])).rows[0].count);
  const before = await entries();
  // Two guarded lines with different refusals: the second one (PAYMENT_AVAILABLE, empty) is short.
  const attempt = t.db.prisma.$transaction((tx) =>
    postJournalEntry(tx, posting(accountId, [
      line(accountId, 'WALLET', money('-2'), { guardNonNegative: true, shortfall: shortOf('wallet') }),
      line(accountId, 'PAYMENT_AVAILABLE', money('-1'), { guardNonNegative: true, shortfall: shortOf('payment balance') }),
      line(accountId, 'FEES', money('3')),
    ])),
  );
  await expect(attempt).rejects.toMatchObject({ message: 'payment balance is short' });
  expect(await entries()).toBe(before);
  expect(await ledgerBalance(t.services, accountId, 'USD', 'WALLET')).toBe('5');
  expect(await ledgerBalance(t.services, accountId, 'USD', 'FEES')).toBe('0');
});

test('in the group commit: a short guarded line refuses the item with its refusal; the other items commit', async () => {
  const accountId = (await makeMaster(t.services)).account.id;
  await fundWallet(t.services, accountId, 'USD', '5');
  const sets = ['-2', '-9', '-3'].map((amount) => {
    const writes = new WriteSet();
    const { entryId } = addJournalEntry(writes, posting(accountId, [
      line(accountId, 'WALLET', money(amount), { guardNonNegative: true, shortfall: shortOf(`debit ${amount}`) }),
      line(accountId, 'BANK_CLEARING', money(amount).neg()),
    ]));
    return { writes, entryId };
  });
  const outcomes = await Promise.all(sets.map((s) => t.db.commits.submit({ ops: s.writes.ops })));
  expect(() => settleOutcome(outcomes[1]!, sets[1]!.writes)).toThrow('debit -9 is short');
  settleOutcome(outcomes[0]!, sets[0]!.writes);
  settleOutcome(outcomes[2]!, sets[2]!.writes);
  expect(await ledgerBalance(t.services, accountId, 'USD', 'WALLET')).toBe('0');
  expect(await linesOf(sets[1]!.entryId)).toEqual([]);
  expect((await linesOf(sets[2]!.entryId)).find((l) => l.purpose === 'WALLET')).toEqual({ purpose: 'WALLET', amount: '-3', balanceAfter: '0' });
});

describe('in one group-commit batch (payrail_post_in_batch): balances carried from item to item, written once', () => {
  /** Items submitted together land in one batch: the first submit takes the idle lane alone. */
  async function oneBatch(items: WriteSet[]) {
    const commits = new GroupCommitter(t.db.pool, { lanes: 1, maxBatch: 256 });
    try {
      const opener = commits.submit({ ops: [] });
      const outcomes = await Promise.all(items.map((w) => commits.submit({ ops: w.ops })));
      await opener;
      return outcomes;
    } finally {
      await commits.close();
    }
  }
  const debit = (accountId: string, amount: string) => {
    const writes = new WriteSet();
    const { entryId } = addJournalEntry(writes, posting(accountId, [
      line(accountId, 'WALLET', money(amount).neg(), { guardNonNegative: true, shortfall: shortOf(`debit ${amount}`) }),
      line(accountId, 'BANK_CLEARING', money(amount)),
    ]));
    return { writes, entryId };
  };
  const wallet = async (accountId: string) =>
    (await linesOfWallet(accountId)).map((l) => `${l.amount}→${l.balanceAfter}`);
  async function linesOfWallet(accountId: string) {
    const rows = await t.db.pool.query<{ amount: string; balance_after: string }>(
      `SELECT l.amount::text, l.balance_after::text FROM journal_lines l JOIN ledger_accounts a ON a.id = l.ledger_account_id
        WHERE a.account_id = $1 AND a.purpose = 'WALLET' AND l.amount < 0 ORDER BY l.balance_after DESC`,
      [accountId],
    );
    return rows.rows.map((r) => ({ amount: money(r.amount).toFixed(), balanceAfter: money(r.balance_after).toFixed() }));
  }

  it('a refused or failed item gives its balance back; the others see each other’s', async () => {
    const accountId = (await makeMaster(t.services)).account.id;
    await fundWallet(t.services, accountId, 'USD', '10');
    const first = debit(accountId, '4');
    const short = debit(accountId, '7');
    const failing = debit(accountId, '5');
    // A statement after the posting fails (division by zero): the item is rolled back whole.
    failing.writes.run({ sql: `SELECT (1 / ($1::jsonb->>'z')::int)::text::jsonb`, args: { z: 0 }, returns: true });
    const last = debit(accountId, '6');
    const outcomes = await oneBatch([first.writes, short.writes, failing.writes, last.writes]);
    expect(outcomes.map((o) => o.o)).toEqual(['applied', 'refused', 'failed', 'applied']);
    expect(() => settleOutcome(outcomes[1]!, short.writes)).toThrow('debit 7 is short');
    expect(await wallet(accountId)).toEqual(['-4→6', '-6→0']);
    expect(await ledgerBalance(t.services, accountId, 'USD', 'WALLET')).toBe('0');
    expect(await ledgerBalance(t.services, accountId, 'USD', 'BANK_CLEARING')).toBe('0');
  });

  it('a statement that reads ledger balances sees what the batch moved before it', async () => {
    const accountId = (await makeMaster(t.services)).account.id;
    await fundWallet(t.services, accountId, 'USD', '10');
    const moved = debit(accountId, '6');
    const check = new WriteSet();
    check.require(
      {
        sql: `SELECT 'true'::jsonb FROM ledger_accounts WHERE account_id = ($1::jsonb->>'a')::uuid AND currency = 'USD' AND purpose = 'WALLET'
                AND balance >= 5 FOR UPDATE`,
        args: { a: accountId },
        readsBalances: true,
      },
      shortOf('checked balance'),
    );
    const after = debit(accountId, '4');
    const outcomes = await oneBatch([moved.writes, check, after.writes]);
    expect(outcomes.map((o) => o.o)).toEqual(['applied', 'refused', 'applied']);
    expect(await wallet(accountId)).toEqual(['-6→4', '-4→0']);
    expect(await ledgerBalance(t.services, accountId, 'USD', 'WALLET')).toBe('0');
  });
});
