import { setFxRate } from '../../../src/domain/wallet/fx/rates';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { balancesOf, fundWallet } from '../../support/ledger';
import { makeMaster, type Tenant } from '../../support/tenants';
import { createBeneficiary, payoutBody } from './fixtures';

/** Payout fees and the FX rate table: this file moves rates, so it has a database of its own. */
let t: TestApp;
let master: Tenant;
let token: Client;
let eurSwift: string;
let sgdLocal: string;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Fee payer' });
  token = await clientOf(t, master);
  eurSwift = await createBeneficiary(token, 'EUR_SWIFT');
  sgdLocal = await createBeneficiary(token, 'SGD_LOCAL');
  await fundWallet(t.services, master.account.id, 'EUR', '1000.00');
  await fundWallet(t.services, master.account.id, 'SGD', '1000.00');
});
afterAll(() => t.close());

describe('payout fees come from the FX rate table quotes use', () => {
  it('moves with the EUR mid rate an operator sets (admin set-fx-rate)', async () => {
    await setFxRate(t.services, { currency: 'EUR', perUsd: '0.5' });
    const res = await token.post('/v1/payouts', payoutBody(eurSwift, { currency: 'EUR', fee_paid_by: 'OURS' }));
    expect(res.status).toBe(200);
    const { body } = await token.get(`/v1/payouts/${(res.body as { payout_id: string }).payout_id}`);
    // 25 US dollars at 0.5 EUR per dollar.
    expect([body.fee_amount, body.fee_currency, body.amount_payer_pays]).toEqual(['12.50', 'EUR', '112.50']);

    await setFxRate(t.services, { currency: 'EUR', perUsd: '0.9' });
    const res2 = await token.post('/v1/payouts', payoutBody(eurSwift, { currency: 'EUR', fee_paid_by: 'SHARED' }));
    const { body: body2 } = await token.get(`/v1/payouts/${(res2.body as { payout_id: string }).payout_id}`);
    // 10 US dollars at 0.9.
    expect(body2.fee_amount).toBe('9.00');
  });

  it('refuses a payout in a currency without a rate, naming currency, and debits nothing', async () => {
    await t.db.prisma.fxRate.delete({ where: { currency: 'SGD' } });
    const walletBefore = await balancesOf(t.services, master.account.id, 'SGD');
    const res = await token.post('/v1/payouts', payoutBody(sgdLocal, { currency: 'SGD' }));
    expect([res.status, res.body]).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'currency': no exchange rate is available for SGD to price the payout fee" },
    ]);
    expect(await balancesOf(t.services, master.account.id, 'SGD')).toEqual(walletBefore);
    expect(await t.db.prisma.payout.count({ where: { accountId: master.account.id, sourceCurrency: 'SGD' } })).toBe(0);
  });
});
