import { startTestApp, type TestApp } from '../../support/app';
import { fundPaymentBalance } from '../../support/payment-balance';
import { v2Tenant } from '../bank-accounts/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('payment balances over REST (PA14, PA15)', () => {
  it('lists one balance per currency the account took payments in, available and pending apart', async () => {
    const who = await v2Tenant(t, 'Balances');
    await fundPaymentBalance(t.services, who.id, 'USD', '120.50');
    await fundPaymentBalance(t.services, who.id, 'USD', '30', { pending: true });
    await fundPaymentBalance(t.services, who.id, 'JPY', '5000', { pending: true });
    const res = await who.c.get('/v2/payment/balances');
    expect(res.body).toEqual({
      total_pages: 1,
      total_items: 2,
      data: [
        { currency: 'JPY', available_balance: '0', pending_balance: '5000' },
        { currency: 'USD', available_balance: '120.50', pending_balance: '30.00' },
      ],
    });
    expect((await who.c.get('/v2/payment/balances', { page_size: 1, page_number: 2 })).body).toEqual({
      total_pages: 2,
      total_items: 2,
      data: [{ currency: 'USD', available_balance: '120.50', pending_balance: '30.00' }],
    });
    // The wallet (BT1) is another balance: payment money never shows there.
    expect((await who.c.get('/v1/balances')).body.total_items).toBe(0);
  });

  it('retrieves one currency (PA15): zeros for a supported currency never used, 400 for a code that is not one', async () => {
    const who = await v2Tenant(t, 'One currency');
    await fundPaymentBalance(t.services, who.id, 'EUR', '10');
    expect((await who.c.get('/v2/payment/balances/eur')).body).toEqual({ currency: 'EUR', available_balance: '10.00', pending_balance: '0.00' });
    expect((await who.c.get('/v2/payment/balances/KWD')).body).toEqual({ currency: 'KWD', available_balance: '0.000', pending_balance: '0.000' });
    const bad = await who.c.get('/v2/payment/balances/XYZ');
    expect([bad.status, bad.body]).toEqual([400, { code: 400, message: "Invalid value for field 'currency': currency is not supported" }]);
    const other = await v2Tenant(t, 'Someone else');
    expect((await other.c.get('/v2/payment/balances/EUR')).body).toEqual({ currency: 'EUR', available_balance: '0.00', pending_balance: '0.00' });
  });

  it('refuses a call without x-client-id', async () => {
    const who = await v2Tenant(t, 'No header');
    const res = await who.c.withHeaders({ 'x-client-id': '' }).get('/v2/payment/balances');
    expect([res.status, res.body]).toEqual([403, { code: 403, message: 'x-client-id or email cannot be empty' }]);
  });
});
