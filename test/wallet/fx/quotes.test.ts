import { money } from '../../../src/platform/money/amount';
import { startTestApp, type TestApp } from '../../support/app';
import { Client, type RestReply } from '../../support/client';
import { quote, quoteBody, TODAY, treasury } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await treasury(t, 'Treasury'));
});
afterAll(() => t.close());

const answer = ({ status, body }: RestReply) => ({ status, body });

const refused = async (body: Record<string, unknown>, message: string) => {
  const res = await c.post('/v1/conversion/quote', body);
  expect(answer(res)).toEqual({ status: 400, body: { code: 400, message } });
};

describe('POST /v1/conversion/quote (PO11)', () => {
  it('prices a sell-fixed quote: the mid rate less a 50 bps spread, the buy side rounded down', async () => {
    const q = await quote(c, { sell_amount: '100.00' });
    expect(q).toEqual({
      quote_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      sell_currency: 'USD',
      sell_amount: 100,
      buy_currency: 'SGD',
      buy_amount: 129.35,
      quote_price: 1.2935,
      currency_pair: 'USD/SGD',
      direct_rate: 1.2935,
      inverse_rate: 0.7730962505,
      validity: '2026-11-21T10:05:00.000Z',
      conversion_date: TODAY,
      transaction_type: null,
    });
  });

  it('prices a buy-fixed quote: the sell side rounded up, so the rate never pays out more', async () => {
    const q = await quote(c, { sell_amount: undefined, buy_amount: '100.00' });
    expect(q).toMatchObject({ sell_amount: 77.31, buy_amount: 100, direct_rate: 1.2935 });
    // 77.31 x 1.2935 = 100.000485 covers the 100.00 bought; 77.30 x 1.2935 = 99.98755 would not.
    expect(money(String(q.sell_amount)).times(String(q.direct_rate)).toFixed()).toBe('100.000485');
  });

  it('keeps JPY amounts whole on either side', async () => {
    expect(await quote(c, { sell_amount: '10.00', buy_currency: 'JPY' })).toMatchObject({
      sell_amount: 10, buy_amount: 1542, direct_rate: 154.225, inverse_rate: 0.006484033069, currency_pair: 'USD/JPY', quote_price: 154.225,
    });
    expect(await quote(c, { sell_amount: undefined, buy_amount: '1000', buy_currency: 'JPY' })).toMatchObject({
      sell_amount: 6.49, buy_amount: 1000,
    });
    expect(await quote(c, { sell_currency: 'JPY', sell_amount: '1000', buy_currency: 'USD' })).toMatchObject({
      sell_amount: 1000, buy_amount: 6.41, direct_rate: 0.006419354838, inverse_rate: 155.7788945, currency_pair: 'USD/JPY', quote_price: 155.7788945,
    });
  });

  it('rounds a three-decimal currency to three decimals', async () => {
    expect(await quote(c, { buy_currency: 'KWD', sell_amount: '10.00' })).toMatchObject({ buy_amount: 3.054, direct_rate: 0.305465 });
  });

  it('writes the pair in market convention whichever side is sold', async () => {
    expect(await quote(c, { sell_currency: 'SGD', buy_currency: 'USD', sell_amount: '100.00' })).toMatchObject({
      currency_pair: 'USD/SGD', direct_rate: 0.7653846153, quote_price: 1.306532663, buy_amount: 76.53,
    });
    expect(await quote(c, { sell_currency: 'JPY', buy_currency: 'EUR', sell_amount: '10000' })).toMatchObject({ currency_pair: 'EUR/JPY' });
  });

  it('keeps transaction_type', async () => {
    expect(await quote(c, { transaction_type: 'CONVERSION' })).toMatchObject({ transaction_type: 'CONVERSION' });
  });

  it('refuses a JPY amount with decimals and a USD amount with three', async () => {
    await refused(quoteBody({ buy_currency: 'USD', sell_currency: 'JPY', sell_amount: '1000.5' }), "Invalid value for field 'sell_amount': JPY amounts have no decimals");
    await refused(quoteBody({ sell_amount: '10.001' }), "Invalid value for field 'sell_amount': USD amounts have at most 2 decimals");
    await refused(quoteBody({ sell_amount: undefined, buy_amount: '10.001' }), "Invalid value for field 'buy_amount': SGD amounts have at most 2 decimals");
  });

  it('requires sell_currency, buy_currency and conversion_date', async () => {
    await refused(quoteBody({ sell_currency: undefined }), "Field 'sell_currency' is required");
    await refused(quoteBody({ buy_currency: undefined }), "Field 'buy_currency' is required");
    await refused(quoteBody({ conversion_date: undefined }), "Field 'conversion_date' is required");
  });

  it('takes exactly one of sell_amount and buy_amount', async () => {
    await refused(quoteBody({ sell_amount: undefined }), 'Give exactly one of sell_amount or buy_amount');
    await refused(quoteBody({ buy_amount: '10.00' }), 'Give exactly one of sell_amount or buy_amount');
  });

  it('refuses an amount sent as a number with "Invalid type"', async () => {
    await refused(quoteBody({ sell_amount: 100 }), "Invalid type for field 'sell_amount'");
  });

  it('takes amounts as decimal strings, positive', async () => {
    await refused(quoteBody({ sell_amount: '0' }), "Invalid value for field 'sell_amount': must be greater than 0");
    await refused(quoteBody({ sell_amount: '-5' }), "Invalid value for field 'sell_amount': must be a positive decimal amount");
  });

  it('refuses unknown, unsupported and identical currencies', async () => {
    await refused(quoteBody({ sell_currency: 'usd' }), "Invalid value for field 'sell_currency': must be a three-letter ISO 4217 code");
    await refused(quoteBody({ buy_currency: 'XXX' }), "Invalid value for field 'buy_currency': currency is not supported");
    await refused(quoteBody({ buy_currency: 'USD' }), "Invalid value for field 'buy_currency': must differ from sell_currency");
  });

  it('takes a conversion_date from today to 30 days ahead', async () => {
    await refused(quoteBody({ conversion_date: '2026-11-20' }), "Invalid value for field 'conversion_date': must not be in the past");
    await refused(quoteBody({ conversion_date: '2026-12-22' }), "Invalid value for field 'conversion_date': must be at most 30 days ahead");
    await refused(quoteBody({ conversion_date: '2026-02-30' }), "Invalid value for field 'conversion_date': must be a date YYYY-MM-DD");
    await refused(quoteBody({ conversion_date: '21/11/2026' }), "Invalid value for field 'conversion_date': must be a date YYYY-MM-DD");
    expect(await quote(c, { conversion_date: '2026-12-21' })).toMatchObject({ conversion_date: '2026-12-21' });
  });

  it('refuses an amount whose converted side rounds to nothing', async () => {
    await refused(quoteBody({ sell_currency: 'KRW', sell_amount: '1', buy_currency: 'USD' }), "Invalid value for field 'sell_amount': too small to convert");
  });
});

