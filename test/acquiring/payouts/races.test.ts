import { startTestApp, type TestApp } from '../../support/app';
import { ledgerBalance } from '../../support/ledger';
import { lockProbe } from '../../support/locks';
import { fundPaymentBalance } from '../../support/payment-balance';
import { createBankAccount, v2Tenant } from '../bank-accounts/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('payment payout races on the real database', () => {
  it('lets exactly 7 of 20 concurrent payouts of 100.00 through an available balance of 700.00; the others get a clear 400', async () => {
    const who = await v2Tenant(t, 'Contended merchant');
    await fundPaymentBalance(t.services, who.id, 'USD', '700.00');
    await createBankAccount(who.c, 'USD_US');
    const body = { payout_currency: 'USD', payout_amount: '100.00', statement_descriptor: 'SWEEP' };
    const results = await Promise.all(Array.from({ length: 20 }, () => who.c.post('/v2/payment/payout/create', body)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(7);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect([r.status, r.body]).toEqual([400, { code: 400, message: 'Insufficient balance: the USD available payment balance cannot cover this amount' }]);
    }
    expect(await ledgerBalance(t.services, who.id, 'USD', 'PAYMENT_AVAILABLE')).toBe('0');
    expect(await ledgerBalance(t.services, who.id, 'USD', 'PAYMENT_PAYOUT_IN_FLIGHT')).toBe('700');
    expect(await t.db.prisma.paymentPayout.count({ where: { accountId: who.id } })).toBe(7);
  });

  it('prepares a payout again when its bank account turns Invalid under it, and then finds none', async () => {
    const who = await v2Tenant(t, 'Switching merchant');
    await fundPaymentBalance(t.services, who.id, 'USD', '100.00');
    const bank = await createBankAccount(who.c, 'USD_US');
    // Hold the bank account's row lock from a second connection, as an update in progress does.
    const probe = await lockProbe(t.url);
    try {
      await probe.holder.query('BEGIN');
      await probe.holder.query(`UPDATE bank_accounts SET status = 'Invalid' WHERE id = $1`, [bank]);
      const pending = who.c.post('/v2/payment/payout/create', { payout_currency: 'USD', payout_amount: '10.00', statement_descriptor: 'SWEEP' });
      expect(await probe.waitingBackend(/./, pending)).toEqual(expect.any(Number));
      await probe.holder.query('COMMIT');
      const res = await pending;
      expect(res.body.message).toMatch(/^Invalid value for field 'payout_currency': there is no Valid settlement bank account in USD/);
    } finally {
      await probe.close();
    }
    expect(await ledgerBalance(t.services, who.id, 'USD', 'PAYMENT_AVAILABLE')).toBe('100');
  });
});

