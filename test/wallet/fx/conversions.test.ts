import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type Json, type RestReply } from '../../support/client';
import { fundWallet, walletBalance } from '../../support/ledger';
import { advance } from '../../support/sandbox';
import { makeMaster, makeSub } from '../../support/tenants';
import { conversionBody, quote, TODAY, treasury } from './fixtures';

let t: TestApp;
let c: Client;
let accountId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ c, id: accountId } = await treasury(t, 'Treasury', { USD: '1000.00' }));
});
afterAll(() => t.close());

const answer = ({ status, body }: RestReply) => ({ status, body });

/** BT9; `key` sends that x-idempotency-key (a fresh one otherwise, as ref does). */
const convert = (body: Record<string, unknown>, caller = c, key?: string) => caller.post('/v1/conversion', body, { key });
const converted = async (...args: Parameters<typeof convert>) => answer(await convert(...args));

describe('POST /v1/conversion (BT9)', () => {
  it('executes a quote: the sell wallet is debited, the buy wallet credited, in one journal entry', async () => {
    // A tenant of its own, so the balances before are known: 1000 USD, no SGD.
    const { c: own, id } = await treasury(t, 'Exact conversion', { USD: '1000.00' });
    expect([await walletBalance(t.services, id, 'USD'), await walletBalance(t.services, id, 'SGD')]).toEqual(['1000', '0']);
    const q = await quote(own, { sell_amount: '100.00' });
    const res = await convert(conversionBody(q), own);
    expect(answer(res)).toEqual({
      status: 200,
      body: {
        conversion_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        short_reference_id: expect.stringMatching(/^CV[0-9A-Z]{6}$/),
        buy_amount: 129.35,
        buy_currency: 'SGD',
        sell_amount: 100,
        sell_currency: 'USD',
        created_date: '2026-11-21T10:00:00.000Z',
        currency_pair: 'USD/SGD',
        reference: '',
        status: 'COMPLETED',
        quote_id: q.quote_id,
        conversion_date: TODAY,
        client_rate: 1.2935,
      },
    });
    expect([await walletBalance(t.services, id, 'USD'), await walletBalance(t.services, id, 'SGD')]).toEqual(['900', '129.35']);
    const entry = await t.db.prisma.journalEntry.findFirstOrThrow({ where: { referenceId: res.body.conversion_id }, include: { lines: { include: { ledgerAccount: true } } } });
    expect([entry.kind, entry.referenceType]).toEqual(['CONVERSION', 'CONVERSION']);
    const lines = entry.lines.map((l) => [l.ledgerAccount.purpose, l.currency, l.amount.toFixed()]).sort((a, b) => a.join().localeCompare(b.join()));
    // docs/decisions/wallet/fx.md: WALLET(sell) -, FX_CLEARING(sell) +, FX_CLEARING(buy) -, WALLET(buy) +.
    expect(lines).toEqual([
      ['FX_CLEARING', 'SGD', '-129.35'],
      ['FX_CLEARING', 'USD', '100'],
      ['WALLET', 'SGD', '129.35'],
      ['WALLET', 'USD', '-100'],
    ]);
    const event = await t.db.prisma.outboxEvent.findFirstOrThrow({ where: { sourceId: res.body.conversion_id } });
    expect(event).toMatchObject({ accountId: id, eventType: 'CONVERSION', eventName: 'conversion.create.succeeded' });
    const used = await t.db.prisma.fxQuote.findUniqueOrThrow({ where: { id: q.quote_id } });
    expect(used).toMatchObject({ usedByType: 'CONVERSION', usedById: res.body.conversion_id });
  });

  it('takes the amounts as numbers or decimal strings, and a reference', async () => {
    const q = await quote(c, { sell_amount: '5.00' });
    const res = await convert(conversionBody(q, { sell_amount: '5.00', buy_amount: 6.46, reference: 'inv-42' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sell_amount: 5, buy_amount: 6.46, reference: 'inv-42' });
  });

  it('refuses a used quote', async () => {
    const q = await quote(c, { sell_amount: '1.00' });
    expect((await convert(conversionBody(q))).status).toBe(200);
    expect(await converted(conversionBody(q))).toEqual({ status: 400, body: { code: 400, message: 'Quote has already been used' } });
  });

  it('refuses an expired quote once the test clock passes its validity, and honours it up to that instant', async () => {
    const { c: clocked, id: clockedId } = await treasury(t, 'Clocked', { USD: '10.00' });
    const early = await quote(clocked, { sell_amount: '1.00' });
    const late = await quote(clocked, { sell_amount: '1.00' });
    await advance(clocked, 300);
    expect((await convert(conversionBody(early), clocked)).status).toBe(200);
    await advance(clocked, 1);
    expect(await converted(conversionBody(late), clocked)).toEqual({
      status: 400,
      body: { code: 400, message: 'Quote has expired, please request a new quote' },
    });
    expect(await walletBalance(t.services, clockedId, 'USD')).toBe('9');
  });

  it('refuses a body that differs from the quote, and leaves the quote usable', async () => {
    const q = await quote(c, { sell_amount: '2.00' });
    const mismatch = async (over: Record<string, unknown>, field: string) =>
      expect(await converted(conversionBody(q, over))).toEqual({
        status: 400,
        body: { code: 400, message: `Invalid value for field '${field}': must equal the quote's ${field}` },
      });
    await mismatch({ sell_currency: 'EUR' }, 'sell_currency');
    await mismatch({ buy_currency: 'JPY', buy_amount: 300 }, 'buy_currency');
    await mismatch({ conversion_date: '2026-11-22' }, 'conversion_date');
    await mismatch({ sell_amount: 2.01 }, 'sell_amount');
    await mismatch({ buy_amount: 2.59 }, 'buy_amount');
    expect((await convert(conversionBody(q))).status).toBe(200);
  });

  it('needs no amounts: the quote fixes them', async () => {
    const q = await quote(c, { sell_amount: '1.00' });
    const res = await convert(conversionBody(q, { sell_amount: undefined, buy_amount: undefined }));
    expect(res.body).toMatchObject({ sell_amount: 1, buy_amount: 1.29 });
  });

  it('requires quote_id, buy_currency, sell_currency and conversion_date', async () => {
    const q = await quote(c, { sell_amount: '1.00' });
    for (const field of ['quote_id', 'buy_currency', 'sell_currency', 'conversion_date']) {
      expect(await converted(conversionBody(q, { [field]: undefined }))).toEqual({
        status: 400,
        body: { code: 400, message: `Field '${field}' is required` },
      });
    }
    expect((await convert(conversionBody(q, { sell_amount: 1.001 }))).body).toEqual({
      code: 400,
      message: "Invalid value for field 'sell_amount': USD amounts have at most 2 decimals",
    });
  });

  it('answers an unknown, malformed or other tenant\'s quote alike', async () => {
    const { c: other } = await treasury(t, 'Other');
    const theirs = await quote(other, { sell_amount: '1.00' });
    const notFound = { status: 400, body: { code: 400, message: 'Quote not found' } };
    expect(await converted(conversionBody(theirs))).toEqual(notFound);
    expect(await converted(conversionBody(theirs, { quote_id: 'not-a-uuid' }))).toEqual(notFound);
    expect(await converted(conversionBody(theirs, { quote_id: '00000000-0000-4000-8000-000000000000' }))).toEqual(notFound);
  });

  it('refuses a sale larger than the sell wallet with a clear 400, writing nothing and keeping the quote', async () => {
    const q = await quote(c, { sell_currency: 'EUR', sell_amount: '50.00' });
    const before = await t.db.prisma.journalEntry.count();
    expect(await converted(conversionBody(q))).toEqual({
      status: 400,
      body: { code: 400, message: 'Insufficient balance: the EUR wallet cannot cover this amount' },
    });
    expect(await t.db.prisma.journalEntry.count()).toBe(before);
    expect(await t.db.prisma.conversion.count({ where: { quoteId: q.quote_id } })).toBe(0);
    expect((await t.db.prisma.fxQuote.findUniqueOrThrow({ where: { id: q.quote_id } })).usedAt).toBeNull();
    await fundWallet(t.services, accountId, 'EUR', '50.00');
    expect((await convert(conversionBody(q))).status).toBe(200);
    expect(await walletBalance(t.services, accountId, 'EUR')).toBe('0');
  });

  it('converts in a sub-account\'s wallets with x-on-behalf-of', async () => {
    const master = await makeMaster(t.services, { name: 'Parent' });
    const sub = await makeSub(t.services, master, 'Shop');
    const asMaster = await clientOf(t, master);
    const asSub = asMaster.as(sub.id);
    await fundWallet(t.services, sub.id, 'USD', '10.00');
    const q = await quote(asSub, { sell_amount: '10.00', buy_currency: 'JPY' });
    expect((await convert(conversionBody(q), asSub)).body).toMatchObject({ buy_amount: 1542, buy_currency: 'JPY' });
    expect(await walletBalance(t.services, sub.id, 'JPY')).toBe('1542');
    expect(await walletBalance(t.services, master.account.id, 'JPY')).toBe('0');
    // The master itself cannot use its sub-account's quote.
    const again = await quote(asSub, { sell_amount: '1.00' });
    expect((await convert(conversionBody(again), asMaster)).body).toEqual({ code: 400, message: 'Quote not found' });
  });

  it('replays a conversion retried with its idempotency key: one conversion, one debit', async () => {
    const { c: own, id } = await treasury(t, 'Replayed', { USD: '10.00' });
    const q = await quote(own, { sell_amount: '3.00' });
    const key = randomUUID();
    const first = await convert(conversionBody(q), own, key);
    const retry = await convert(conversionBody(q), own, key);
    expect(first.status).toBe(200);
    expect([retry.status, retry.raw]).toEqual([first.status, first.raw]);
    expect([await walletBalance(t.services, id, 'USD'), await walletBalance(t.services, id, 'SGD')]).toEqual(['7', '3.88']);
    expect(await t.db.prisma.conversion.count({ where: { quoteId: q.quote_id } })).toBe(1);
  });
});

describe('GET /v1/conversion (BT10) and /v1/conversion/{id} (BT11)', () => {
  it('lists the acting account\'s conversions newest first, paged', async () => {
    const { c: lister } = await treasury(t, 'Lister', { USD: '10.00' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const q = await quote(lister, { sell_amount: '1.00' });
      ids.push((await convert(conversionBody(q), lister)).body.conversion_id);
      t.clock.advance(1);
    }
    const page1 = await lister.get('/v1/conversion', { page_size: 2, page_number: 1 });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total_pages: 2, total_items: 3 });
    expect(page1.body.data.map((x: Json) => x.conversion_id)).toEqual([ids[2], ids[1]]);
    const page2 = await lister.get('/v1/conversion', { page_size: 2, page_number: 2 });
    expect(page2.body.data.map((x: Json) => x.conversion_id)).toEqual([ids[0]]);
    expect((await lister.get('/v1/conversion', { page_size: 0, page_number: 1 })).body).toEqual({
      code: 400,
      message: "Invalid value for field 'page_size': must be an integer from 1 to 100",
    });
  });

  it('retrieves one conversion as BT9 answered it', async () => {
    const q = await quote(c, { sell_amount: '1.00' });
    const created = (await convert(conversionBody(q))).body;
    expect(answer(await c.get(`/v1/conversion/${created.conversion_id}`))).toEqual({ status: 200, body: created });
  });

  it('answers an unknown, malformed or other tenant\'s conversion as entity not found', async () => {
    const q = await quote(c, { sell_amount: '1.00' });
    const created = (await convert(conversionBody(q))).body;
    const { c: other } = await treasury(t, 'Snoop');
    const notFound = { status: 400, body: { code: 400, message: 'entity not found' } };
    expect(answer(await other.get(`/v1/conversion/${created.conversion_id}`))).toEqual(notFound);
    expect(answer(await c.get('/v1/conversion/nope'))).toEqual(notFound);
    expect(answer(await c.get('/v1/conversion/00000000-0000-4000-8000-000000000000'))).toEqual(notFound);
  });
});
