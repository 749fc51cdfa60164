import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type Json } from '../../support/client';
import {
  ConversionDatesDocument,
  ConversionDocument,
  ConversionsDocument,
  CreateConversionDocument,
  CreateQuoteDocument,
  ExchangeRatesAndConversionDatesDocument,
  type CreateQuoteInput,
} from '../../support/graphql.generated';
import { fundWallet, walletBalance } from '../../support/ledger';
import { makeMaster, makeSub } from '../../support/tenants';
import { conversionBody, quote, TODAY, treasury } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await treasury(t, 'Dashboard', { USD: '1000.00' }));
});
afterAll(() => t.close());

const gqlQuote = (input: Partial<CreateQuoteInput>, caller = c, key?: string) =>
  caller.gql(CreateQuoteDocument, { input: { sellCurrency: 'USD', buyCurrency: 'SGD', conversionDate: TODAY, ...input } }, { key });

/** A quote through GraphQL; fails the test when refused. */
async function quoted(input: Partial<CreateQuoteInput>, caller = c) {
  const res = await gqlQuote(input, caller);
  if (res.errors || res.data!.createQuote.userErrors.length) throw new Error(JSON.stringify(res.errors ?? res.data!.createQuote.userErrors));
  return res.data!.createQuote.quote!;
}

