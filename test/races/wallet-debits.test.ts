import { checkLedger } from '../../src/platform/ledger/invariants';
import { money, type Money } from '../../src/platform/money/amount';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type RestReply } from '../support/client';
import { fundWallet, ledgerBalance } from '../support/ledger';
import { makeMaster, makeSub } from '../support/tenants';
import { overTheWire, type Wire } from '../support/wire';
import { createBeneficiary, payoutBody } from '../wallet/payouts/fixtures';
import { conversionBody, quote } from '../wallet/fx/fixtures';

/**
 * Four areas debit one wallet (USD of one account): a payout (PO1, amount + its fee), a transfer to
 * a sub-account (BT6), a conversion (BT9) and the issuing funding extension (`transfer_in`). Each
 * debit is the guarded line of its own write set, so together they can never overdraw the wallet:
 * every success is posted once, every refusal is the area's exact answer, and the wallet ends at
 * what it held less the sum of the successes.
 */

let t: TestApp;
let wire: Wire;

beforeAll(async () => {
  t = await startTestApp();
  wire = await overTheWire(t);
});
afterAll(async () => {
  await wire.close();
  await t.close();
});

const SHORT_WALLET = { code: 400, message: 'Insufficient balance: the USD wallet cannot cover this amount' };

describe('a payout, a transfer, a conversion and an issuing transfer_in against one wallet', () => {
  it('with 100.00 for 232.00 of debits: no overdraft, each success posted once, each refusal exact, the wallet at 100.00 less the successes', async () => {
    const master = await makeMaster(t.services, { name: 'Four ways' });
    const sub = await makeSub(t.services, master, 'Four ways sub');
    const c = await clientOf(wire.t, master);
    const id = master.account.id;
    const beneficiary = await createBeneficiary(c);
    // A quote of its own for each conversion (a quote is used once), made before the money is there.
    const quotes = await Promise.all(Array.from({ length: 4 }, () => quote(c, { sell_amount: '10.00' })));
    // The test rate table's USD->SGD price for 10.00 (test/wallet/fx/races.test.ts: ten of them make 129.3).
    expect(quotes.map((x) => x.buy_amount)).toEqual([12.93, 12.93, 12.93, 12.93]);
    await fundWallet(t.services, id, 'USD', '100.00');

    type Kind = 'payout' | 'transfer' | 'conversion' | 'transfer_in';
    // What each success takes from the wallet: a LOCAL USD payout also pays its 1.00 fee from it.
    const COST: Record<Kind, Money> = { payout: money('21.00'), transfer: money('15.00'), conversion: money('10.00'), transfer_in: money('12.00') };
    const kinds: Kind[] = [];
    for (let i = 0; i < 4; i++) kinds.push('payout', 'transfer', 'conversion', 'transfer_in');
    let q = 0;
    const calls = kinds.map((kind): (() => Promise<RestReply>) => {
      switch (kind) {
        case 'payout':
          return () => c.post('/v1/payouts', payoutBody(beneficiary, { amount: '20.00' }));
        case 'transfer':
          return () => c.post('/v1/transfer', { source_account_id: id, target_account_id: sub.id, currency: 'USD', amount: '15.00', reason: 'allocation' });
        case 'conversion': {
          const body = conversionBody(quotes[q++]!);
          return () => c.post('/v1/conversion', body);
        }
        case 'transfer_in':
          return () => c.post('/v1/issuing/balances/transfer_in', { currency: 'USD', amount: 12 });
      }
    });
    const answers = await wire.together(calls);

    const ok = (k: Kind) => answers.filter((a, i) => kinds[i] === k && a.status === 200).length;
    const refused = answers.map((a, i) => ({ a, kind: kinds[i]! })).filter(({ a }) => a.status !== 200);
    for (const { a, kind } of refused) {
      expect([kind, a.status, a.body]).toEqual([kind, 400, kind === 'transfer_in' ? { code: 400, message: 'Insufficient balance' } : SHORT_WALLET]);
    }
    const n = { payout: ok('payout'), transfer: ok('transfer'), conversion: ok('conversion'), transfer_in: ok('transfer_in') };
    const spent = (Object.keys(n) as Kind[]).reduce((sum, k) => sum.plus(COST[k].times(n[k])), money(0));
    expect(refused.length).toBeGreaterThan(0);
    expect(spent.lte(100)).toBe(true);

    const wallet = money('100.00').minus(spent);
    expect(await ledgerBalance(t.services, id, 'USD', 'WALLET')).toBe(wallet.toFixed());
    // Every call only takes from this wallet, so it never held more after a refusal than when the
    // refusal found it short: what is left is less than the cost of each refused call.
    for (const { kind } of refused) expect([kind, wallet.lt(COST[kind])]).toEqual([kind, true]);

    // Where the money went, exactly once each.
    expect(await ledgerBalance(t.services, id, 'USD', 'PAYOUT_IN_FLIGHT')).toBe(money('20').times(n.payout).toFixed());
    expect(await ledgerBalance(t.services, id, 'USD', 'FEES')).toBe(money('1').times(n.payout).toFixed());
    expect(await ledgerBalance(t.services, sub.id, 'USD', 'WALLET')).toBe(money('15').times(n.transfer).toFixed());
    expect(await ledgerBalance(t.services, id, 'SGD', 'WALLET')).toBe(money('12.93').times(n.conversion).toFixed());
    expect(await ledgerBalance(t.services, id, 'USD', 'ISSUING_AVAILABLE')).toBe(money('12').times(n.transfer_in).toFixed());
    expect(await t.db.prisma.payout.count({ where: { accountId: id } })).toBe(n.payout);
    expect(await t.db.prisma.transfer.count({ where: { sourceAccountId: id } })).toBe(n.transfer);
    expect(await t.db.prisma.conversion.count({ where: { accountId: id } })).toBe(n.conversion);
    expect(await t.db.prisma.issuingTransfer.count({ where: { accountId: id, transferType: 'WALLET_IN' } })).toBe(n.transfer_in);
    // A refused conversion leaves its quote unused.
    expect(await t.db.prisma.fxQuote.count({ where: { accountId: id, usedAt: null } })).toBe(4 - n.conversion);
    const entries = await t.db.prisma.journalEntry.groupBy({ by: ['kind'], where: { accountId: id, kind: { not: 'DEPOSIT' } }, _count: true });
    const expected: Record<string, number> = { PAYOUT: n.payout, TRANSFER: n.transfer, CONVERSION: n.conversion, ISSUING_TRANSFER: n.transfer_in };
    expect(Object.fromEntries(entries.map((e) => [e.kind, e._count]))).toEqual(Object.fromEntries(Object.entries(expected).filter(([, v]) => v > 0)));
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