describe('GET /v1/exchange/rates (BT13)', () => {
  it('answers each pair asked with client buy and sell prices as strings', async () => {
    const res = await c.get('/v1/exchange/rates', { currency_pairs: 'SGD/USD,USD/SGD' });
    expect(answer(res)).toEqual({
      status: 200,
      body: {
        data: {
          rates: [
            { currency_pair: 'SGD/USD', buy_price: '0.7730962505', sell_price: '0.7653846153' },
            { currency_pair: 'USD/SGD', buy_price: '1.306532664', sell_price: '1.2935' },
          ],
          unavailable_currency_pairs: [],
          last_updated: '2026-11-21T10:00:00.000Z',
        },
      },
    });
  });

  it('agrees with a quote: a pair\'s sell_price is the direct rate of selling its base', async () => {
    const rates = await c.get('/v1/exchange/rates', { currency_pairs: 'USD/SGD' });
    const q = await quote(c);
    expect(Number(rates.body.data.rates[0].sell_price)).toBe(q.direct_rate);
  });

  it('lists malformed pairs, same-currency pairs and currencies without a rate as unavailable', async () => {
    const res = await c.get('/v1/exchange/rates', { currency_pairs: 'EUR/USD,XXX/USD,usd/sgd,USD/USD,EURUSD' });
    expect(res.status).toBe(200);
    expect(res.body.data.rates.map((r: { currency_pair: string }) => r.currency_pair)).toEqual(['EUR/USD']);
    expect(res.body.data.unavailable_currency_pairs).toEqual(['XXX/USD', 'usd/sgd', 'USD/USD', 'EURUSD']);
  });

  it('answers every currency against USD when no pair is named', async () => {
    const res = await c.get('/v1/exchange/rates');
    expect(res.body.data.rates).toHaveLength(28);
    expect(res.body.data.rates[0]).toEqual({ currency_pair: 'AED/USD', buy_price: expect.any(String), sell_price: expect.any(String) });
  });

  it('refuses more than 50 pairs', async () => {
    const pairs = Array.from({ length: 51 }, (_, i) => `A${String(i).padStart(2, '0')}/USD`).join(',');
    expect(answer(await c.get('/v1/exchange/rates', { currency_pairs: pairs }))).toEqual({
      status: 400,
      body: { code: 400, message: "Invalid value for field 'currency_pairs': must name at most 50 pairs" },
    });
  });

  it('needs a token', async () => {
    const res = await new Client(t, undefined).get('/v1/exchange/rates');
    expect(answer(res)).toEqual({ status: 403, body: { code: 403, message: 'Authorization error' } });
  });
});

describe('GET /v1/conversion/conversion_dates (BT12)', () => {
  it('lists today and the next 30 days, every day (payrail converts at once)', async () => {
    const res = await c.get<unknown[]>('/v1/conversion/conversion_dates', { currency_from: 'USD', currency_to: 'SGD' });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(31);
    expect(res.body[0]).toEqual({ date: TODAY, day_of_week: 'SATURDAY' });
    expect(res.body[2]).toEqual({ date: '2026-11-23', day_of_week: 'MONDAY' });
    expect(res.body[30]).toEqual({ date: '2026-12-21', day_of_week: 'MONDAY' });
  });

  it('requires both currencies, supported and different', async () => {
    const dates = (query: Record<string, string>) => c.get('/v1/conversion/conversion_dates', query);
    expect((await dates({ currency_from: 'USD' })).body).toEqual({ code: 400, message: "Field 'currency_to' is required" });
    expect((await dates({ currency_from: 'USD', currency_to: 'XXX' })).body).toEqual({
      code: 400, message: "Invalid value for field 'currency_to': currency is not supported",
    });
    expect((await dates({ currency_from: 'USD', currency_to: 'USD' })).body).toEqual({
      code: 400, message: "Invalid value for field 'currency_to': must differ from currency_from",
    });
  });
});
