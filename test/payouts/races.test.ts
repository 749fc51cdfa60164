import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';
import { fundWallet, walletBalance } from '../support/ledger';
import { makeMaster, tokenFor } from '../support/tenants';
import { createBeneficiary, createQuote, payoutBody, postPayout } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function tenant(name: string, usd: string) {
  const master = await makeMaster(t.services, { name });
  const token = await tokenFor(t, master);
  const beneficiary = await createBeneficiary(t, token);
  await fundWallet(t.services, master.account.id, 'USD', usd);
  return { id: master.account.id, token, beneficiary };
}

describe('races on the real database', () => {
  it('lets at most 10 of 20 concurrent payouts through a wallet funded for 10; the others get a clear 400', async () => {
    // Each payout costs 100.00 + 1.00 fee: 1010.00 covers exactly ten.
    const who = await tenant('Contended', '1010.00');
    const results = await Promise.all(Array.from({ length: 20 }, () => postPayout(t, who.token, payoutBody(who.beneficiary))));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok.length).toBe(10);
    for (const r of refused) {
      expect([r.statusCode, r.json()]).toEqual([400, { code: 400, message: 'Insufficient balance: the USD wallet cannot cover this amount' }]);
    }
    expect(await walletBalance(t.services, who.id, 'USD')).toBe('0');
    expect(await t.db.prisma.payout.count({ where: { accountId: who.id } })).toBe(10);
  });

  it('lands 50 concurrent small payouts on one hot wallet, each exactly once', async () => {
    const who = await tenant('Hot', '1000.00');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => postPayout(t, who.token, payoutBody(who.beneficiary, { amount: '2.50' }))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    // 50 × (2.50 + 1.00 fee) = 175.00
    expect(await walletBalance(t.services, who.id, 'USD')).toBe('825');
    const journal = await t.db.prisma.journalEntry.count({ where: { accountId: who.id, kind: 'PAYOUT' } });
    expect(journal).toBe(50);
  });

  it('lets one of two concurrent payouts on one quote win', async () => {
    const who = await tenant('Quote race', '1000.00');
    const eur = await createBeneficiary(t, who.token, 'EUR_SWIFT');
    const quote = await createQuote(t, who.token, { currency: 'USD', amount: '100.00' }, 'EUR');
    const body = payoutBody(eur, { fee_paid_by: 'SHARED', quote_id: quote.quote_id, payout_currency: 'EUR', payout_amount: String(quote.buy_amount) });
    const results = await Promise.all([postPayout(t, who.token, body), postPayout(t, who.token, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.statusCode === 400)!;
    expect(loser.json()).toEqual({ code: 400, message: 'Quote has already been used' });
    expect(await t.db.prisma.payout.count({ where: { accountId: who.id } })).toBe(1);
    expect(await walletBalance(t.services, who.id, 'USD')).toBe('890');
  });

  it('makes one payout of a request retried with its idempotency key, sequentially or at once', async () => {
    const who = await tenant('Retrier', '1000.00');
    const key = randomUUID();
    const body = payoutBody(who.beneficiary);
    const first = await postPayout(t, who.token, body, { key });
    const again = await postPayout(t, who.token, body, { key });
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const burstKey = randomUUID();
    const burst = await Promise.all(Array.from({ length: 8 }, () => postPayout(t, who.token, body, { key: burstKey })));
    const winners = burst.filter((r) => r.statusCode === 200);
    const replayedOrWaiting = burst.filter((r) => r.statusCode !== 200);
    for (const r of winners) expect(r.body).toBe(winners[0]!.body);
    for (const r of replayedOrWaiting) expect(r.json()).toEqual({ code: 200, message: 'Request is processing, please try again later.' });
    expect(await t.db.prisma.payout.count({ where: { accountId: who.id } })).toBe(2);
    expect(await walletBalance(t.services, who.id, 'USD')).toBe('798');
  });
});
