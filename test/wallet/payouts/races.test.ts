import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import { walletBalance } from '../../support/ledger';
import { createBeneficiary, createQuote, payer, payoutBody } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const tenant = (name: string, usd: string) => payer(t, name, { USD: usd });

describe('races on the real database', () => {
  it('lets at most 10 of 20 concurrent payouts through a wallet funded for 10; the others get a clear 400', async () => {
    // Each payout costs 100.00 + 1.00 fee: 1010.00 covers exactly ten.
    const who = await tenant('Contended', '1010.00');
    const results = await Promise.all(Array.from({ length: 20 }, () => who.c.post('/v1/payouts', payoutBody(who.beneficiary))));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok.length).toBe(10);
    for (const r of refused) {
      expect([r.status, r.body]).toEqual([400, { code: 400, message: 'Insufficient balance: the USD wallet cannot cover this amount' }]);
    }
    expect(await walletBalance(t.services, who.id, 'USD')).toBe('0');
    expect(await t.db.prisma.payout.count({ where: { accountId: who.id } })).toBe(10);
  });

  it('lands 50 concurrent small payouts on one hot wallet, each exactly once', async () => {
    const who = await tenant('Hot', '1000.00');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => who.c.post('/v1/payouts', payoutBody(who.beneficiary, { amount: '2.50' }))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    // 50 × (2.50 + 1.00 fee) = 175.00
    expect(await walletBalance(t.services, who.id, 'USD')).toBe('825');
    const journal = await t.db.prisma.journalEntry.count({ where: { accountId: who.id, kind: 'PAYOUT' } });
    expect(journal).toBe(50);
  });

  it('lets one of two concurrent payouts on one quote win', async () => {
    const who = await tenant('Quote race', '1000.00');
    const eur = await createBeneficiary(who.c, 'EUR_SWIFT');
    const quote = await createQuote(who.c, { currency: 'USD', amount: '100.00' }, 'EUR');
    const body = payoutBody(eur, { fee_paid_by: 'SHARED', quote_id: quote.quote_id, payout_currency: 'EUR', payout_amount: String(quote.buy_amount) });
    const results = await Promise.all([who.c.post('/v1/payouts', body), who.c.post('/v1/payouts', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.status === 400)!;
    expect(loser.body).toEqual({ code: 400, message: 'Quote has already been used' });
    expect(await t.db.prisma.payout.count({ where: { accountId: who.id } })).toBe(1);
    expect(await walletBalance(t.services, who.id, 'USD')).toBe('890');
  });

  it('makes one payout of a request retried with its idempotency key, sequentially or at once', async () => {
    const who = await tenant('Retrier', '1000.00');
    const key = randomUUID();
    const body = payoutBody(who.beneficiary);
    const first = await who.c.post('/v1/payouts', body, { key });
    const again = await who.c.post('/v1/payouts', body, { key });
    expect(first.status).toBe(200);
    expect(again.raw).toBe(first.raw);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const burstKey = randomUUID();
    const burst = await Promise.all(Array.from({ length: 8 }, () => who.c.post('/v1/payouts', body, { key: burstKey })));
    const winners = burst.filter((r) => r.status === 200);
    const replayedOrWaiting = burst.filter((r) => r.status !== 200);
    for (const r of winners) expect(r.raw).toBe(winners[0]!.raw);
    for (const r of replayedOrWaiting) expect(r.body).toEqual({ code: 200, message: 'Request is processing, please try again later.' });
    expect(await t.db.prisma.payout.count({ where: { accountId: who.id } })).toBe(2);
    expect(await walletBalance(t.services, who.id, 'USD')).toBe('798');
  });
});
