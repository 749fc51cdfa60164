import { claimQuote } from '../../../src/domain/wallet/fx/quotes';
import { STALE, WriteSet } from '../../../src/platform/writes/write-set';
import { startTestApp, type TestApp } from '../../support/app';
import { quote, treasury } from './fixtures';

/**
 * claimQuote reads the quote with a named statement on the pool, or inside the caller's transaction
 * (src/platform/db/reads.ts): either way it answers the row Prisma answers — amounts and rate as Decimal, the
 * conversion date as UTC midnight — marked used by the claimant, and adds the one guarded claim.
 */
let t: TestApp;
let accountId: string;
let c: Awaited<ReturnType<typeof treasury>>['c'];

beforeAll(async () => {
  t = await startTestApp();
  ({ c, id: accountId } = await treasury(t, 'Claim reader', { USD: '100.00' }));
});
afterAll(() => t.close());

test.each([
  ['on the pool', false],
  ["in a caller's transaction", true],
])('answers the quote as Prisma does, %s', async (_, inTx) => {
  const q = await quote(c, { sell_amount: '12.34' });
  const stored = await t.db.prisma.fxQuote.findUniqueOrThrow({ where: { id: q.quote_id } });
  const now = new Date(stored.createdAt.getTime() + 1000);
  const use = { type: 'CONVERSION' as const, id: '00000000-0000-4000-8000-000000000001' };
  const writes = new WriteSet();
  const claimed = inTx
    ? await t.db.prisma.$transaction((tx) => claimQuote({ db: t.db, tx }, writes, { accountId, quoteId: q.quote_id, now, use }))
    : await claimQuote({ db: t.db }, writes, { accountId, quoteId: q.quote_id, now, use });
  expect(claimed).toEqual({ ...stored, usedAt: now, usedByType: 'CONVERSION', usedById: use.id });
  expect(claimed.sellAmount.toFixed()).toBe('12.34');
  expect(claimed.conversionDate.toISOString()).toBe(`${q.conversion_date}T00:00:00.000Z`);
  expect(writes.ops).toHaveLength(1);
  expect(writes.refusals).toEqual([STALE]);
});

test("another account's quote is not found, on either path", async () => {
  const other = await treasury(t, 'Other claim reader');
  const q = await quote(c, { sell_amount: '1.00' });
  const args = { accountId: other.id, quoteId: q.quote_id, now: new Date(), use: { type: 'PAYOUT' as const, id: q.quote_id } };
  await expect(claimQuote({ db: t.db }, new WriteSet(), args)).rejects.toMatchObject({ code: 'quote_not_found' });
  await expect(t.db.prisma.$transaction((tx) => claimQuote({ db: t.db, tx }, new WriteSet(), args))).rejects.toMatchObject({ code: 'quote_not_found' });
});