describe('GraphQL FX', () => {
  it('createQuote prices a sell-fixed and a buy-fixed quote', async () => {
    const sell = await gqlQuote({ sellAmount: '100.00' });
    expect(sell.errors).toBeUndefined();
    expect(sell.data!.createQuote.quote!).toEqual({
      id: expect.any(String),
      sellCurrency: 'USD',
      sellAmount: '100.00',
      buyCurrency: 'SGD',
      buyAmount: '129.35',
      currencyPair: 'USD/SGD',
      quotePrice: '1.2935',
      directRate: '1.2935',
      inverseRate: '0.7730962505',
      fixedSide: 'SELL',
      conversionDate: TODAY,
      transactionType: null,
      validUntil: '2026-11-21T10:05:00.000Z',
      createdAt: '2026-11-21T10:00:00.000Z',
    });
    const buy = await gqlQuote({ buyAmount: '1000', buyCurrency: 'JPY' });
    expect(buy.data!.createQuote.quote!).toMatchObject({ sellAmount: '6.49', buyAmount: '1000', fixedSide: 'BUY' });
  });

  it('reports rule violations naming the field as GraphQL does', async () => {
    const res = await gqlQuote({ sellAmount: '1000.5', sellCurrency: 'JPY', buyCurrency: 'USD' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createQuote).toEqual({
      quote: null,
      userErrors: [{ message: "Invalid value for field 'sellAmount': JPY amounts have no decimals", code: 'VALIDATION_FAILED', field: ['input', 'sellAmount'] }],
    });
    const both = await gqlQuote({ sellAmount: '1.00', buyAmount: '1.00' });
    expect(both.data!.createQuote.userErrors[0]!.message).toBe('Give exactly one of sell_amount or buy_amount');
    expect(both.data!.createQuote.userErrors[0]!.field).toEqual(['input', 'buyAmount']);
    // The same rule over REST names the wire field.
    const rest = await c.post('/v1/conversion/quote', { sell_currency: 'JPY', buy_currency: 'USD', sell_amount: '1000.5', conversion_date: TODAY });
    expect(rest.body).toEqual({ code: 400, message: "Invalid value for field 'sell_amount': JPY amounts have no decimals" });
  });

  it('names the fields of a rule checked outside the schema, of a mismatch with the quote, and of an argument the GraphQL way', async () => {
    const past = await gqlQuote({ sellAmount: '1.00', conversionDate: '2026-11-20' });
    expect(past.data!.createQuote.userErrors[0]).toMatchObject({
      message: "Invalid value for field 'conversionDate': must not be in the past",
      code: 'VALIDATION_FAILED',
      field: ['input', 'conversionDate'],
    });
    const q = await quoted({ sellAmount: '2.00' });
    const mismatch = await c.gql(CreateConversionDocument, {
      input: { quoteId: q.id, sellCurrency: 'USD', buyCurrency: 'SGD', conversionDate: TODAY, buyAmount: '2.59' },
    });
    expect(mismatch.data!.createConversion.userErrors[0]).toMatchObject({
      message: "Invalid value for field 'buyAmount': must equal the quote's buy_amount",
      code: 'QUOTE_MISMATCH',
      field: ['input', 'buyAmount'],
    });
    const dates = await c.gql(ConversionDatesDocument, { currencyFrom: 'USD', currencyTo: 'XXX' });
    expect(dates.errors![0]).toMatchObject({
      message: "Invalid value for field 'currencyTo': currency is not supported",
      extensions: { code: 'validation_failed', field: 'currencyTo' },
    });
  });

  it('createConversion executes a quote; a second use is refused', async () => {
    const q = await quoted({ sellAmount: '10.00' });
    const input = { quoteId: q.id, sellCurrency: 'USD', buyCurrency: 'SGD', conversionDate: TODAY, sellAmount: '10.00' };
    const res = await c.gql(CreateConversionDocument, { input });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createConversion.conversion!).toMatchObject({
      quoteId: q.id, sellAmount: '10.00', buyAmount: '12.93', clientRate: '1.2935', status: 'COMPLETED', currencyPair: 'USD/SGD',
    });
    const again = await c.gql(CreateConversionDocument, { input });
    expect(again.data!.createConversion).toEqual({
      conversion: null,
      userErrors: [{ message: 'Quote has already been used', code: 'QUOTE_USED', field: ['input', 'quoteId'] }],
    });
  });

  it('refuses a conversion the wallet cannot cover', async () => {
    const q = await quoted({ sellCurrency: 'GBP', sellAmount: '1.00' });
    const res = await c.gql(CreateConversionDocument, { input: { quoteId: q.id, sellCurrency: 'GBP', buyCurrency: 'SGD', conversionDate: TODAY } });
    expect(res.data!.createConversion.userErrors[0]).toMatchObject({
      message: 'Insufficient balance: the GBP wallet cannot cover this amount',
      code: 'INSUFFICIENT_BALANCE',
    });
  });

  it('replays createConversion retried with its idempotency key', async () => {
    const q = await quoted({ sellAmount: '1.00' });
    const input = { quoteId: q.id, sellCurrency: 'USD', buyCurrency: 'SGD', conversionDate: TODAY };
    const key = randomUUID();
    const first = await c.gql(CreateConversionDocument, { input }, { key });
    const retry = await c.gql(CreateConversionDocument, { input }, { key });
    expect(first.errors).toBeUndefined();
    expect(retry).toEqual(first);
    expect(await t.db.prisma.conversion.count({ where: { quoteId: q.id } })).toBe(1);
  });

  it('exchangeRates and conversionDates answer as BT13 and BT12', async () => {
    const res = await c.gql(ExchangeRatesAndConversionDatesDocument, { currencyPairs: ['SGD/USD', 'XXX/USD'], currencyFrom: 'USD', currencyTo: 'SGD' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.exchangeRates).toEqual({
      rates: [{ currencyPair: 'SGD/USD', buyPrice: '0.7730962505', sellPrice: '0.7653846153' }],
      unavailableCurrencyPairs: ['XXX/USD'],
      lastUpdated: '2026-11-21T10:00:00.000Z',
    });
    expect(res.data!.conversionDates).toHaveLength(31);
    expect(res.data!.conversionDates[0]).toEqual({ date: TODAY, dayOfWeek: 'SATURDAY' });
  });

  it('conversion(id) answers another tenant\'s conversion as not found', async () => {
    const q = await quote(c, { sell_amount: '1.00' });
    const created = (await c.post('/v1/conversion', conversionBody(q))).body;
    const mine = await c.gql(ConversionDocument, { id: created.conversion_id });
    expect(mine.data!.conversion!.id).toBe(created.conversion_id);
    const { c: other } = await treasury(t, 'Other');
    const theirs = await other.gql(ConversionDocument, { id: created.conversion_id });
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data!.conversion).toBeNull();
  });
});

