import { randomUUID } from 'node:crypto';
import { createMasterAccount } from '../../../src/domain/onboarding/accounts/service';
import { runDueTransitions } from '../../../src/platform/scheduler/run';
import { startTestApp, type TestApp } from '../../support/app';
import { Client, clientOf, type Json } from '../../support/client';
import { makeMaster, makeSub } from '../../support/tenants';
import { freshOwner, ibanIsValid, listed, openVirtualAccount } from './fixtures';
import { deliveredData } from '../../support/events';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('POST /v1/virtual/accounts (BT14)', () => {
  it('answers {message} and opens a PENDING account with every VirtualAccount field', async () => {
    const { c } = await freshOwner(t, 'Acme Trading Ltd');
    const res = await c.post('/v1/virtual/accounts', { currency: 'USD' });
    expect([res.status, res.body]).toEqual([200, { message: 'Virtual account is being opened' }]);
    expect(await listed(c)).toEqual([
      {
        currency: 'USD',
        payment_method: 'LOCAL',
        account_number: expect.stringMatching(/^88\d{10}$/),
        account_holder: 'Acme Trading Ltd',
        account_bank_id: expect.stringMatching(UUID),
        bank_name: 'Payrail Sandbox Bank',
        bank_address: '1 Sandbox Street, New York, US',
        bank_code: '502200007',
        swift_code: 'PRSBUS33',
        country_code: 'US',
        capability: { payment_method: 'LOCAL' },
        clearing_system: { type: 'ACH', value: '502200007' },
        status: 'PENDING',
        close_reason: null,
      },
    ]);
  });

  it('becomes ACTIVE through the worker on the real clock, with an outbox event for each change', async () => {
    const { c } = await freshOwner(t);
    await openVirtualAccount(c, { currency: 'SGD' });
    expect(await runDueTransitions(t.services, { realClock: true })).toBeGreaterThanOrEqual(1);
    const [va] = await listed(c);
    expect(va).toMatchObject({ currency: 'SGD', status: 'ACTIVE', clearing_system: { type: 'FAST', value: '7991' } });
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: va!.account_bank_id }, orderBy: { eventName: 'asc' } });
    expect(events.map((e) => [e.eventType, e.eventName, (deliveredData(e) as { status: string }).status])).toEqual([
      ['VIRTUAL', 'virtual.account.create', 'PENDING'],
      ['VIRTUAL', 'virtual.account.update', 'ACTIVE'],
    ]);
  });

  it('waits for the next advance of a frozen test clock', async () => {
    const { c, accountId } = await freshOwner(t);
    // This test reads the advance's answer (transitions_run), so it calls the clock endpoint itself.
    const advance = (seconds: number) => c.post('/v1/simulation/clock/advance', { seconds }, { key: null });
    expect((await advance(60)).status).toBe(200);
    await openVirtualAccount(c, { currency: 'USD' });
    await runDueTransitions(t.services, { realClock: true });
    expect((await listed(c))[0]!.status).toBe('PENDING');
    expect((await advance(1)).body.transitions_run).toBe(1);
    expect((await listed(c))[0]!.status).toBe('ACTIVE');
    const row = await t.db.prisma.virtualAccount.findFirstOrThrow({ where: { accountId } });
    expect(row.activatedAt!.toISOString()).toBe('2026-11-21T10:01:00.000Z');
  });

  it.each([
    ['GBP', 'LOCAL', { account_number: /^\d{8}$/, bank_code: '040412', country_code: 'GB', clearing_system: { type: 'FPS', value: '040412' } }],
    ['EUR', 'LOCAL', { account_number: /^DE\d{2}10020030\d{10}$/, bank_code: '10020030', country_code: 'DE', clearing_system: { type: 'SEPA', value: 'PRSBDEFF' } }],
    ['CHF', 'LOCAL', { account_number: /^CH\d{2}08821\d{12}$/, bank_code: '08821', country_code: 'CH', clearing_system: { type: 'SIC', value: '08821' } }],
    ['INR', 'LOCAL', { account_number: /^88\d{10}$/, bank_code: 'PRSB0000001', country_code: 'IN', clearing_system: { type: 'IFSC', value: 'PRSB0000001' } }],
    ['CNH', 'LOCAL', { account_number: /^88\d{10}$/, bank_code: '398', country_code: 'HK', clearing_system: { type: 'CHATS', value: '398' } }],
    ['GBP', 'SWIFT', { account_number: /^\d{8}$/, bank_code: '040412', country_code: 'GB', clearing_system: { type: 'SWIFT', value: 'PRSBGB2L' } }],
    ['JPY', 'SWIFT', { account_number: /^88\d{10}$/, bank_code: '0399', country_code: 'JP', clearing_system: { type: 'SWIFT', value: 'PRSBJPJT' } }],
  ])('gives a %s %s account the sandbox bank of its home country', async (currency, method, expected) => {
    const { c } = await freshOwner(t);
    await openVirtualAccount(c, { currency, payment_method: method });
    const [va] = await listed(c);
    const { account_number: shape, ...rest } = expected;
    expect(va).toMatchObject({ currency, payment_method: method, capability: { payment_method: method }, ...rest });
    expect(va!.account_number).toMatch(shape);
    if (currency === 'EUR' || currency === 'CHF') expect(ibanIsValid(va!.account_number)).toBe(true);
  });

  it.each([
    ['a missing currency', {}, "Field 'currency' is required"],
    ['a null currency', { currency: null }, "Invalid type for field 'currency'"],
    ['a currency that is not a string', { currency: 840 }, "Invalid type for field 'currency'"],
    ['a currency of two letters', { currency: 'US' }, "Invalid value for field 'currency': must be a three-letter ISO 4217 code"],
    ['a lower-case currency', { currency: 'usd' }, "Invalid value for field 'currency': must be a three-letter ISO 4217 code"],
    ['an unsupported currency', { currency: 'XYZ' }, "Invalid value for field 'currency': currency is not supported"],
    ['an unknown payment_method', { currency: 'USD', payment_method: 'WIRE' }, "Invalid value for field 'payment_method': must be one of LOCAL, SWIFT"],
    ['a lower-case payment_method', { currency: 'USD', payment_method: 'swift' }, "Invalid value for field 'payment_method': must be one of LOCAL, SWIFT"],
    ['a payment_method that is not a string', { currency: 'USD', payment_method: 1 }, "Invalid type for field 'payment_method'"],
  ])('refuses %s with a 400 naming the field', async (_name, body, message) => {
    const { c, accountId } = await freshOwner(t);
    const res = await c.post('/v1/virtual/accounts', body);
    expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
    expect(await t.db.prisma.virtualAccount.count({ where: { accountId } })).toBe(0);
  });

  it('refuses a body that is not JSON as a clear 400', async () => {
    const { c } = await freshOwner(t);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/virtual/accounts',
      payload: '{"currency":',
      headers: { 'x-auth-token': `Bearer ${c.token}`, 'content-type': 'application/json' },
    });
    expect([res.statusCode, res.json()]).toEqual([400, { code: 400, message: 'Request body is not valid JSON' }]);
  });

  it('refuses a second open account in one currency and payment_method, and allows the other method or currency', async () => {
    const { c } = await freshOwner(t);
    await openVirtualAccount(c, { currency: 'USD' });
    const again = await c.post('/v1/virtual/accounts', { currency: 'USD', payment_method: 'LOCAL' });
    expect([again.status, again.body]).toEqual([400, { code: 400, message: 'A USD virtual account with payment_method LOCAL is already open' }]);
    await runDueTransitions(t.services, { realClock: true });
    const whenActive = await c.post('/v1/virtual/accounts', { currency: 'USD' });
    expect(whenActive.body.message).toBe('A USD virtual account with payment_method LOCAL is already open');
    await openVirtualAccount(c, { currency: 'USD', payment_method: 'SWIFT' });
    await openVirtualAccount(c, { currency: 'EUR' });
    expect((await listed(c)).map((va) => `${va.currency} ${va.payment_method}`)).toEqual(['USD LOCAL', 'USD SWIFT', 'EUR LOCAL']);
  });

  it('opens one account when ten identical requests race', async () => {
    const { c, accountId } = await freshOwner(t);
    const results = await Promise.all(Array.from({ length: 10 }, () => c.post('/v1/virtual/accounts', { currency: 'HKD' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect([r.status, r.body]).toEqual([400, { code: 400, message: 'A HKD virtual account with payment_method LOCAL is already open' }]);
    }
    expect(await t.db.prisma.virtualAccount.count({ where: { accountId } })).toBe(1);
  });

  it('gives every account its own number across tenants and currencies', async () => {
    const owners = await Promise.all([1, 2, 3].map((i) => freshOwner(t, `Owner ${i}`)));
    await Promise.all(owners.flatMap((o) => ['USD', 'SGD', 'GBP', 'EUR'].map((currency) => openVirtualAccount(o.c, { currency }))));
    const numbers = (await t.db.prisma.virtualAccount.findMany({ select: { accountNumber: true } })).map((r) => r.accountNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('applies the idempotency layer when x-idempotency-key is sent: a retry is one account and the same answer', async () => {
    const { c, accountId } = await freshOwner(t);
    const key = randomUUID();
    const first = await c.post('/v1/virtual/accounts', { currency: 'AUD' }, { key });
    const again = await c.post('/v1/virtual/accounts', { currency: 'AUD' }, { key });
    expect(again.status).toBe(200);
    expect(again.raw).toBe(first.raw);
    expect(await t.db.prisma.virtualAccount.count({ where: { accountId } })).toBe(1);
    const otherBody = await c.post('/v1/virtual/accounts', { currency: 'CAD' }, { key });
    expect([otherBody.status, otherBody.body.message]).toEqual([400, expect.stringMatching(/^Idempotency key error/)]);
    const malformed = await c.post('/v1/virtual/accounts', { currency: 'CAD' }, { key: 'not-a-uuid' });
    expect([malformed.status, malformed.body]).toEqual([400, { code: 400, message: 'Idempotency key error' }]);
  });

  it('opens the account of the sub-account named by x-on-behalf-of, held in its name', async () => {
    const master = await makeMaster(t.services, { name: 'Parent Co' });
    const sub = await makeSub(t.services, master, 'Child Co');
    const asMaster = await clientOf(t, master);
    const asSub = asMaster.as(sub.id);
    await openVirtualAccount(asSub, { currency: 'USD' });
    expect(await listed(asSub)).toEqual([expect.objectContaining({ account_holder: 'Child Co', currency: 'USD' })]);
    expect(await listed(asMaster)).toEqual([]);
    // The master's own USD account is another slot.
    await openVirtualAccount(asMaster, { currency: 'USD' });
    expect((await listed(asMaster))[0]!.account_holder).toBe('Parent Co');
  });

  it('refuses an x-on-behalf-of that is not a sub-account of the caller', async () => {
    const { c } = await freshOwner(t);
    const stranger = await makeMaster(t.services, { name: 'Stranger' });
    const res = await c.as(stranger.account.id).post('/v1/virtual/accounts', { currency: 'USD' });
    expect([res.status, res.body]).toEqual([400, { code: 400, message: 'x-on-behalf-of value err' }]);
  });

  it('is for sandbox accounts: a production account is refused', async () => {
    const { key } = await createMasterAccount(t.services, { name: 'Live Co', isSandbox: false });
    const res = await (await clientOf(t, key)).post('/v1/virtual/accounts', { currency: 'USD' });
    expect([res.status, res.body]).toEqual([400, { code: 400, message: 'Virtual accounts are only available for sandbox accounts' }]);
  });

  it('needs a token', async () => {
    const res = await new Client(t, undefined).post('/v1/virtual/accounts', { currency: 'USD' }, { key: null });
    expect([res.status, res.body]).toEqual([403, { code: 403, message: 'Authorization error' }]);
  });
});

describe('GET /v1/virtual/accounts (BT15)', () => {
  it('pages the accounts in the order they were opened', async () => {
    const { c } = await freshOwner(t);
    for (const currency of ['USD', 'EUR', 'GBP']) await openVirtualAccount(c, { currency });
    const p1 = await c.get('/v1/virtual/accounts', { page_number: 1, page_size: 2 });
    expect(p1.status).toBe(200);
    expect({ ...p1.body, data: p1.body.data.map((v: Json) => v.currency) }).toEqual({ total_pages: 2, total_items: 3, data: ['USD', 'EUR'] });
    const p2 = await c.get('/v1/virtual/accounts', { page_number: 2, page_size: 2 });
    expect({ ...p2.body, data: p2.body.data.map((v: Json) => v.currency) }).toEqual({ total_pages: 2, total_items: 3, data: ['GBP'] });
    const beyond = await c.get('/v1/virtual/accounts', { page_number: 3, page_size: 2 });
    expect(beyond.body).toEqual({ total_pages: 2, total_items: 3, data: [] });
  });

  it('defaults to page 1 of 10', async () => {
    const { c } = await freshOwner(t);
    const currencies = ['USD', 'EUR', 'GBP', 'SGD', 'HKD', 'AUD', 'CAD', 'JPY', 'CHF', 'NZD', 'SEK'];
    for (const currency of currencies) await openVirtualAccount(c, { currency });
    const res = await c.get('/v1/virtual/accounts');
    expect([res.body.total_pages, res.body.total_items, res.body.data.length]).toEqual([2, 11, 10]);
  });

  it('filters by currency, in either case', async () => {
    const { c } = await freshOwner(t);
    await openVirtualAccount(c, { currency: 'USD' });
    await openVirtualAccount(c, { currency: 'USD', payment_method: 'SWIFT' });
    await openVirtualAccount(c, { currency: 'EUR' });
    expect((await listed(c, { currency: 'USD' })).map((v) => v.payment_method)).toEqual(['LOCAL', 'SWIFT']);
    expect((await listed(c, { currency: 'eur' })).map((v) => v.currency)).toEqual(['EUR']);
    expect(await c.get('/v1/virtual/accounts', { currency: 'GBP' })).toMatchObject({ status: 200, body: { total_pages: 0, total_items: 0, data: [] } });
  });

  it.each([
    ['page_size 0', { page_size: 0 }, "Invalid value for field 'page_size': must be an integer from 1 to 100"],
    ['page_size 101', { page_size: 101 }, "Invalid value for field 'page_size': must be an integer from 1 to 100"],
    ['page_number 0', { page_number: 0 }, "Invalid value for field 'page_number': must be an integer from 1 to 9007199254740991"],
    ['a page_size that is not a number', { page_size: 'ten' }, "Invalid value for field 'page_size': must be an integer from 1 to 100"],
    ['an unsupported currency', { currency: 'XYZ' }, "Invalid value for field 'currency': currency is not supported"],
  ])('refuses %s', async (_name, query: Record<string, string | number>, message) => {
    const res = await (await freshOwner(t)).c.get('/v1/virtual/accounts', query);
    expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
  });

  it("shows only the acting account's accounts: not another tenant's, nor a sub-account's to its master", async () => {
    const a = await freshOwner(t, 'Tenant A');
    const b = await freshOwner(t, 'Tenant B');
    await openVirtualAccount(a.c, { currency: 'USD' });
    expect(await b.c.get('/v1/virtual/accounts')).toMatchObject({ status: 200, body: { total_pages: 0, total_items: 0, data: [] } });
    const master = await makeMaster(t.services, { name: 'Tree' });
    const sub = await makeSub(t.services, master);
    const asMaster = await clientOf(t, master);
    await openVirtualAccount(asMaster.as(sub.id), { currency: 'USD' });
    expect(await listed(asMaster)).toEqual([]);
    expect(await listed(asMaster.as(sub.id))).toHaveLength(1);
  });
});
