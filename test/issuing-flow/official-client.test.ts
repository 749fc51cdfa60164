import { decodeJwt } from 'jose';
import { startTestApp, type TestApp } from '../support/app';
import type { Client, Json } from '../support/client';
import { fundWallet } from '../support/ledger';
import { advance } from '../support/sandbox';
import { holderBody } from '../issuing/cardholders/fixtures';
import { revealer } from '../issuing/card-secure/fixtures';

/**
 * The official Node client's card flow (uqpay/uqpay-node src/resources/issuing and
 * simulator/issuing.ts), call by call with its paths and bodies, from a product to a reversed
 * authorization: the issue says that flow used to stop at its first call. Each answer is checked
 * for the keys and JSON types the client's types declare for it.
 */
let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await revealer(t, 'Official client flow');
});
afterAll(() => t.close());

const str = expect.any(String);
const num = expect.any(Number);

async function ok(res: Promise<{ status: number; body: Json; raw: string }>): Promise<Json> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${r.status} ${r.raw}`);
  return r.body;
}

describe("the official client's issuing flow", () => {
  it('products → cardholder → card → secure details and iframe → balance → authorization → reversal → transactions → order', async () => {
    // products.list({page_size, page_number})
    const products = await ok(c.get('/v1/issuing/products', { page_size: 10, page_number: 1 }));
    const product = (products.data as Json[]).find((p) => p.card_bin === '428852')!;
    expect(product).toMatchObject({ product_id: str, mode_type: 'SHARE', card_form: expect.any(Array), product_status: 'ENABLED' });

    // cardholders.create(CreateCardholderParams) → {cardholder_id, cardholder_status}
    const holder = await ok(c.post('/v1/issuing/cardholders', holderBody()));
    expect(holder).toMatchObject({ cardholder_id: str, cardholder_status: str });

    // cards.create(CreateCardParams) → CreateCardResponse
    const created = await ok(c.post('/v1/issuing/cards', { card_currency: 'USD', cardholder_id: holder.cardholder_id, card_product_id: product.product_id }));
    expect(created).toMatchObject({ card_id: str, card_order_id: str, create_time: str, card_status: 'PENDING', order_status: 'PENDING' });
    const cardId = created.card_id as string;
    await advance(c, 3);

    // cards.retrieve(id) → Card; cards.list(params) → PaginatedResponse<Card>
    expect(await ok(c.get(`/v1/issuing/cards/${cardId}`))).toMatchObject({ card_id: cardId, card_status: 'ACTIVE', card_number: expect.stringMatching(/^\d{6}\*+\d{4}$/) });
    expect(await ok(c.get('/v1/issuing/cards', { page_size: 10, page_number: 1, cardholder_id: holder.cardholder_id as string }))).toMatchObject({ total_items: 1, total_pages: 1 });

    // cards.retrieveSecure(id) → SecureCardDetails
    const secure = await ok(c.get(`/v1/issuing/cards/${cardId}/secure`));
    expect(secure).toEqual({ card_number: expect.stringMatching(/^428852\d{10}$/), cvv: expect.stringMatching(/^\d{3}$/), expire_date: expect.stringMatching(/^\d{2}\/\d{2}$/) });

    // cards.getSecureIframeUrl(id, {lang, styles}): createPanToken, then the URL it builds
    const token = await ok(c.post(`/v1/issuing/cards/${cardId}/token`, {}));
    expect(token).toEqual({ token: str, expires_in: 60, expires_at: str });
    const params = new URLSearchParams({ token: token.token as string, cardId });
    params.set('lang', 'en');
    params.set('styles', encodeURIComponent(JSON.stringify({ '.value': { color: '#123456' } })));
    const page = await t.inject({ method: 'GET', url: `/iframe/card?${params.toString()}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(secure.card_number as string);
    expect(page.body).toContain('#123456');

    // issuing.balances.list / retrieve(currency): funded from the wallet first (payrail's extension)
    const accountId = decodeJwt(c.token!).entity_id as string;
    await fundWallet(t.services, accountId, 'USD', '500.00');
    await ok(c.post('/v1/issuing/balances/transfer_in', { currency: 'USD', amount: 200 }));
    expect(await ok(c.post('/v1/issuing/balances', { currency: 'USD' }))).toMatchObject({
      balance_id: str, currency: 'USD', available_balance: '200.00', margin_balance: str, frozen_balance: '0.00', create_time: str, last_trade_time: str, balance_status: 'ACTIVE',
    });

    // simulator.issuing.authorize(SimulateAuthorizationParams) → SimulateAuthorizationResponse
    const auth = await ok(
      c.post('/v1/simulation/issuing/authorization', {
        card_id: cardId, transaction_amount: 25.5, transaction_currency: 'USD', merchant_name: 'Book Shop', merchant_category_code: '5942', transaction_status: 'APPROVED',
      }),
    );
    expect(auth).toMatchObject({ card_id: cardId, card_number: str, cardholder_id: holder.cardholder_id, transaction_id: str, transaction_type: str, transaction_status: 'APPROVED', billing_currency: 'USD', transaction_currency: 'USD', transaction_time: str });
    expect(auth.billing_amount).toBe(25.5);
    expect((await ok(c.post('/v1/issuing/balances', { currency: 'USD' }))).frozen_balance).toBe('25.50');

    // simulator.issuing.reverse({transaction_id})
    const reversal = await ok(c.post('/v1/simulation/issuing/reversal', { transaction_id: auth.transaction_id }));
    expect(reversal).toMatchObject({ card_id: cardId, transaction_id: str, transaction_type: 'REVERSAL' });
    expect(await ok(c.post('/v1/issuing/balances', { currency: 'USD' }))).toMatchObject({ available_balance: '200.00', frozen_balance: '0.00' });

    // transactions.list({card_id}) / retrieve(id) → CardTransaction
    const txns = await ok(c.get('/v1/issuing/transactions', { page_size: 10, page_number: 1, card_id: cardId }));
    expect(txns.total_items).toBe(2);
    const one = await ok(c.get(`/v1/issuing/transactions/${auth.transaction_id as string}`));
    expect(one).toMatchObject({
      card_id: cardId, transaction_id: auth.transaction_id, short_transaction_id: str, transaction_fee: 0, fee_pass_through: 'N',
      merchant_data: { category_code: '5942', city: str, country: str, name: 'Book Shop' }, transaction_status: 'APPROVED',
    });

    // balances.listTransactions, cards.retrieveOrder(id), cards.updateStatus(id, {card_status})
    const moves = await ok(c.get('/v1/issuing/balances/transactions', { page_size: 10, page_number: 1 }));
    expect(moves.data as Json[]).toEqual(expect.arrayContaining([expect.objectContaining({ transaction_id: str, amount: num, ending_balance: num, transaction_status: 'COMPLETED' })]));
    expect(await ok(c.get(`/v1/issuing/cards/${cardId}/order`))).toMatchObject({ card_id: cardId, card_order_id: created.card_order_id, order_status: 'SUCCESS' });
    expect(await ok(c.post(`/v1/issuing/cards/${cardId}/status`, { card_status: 'FROZEN', update_reason: 'lost wallet' }))).toMatchObject({ card_id: cardId, card_order_id: str, order_status: str });
  });
});
