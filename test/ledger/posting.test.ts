import type { Decimal } from 'decimal.js';
import { DomainError } from '../../src/domain/errors/domain-error';
import { newId } from '../../src/domain/ids/ids';
import { addJournalEntry, postJournalEntry, type PostingLine } from '../../src/domain/ledger/posting';
import { money } from '../../src/domain/money/amount';
import { settleOutcome } from '../../src/domain/writes/commit';
import { WriteSet } from '../../src/domain/writes/write-set';
import { startTestApp, type TestApp } from '../support/app';
import { fundWallet, ledgerBalance } from '../support/ledger';
import { makeMaster } from '../support/tenants';

/**
 * The posting API's rules (src/domain/ledger/posting.ts), applied by one statement (payrail_post) on
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
