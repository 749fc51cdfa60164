import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { balancesOf, fundWallet } from '../../support/ledger';
import { makeMaster, type Tenant } from '../../support/tenants';
import { createBeneficiary, createQuote, payoutBody } from './fixtures';

let t: TestApp;
let master: Tenant;
let token: Client;
let eurSwift: string;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'FX payer' });
  token = await clientOf(t, master);
  eurSwift = await createBeneficiary(token, 'EUR_SWIFT');
  await fundWallet(t.services, master.account.id, 'USD', '10000.00');
});
afterAll(() => t.close());

/** A USD -> EUR payout body on a fresh quote selling 100 USD. */
async function quotedBody(extra: Record<string, unknown> = {}) {
  const quote = await createQuote(token, { currency: 'USD', amount: '100.00' }, 'EUR');
  const body = payoutBody(eurSwift, {
    fee_paid_by: 'SHARED',
    quote_id: quote.quote_id,
    payout_currency: 'EUR',
    payout_amount: String(quote.buy_amount),
    ...extra,
  });
  return { quote, body };
}

async function expectRefused(body: unknown, message: string) {
  const res = await token.post('/v1/payouts', body);
  expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
}

describe('PO1 with quote_id (cross-currency)', () => {
  it('converts through the FX desk so each currency balances, and uses the quote once', async () => {
    const fx = await makeMaster(t.services, { name: 'FX fresh' });
    const tok = await clientOf(t, fx);
    const beneficiary = await createBeneficiary(tok, 'EUR_SWIFT');
    await fundWallet(t.services, fx.account.id, 'USD', '200.00');
    const quote = await createQuote(tok, { currency: 'USD', amount: '100.00' }, 'EUR');
    const buy = String(quote.buy_amount);
    const res = await tok.post('/v1/payouts', payoutBody(beneficiary, { fee_paid_by: 'OURS', quote_id: quote.quote_id, payout_currency: 'EUR', payout_amount: buy }));
    expect(res.status).toBe(200);
    const id = (res.body as { payout_id: string }).payout_id;

    // USD: WALLET -(100 + 25 fee), FEES +25, FX_CLEARING +100; EUR: FX_CLEARING -buy, PAYOUT_IN_FLIGHT +buy.
    expect(await balancesOf(t.services, fx.account.id, 'USD')).toEqual(['75', '0', '25', '-200', '100']);
    expect(await balancesOf(t.services, fx.account.id, 'EUR')).toEqual(['0', buy, '0', '0', `-${buy}`]);
    const { body } = await tok.get(`/v1/payouts/${id}`);
    expect(body).toMatchObject({
      source_currency: 'USD',
      source_amount: '100.00',
      payout_currency: 'EUR',
      payout_amount: Number(buy).toFixed(2),
      amount_payer_pays: '125.00',
      amount_beneficiary_receives: Number(buy).toFixed(2),
      fee_amount: '25.00',
      fee_currency: 'USD',
      quote_id: quote.quote_id,
    });
    expect(await t.db.prisma.fxQuote.findUniqueOrThrow({ where: { id: quote.quote_id } })).toMatchObject({ usedByType: 'PAYOUT', usedById: id });
  });

  it('requires payout_currency and payout_amount with a quote_id', async () => {
    const { body } = await quotedBody();
    await expectRefused({ ...body, payout_currency: undefined }, "Field 'payout_currency' is required");
    await expectRefused({ ...body, payout_amount: undefined }, "Field 'payout_amount' is required");
  });

  it("wants payout_currency and payout_amount equal to the quote's buy side", async () => {
    const { body } = await quotedBody();
    await expectRefused({ ...body, payout_currency: 'GBP' }, "Invalid value for field 'payout_currency': must equal the quote's buy currency");
    await expectRefused({ ...body, payout_amount: '1.00' }, "Invalid value for field 'payout_amount': must equal the quote's buy amount");
  });

  it("wants currency and amount equal to the quote's sell side", async () => {
    const { body } = await quotedBody();
    await expectRefused({ ...body, amount: '99.00' }, "Invalid value for field 'amount': must equal the quote's sell amount");
    await fundWallet(t.services, master.account.id, 'GBP', '1000.00');
    await expectRefused({ ...body, currency: 'GBP' }, "Invalid value for field 'currency': must equal the quote's sell currency");
    // A refused payout leaves the quote unused.
    expect((await token.post('/v1/payouts', body)).status).toBe(200);
  });

  it('refuses an unknown, used or expired quote', async () => {
    await expectRefused({ ...(await quotedBody()).body, quote_id: randomUUID() }, 'Quote not found');
    const { body } = await quotedBody();
    expect((await token.post('/v1/payouts', body)).status).toBe(200);
    await expectRefused(body, 'Quote has already been used');
    const later = await quotedBody();
    t.clock.advance(301);
    try {
      await expectRefused(later.body, 'Quote has expired, please request a new quote');
    } finally {
      t.clock.advance(-301);
    }
  });

  it("answers another tenant's quote as unknown", async () => {
    const other = await makeMaster(t.services, { name: 'Other FX' });
    const theirs = await createQuote(await clientOf(t, other), { currency: 'USD', amount: '100.00' }, 'EUR');
    const { body } = await quotedBody();
    await expectRefused({ ...body, quote_id: theirs.quote_id, payout_amount: String(theirs.buy_amount) }, 'Quote not found');
  });
});
