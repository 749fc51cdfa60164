import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client, RestReply } from '../../support/client';
import { walletBalance } from '../../support/ledger';
import { conversionBody, quote, treasury } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const answer = ({ status, body }: RestReply) => ({ status, body });

/** BT9 with this x-idempotency-key, or none (`null`). */
const convert = (c: Client, body: Record<string, unknown>, key: string | null) => c.post('/v1/conversion', body, { key });

describe('races on the real database', () => {
  it('lets exactly one of ten concurrent conversions use one quote', async () => {
    const { c, id } = await treasury(t, 'Racer', { USD: '100.00' });
    const q = await quote(c, { sell_amount: '10.00' });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => convert(c, conversionBody(q), i % 2 ? randomUUID() : null)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(answer(r)).toEqual({ status: 400, body: { code: 400, message: 'Quote has already been used' } });
    }
    expect(await t.db.prisma.conversion.count({ where: { quoteId: q.quote_id } })).toBe(1);
    expect(await walletBalance(t.services, id, 'USD')).toBe('90');
  });

  it('never takes a sell wallet below zero: 20 concurrent conversions against funds for 10', async () => {
    const { c, id } = await treasury(t, 'Drain', { USD: '100.00' });
    const quotes = await Promise.all(Array.from({ length: 20 }, () => quote(c, { sell_amount: '10.00' })));
    const results = await Promise.all(quotes.map((q) => convert(c, conversionBody(q), randomUUID())));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(10);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(answer(r)).toEqual({ status: 400, body: { code: 400, message: 'Insufficient balance: the USD wallet cannot cover this amount' } });
    }
    expect(await walletBalance(t.services, id, 'USD')).toBe('0');
    expect(await walletBalance(t.services, id, 'SGD')).toBe('129.3');
    // The refused quotes stay unused.
    expect(await t.db.prisma.fxQuote.count({ where: { accountId: id, usedAt: null } })).toBe(10);
  });

  it('runs a retried conversion once under concurrent retries with one idempotency key', async () => {
    const { c, id } = await treasury(t, 'Retry', { USD: '10.00' });
    const q = await quote(c, { sell_amount: '10.00' });
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 8 }, () => convert(c, conversionBody(q), key)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.raw)).size).toBe(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(answer(r)).toEqual({ status: 400, body: { code: 200, message: 'Request is processing, please try again later.' } });
    }
    expect(await t.db.prisma.conversion.count({ where: { quoteId: q.quote_id } })).toBe(1);
    expect(await walletBalance(t.services, id, 'USD')).toBe('0');
  });
});
