import { runAdminCommand, UsageError } from '../../../src/admin/commands';
import { ensureFxRates } from '../../../src/domain/wallet/fx/rates';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { quote, quoteBody, treasury } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp({ config: { fxSpreadBps: 0, fxQuoteTtlSeconds: 30 } });
  ({ c } = await treasury(t, 'Desk'));
});
afterAll(() => t.close());

const admin = (...argv: string[]) => runAdminCommand(t.services, argv) as Promise<Record<string, unknown>>;

describe('the rate table', () => {
  it('applies the configured spread and quote validity (PAYRAIL_FX_SPREAD_BPS, PAYRAIL_FX_QUOTE_TTL_SECONDS)', async () => {
    expect(await quote(c, { sell_amount: '100.00' })).toMatchObject({
      buy_amount: 130, direct_rate: 1.3, validity: '2026-11-21T10:00:30.000Z',
    });
    const rates = await c.get('/v1/exchange/rates', { currency_pairs: 'USD/SGD' });
    expect(rates.body.data.rates).toEqual([{ currency_pair: 'USD/SGD', buy_price: '1.3', sell_price: '1.3' }]);
  });

  it('seeds itself on first use and at start-up, never overwriting an operator\'s rate', async () => {
    expect(await t.db.prisma.fxRate.count()).toBe(29);
    await t.db.prisma.fxRate.update({ where: { currency: 'EUR' }, data: { perUsd: '0.9' } });
    await t.db.prisma.fxRate.delete({ where: { currency: 'THB' } });
    expect(await ensureFxRates(t.services)).toBe(1);
    expect((await t.db.prisma.fxRate.findUniqueOrThrow({ where: { currency: 'EUR' } })).perUsd.toString()).toBe('0.9');
    expect((await t.db.prisma.fxRate.findUniqueOrThrow({ where: { currency: 'THB' } })).perUsd.toString()).toBe('32.4');
  });

  it('admin set-fx-rate moves a mid rate; later quotes and rates use it', async () => {
    t.clock.advance(60);
    expect(await admin('set-fx-rate', '--currency', 'SGD', '--per-usd', '1.25')).toEqual({
      currency: 'SGD', per_usd: '1.25', updated_at: '2026-11-21T10:01:00.000Z',
    });
    expect(await quote(c, { sell_amount: '100.00' })).toMatchObject({ buy_amount: 125, direct_rate: 1.25 });
    const rates = await c.get('/v1/exchange/rates', { currency_pairs: 'USD/SGD' });
    expect(rates.body.data).toMatchObject({ rates: [{ sell_price: '1.25' }], last_updated: '2026-11-21T10:01:00.000Z' });
  });

  it('admin set-fx-rate refuses USD, unsupported currencies and bad rates', async () => {
    await expect(admin('set-fx-rate', '--currency', 'USD', '--per-usd', '2')).rejects.toThrow('USD is the reference currency: its rate is always 1');
    await expect(admin('set-fx-rate', '--currency', 'XXX', '--per-usd', '2')).rejects.toThrow("Invalid value for field 'currency': currency is not supported");
    await expect(admin('set-fx-rate', '--currency', 'SGD', '--per-usd', '0')).rejects.toThrow("Invalid value for field 'per_usd': must be greater than 0");
    await expect(admin('set-fx-rate', '--currency', 'SGD', '--per-usd', 'abc')).rejects.toThrow("Invalid value for field 'per_usd': must be a positive decimal number");
    await expect(admin('set-fx-rate', '--currency', 'SGD')).rejects.toThrow(UsageError);
  });

  it('refuses a quote for a currency that has no rate, and lists its pairs as unavailable', async () => {
    await t.db.prisma.fxRate.delete({ where: { currency: 'MYR' } });
    const refused = await c.post('/v1/conversion/quote', quoteBody({ buy_currency: 'MYR' }));
    expect([refused.status, refused.body]).toEqual([400, { code: 400, message: 'No exchange rate is available for MYR' }]);
    const rates = await c.get('/v1/exchange/rates', { currency_pairs: 'MYR/USD' });
    expect(rates.body.data).toEqual({ rates: [], unavailable_currency_pairs: ['MYR/USD'], last_updated: null });
    await ensureFxRates(t.services);
  });
});