describe('parity: REST and GraphQL over one domain', () => {
  it('stores the same conversion whichever door creates it, and each door reads the other\'s', async () => {
    const master = await makeMaster(t.services, { name: 'Parity' });
    const sub = await makeSub(t.services, master, 'Branch');
    const caller = (await clientOf(t, master)).as(sub.id);
    await fundWallet(t.services, sub.id, 'USD', '100.00');

    const restQuote = await quote(caller, { sell_amount: '20.00', buy_currency: 'JPY' });
    const restConv = (await caller.post('/v1/conversion', conversionBody(restQuote))).body;
    const gqlQ = await quoted({ sellAmount: '20.00', buyCurrency: 'JPY' }, caller);
    const gqlConv = (
      await caller.gql(CreateConversionDocument, {
        input: { quoteId: gqlQ.id, sellCurrency: 'USD', buyCurrency: 'JPY', conversionDate: TODAY, sellAmount: '20.00', buyAmount: '3084' },
      })
    ).data!.createConversion.conversion!;

    const strip = ({ id: _i, quoteId: _q, shortReferenceId: _s, ...rest }: Json) => rest;
    const stored = async (id: string) => {
      const { id: _i, quoteId: _q, shortReferenceId: _s, createdAt: _c, ...row } = await t.db.prisma.conversion.findUniqueOrThrow({ where: { id } });
      return { ...row, sellAmount: row.sellAmount.toString(), buyAmount: row.buyAmount.toString(), rate: row.rate.toString() };
    };
    expect(await stored(gqlConv.id)).toEqual(await stored(restConv.conversion_id));
    expect(await stored(gqlConv.id)).toMatchObject({ accountId: sub.id, sellAmount: '20', buyAmount: '3084', status: 'COMPLETED' });

    // Each door shows the other's conversion exactly as its own.
    const viaGql = await caller.gql(ConversionDocument, { id: restConv.conversion_id });
    expect(strip(viaGql.data!.conversion!)).toEqual(strip(gqlConv));
    const viaRest = (await caller.get(`/v1/conversion/${gqlConv.id}`)).body;
    const { conversion_id: _a, quote_id: _b, short_reference_id: _c2, ...restShape } = restConv;
    const { conversion_id: _d, quote_id: _e, short_reference_id: _f, ...gqlShape } = viaRest;
    expect(gqlShape).toEqual(restShape);

    // Same list, same order, on both doors.
    const restList = (await caller.get('/v1/conversion', { page_size: 10, page_number: 1 })).body;
    const gqlList = (await caller.gql(ConversionsDocument, { first: 10 })).data!.conversions;
    expect(gqlList.totalCount).toBe(restList.total_items);
    expect(gqlList.edges.map((e) => e.node.id)).toEqual(restList.data.map((x: Json) => x.conversion_id));
    expect(new Set(gqlList.edges.map((e) => e.node.id))).toEqual(new Set([restConv.conversion_id, gqlConv.id]));
    expect(await walletBalance(t.services, sub.id, 'JPY')).toBe('6168');
  });

  it('pages the connection with first/after', async () => {
    const page1 = (await c.gql(ConversionsDocument, { first: 2 })).data!.conversions;
    expect(page1.edges).toHaveLength(2);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await c.gql(ConversionsDocument, { first: 2, after: page1.pageInfo.endCursor })).data!.conversions;
    const rest = (await c.get('/v1/conversion', { page_size: 2, page_number: 2 })).body;
    expect(page2.edges.map((e) => e.node.id)).toEqual(rest.data.map((x: Json) => x.conversion_id));
  });
});
