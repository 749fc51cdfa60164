import { startTestApp, type TestApp } from '../support/app';
import { fundWallet, walletBalance } from '../support/ledger';
import { makeMaster, tokenFor } from '../support/tenants';
import { conversionBody, newKey, post, quote, type Caller } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function tenant(name: string, usd: string): Promise<Caller & { accountId: string }> {
  const master = await makeMaster(t.services, { name });
  await fundWallet(t.services, master.account.id, 'USD', usd);
  return { t, token: await tokenFor(t, master), accountId: master.account.id };
}

describe('races on the real database', () => {
  it('lets exactly one of ten concurrent conversions use one quote', async () => {
    const c = await tenant('Racer', '100.00');
    const q = await quote(c, { sell_amount: '10.00' });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(c, '/v1/conversion', conversionBody(q), i % 2 ? newKey() : undefined)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r).toEqual({ status: 400, body: { code: 400, message: 'Quote has already been used' } });
    }
    expect(await t.db.prisma.conversion.count({ where: { quoteId: q.quote_id } })).toBe(1);
    expect(await walletBalance(t.services, c.accountId, 'USD')).toBe('90');
  });

  it('never takes a sell wallet below zero: 20 concurrent conversions against funds for 10', async () => {
    const c = await tenant('Drain', '100.00');
    const quotes = await Promise.all(Array.from({ length: 20 }, () => quote(c, { sell_amount: '10.00' })));
    const results = await Promise.all(quotes.map((q) => post(c, '/v1/conversion', conversionBody(q), newKey())));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(10);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r).toEqual({ status: 400, body: { code: 400, message: 'Insufficient balance: the USD wallet cannot cover this amount' } });
    }
    expect(await walletBalance(t.services, c.accountId, 'USD')).toBe('0');
    expect(await walletBalance(t.services, c.accountId, 'SGD')).toBe('129.3');
    // The refused quotes stay unused.
    expect(await t.db.prisma.fxQuote.count({ where: { accountId: c.accountId, usedAt: null } })).toBe(10);
  });

  it('runs a retried conversion once under concurrent retries with one idempotency key', async () => {
    const c = await tenant('Retry', '10.00');
    const q = await quote(c, { sell_amount: '10.00' });
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 8 }, () => post(c, '/v1/conversion', conversionBody(q), key)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => JSON.stringify(r.body))).size).toBe(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r).toEqual({ status: 400, body: { code: 200, message: 'Request is processing, please try again later.' } });
    }
    expect(await t.db.prisma.conversion.count({ where: { quoteId: q.quote_id } })).toBe(1);
    expect(await walletBalance(t.services, c.accountId, 'USD')).toBe('0');
  });
});
