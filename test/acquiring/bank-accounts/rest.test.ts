import { startTestApp, type TestApp } from '../../support/app';
import { makeMaster } from '../../support/tenants';
import { eventData } from '../../support/events';
import { bankAccountBody, createBankAccount, v2Tenant, type V2Tenant } from './fixtures';

let t: TestApp;
let who: V2Tenant;

beforeAll(async () => {
  t = await startTestApp();
  who = await v2Tenant(t, 'Bank Holder Ltd');
});
afterAll(() => t.close());

describe('settlement bank accounts over REST (BA1-BA4)', () => {
  it("each event's data is the bank account exactly as GET /v2/payment/bankaccount/{id} answered at that step (issue 11)", async () => {
    const get = async (id: string) => (await who.c.get(`/v2/payment/bankaccount/${id}`)).body;
    const id = await createBankAccount(who.c, 'GBP');
    expect(await eventData(t, id, 'bank_account.create.succeeded')).toEqual(await get(id));
    const updated = await who.c.post(`/v2/payment/bankaccount/${id}`, { ...bankAccountBody('GBP'), account_number: '00000000', bank_name: 'Another Bank' });
    expect(updated.status).toBe(200);
    expect(await eventData(t, id, 'bank_account.update.succeeded')).toEqual(await get(id));
    expect(await eventData(t, id, 'bank_account.update.succeeded')).toMatchObject({ bank_name: 'Another Bank', account_status: 'Invalid' });
  });

  it('creates one (BA1) with id, account_name (the holder) and account_status, and records the event', async () => {
    const res = await who.c.post('/v2/payment/bankaccount/create', bankAccountBody('GBP', { bank_name: 'HSBC UK', extra_key: 'ignored' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      account_number: '123456789012',
      account_name: 'Bank Holder Ltd',
      bank_name: 'HSBC UK',
      swift_code: 'HBUKGB4B',
      bank_country_code: 'GB',
      bank_address: '1 Bank Street',
      currency: 'GBP',
      bank_code_type: 'sort_code',
      bank_code_value: '401276',
      bank_branch_code: null,
      account_status: 'Valid',
      create_time: '2026-11-21T10:00:00.000Z',
      update_time: '2026-11-21T10:00:00.000Z',
    });
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: res.body.id } });
    expect(events.map((e) => [e.eventName, e.eventType])).toEqual([['bank_account.create.succeeded', 'ACQUIRING']]);
  });

  it('answers 400 naming the field for each rule', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [bankAccountBody('USD_US', { bank_code_value: '12345678' }), "Invalid value for field 'bank_code_value': an aba code is exactly 9 digits"],
      [bankAccountBody('EUR_DE', { swift_code: 'DEUTDEFF5' }), "Invalid value for field 'swift_code': must be 8 or 11 characters"],
      [bankAccountBody('EUR_DE', { account_number: '1234' }), "Invalid value for field 'account_number': must be 5-60 characters"],
      [bankAccountBody('CAD', { bank_branch_code: undefined }), "Field 'bank_branch_code' is required: CAD accounts need bank_branch_code"],
      [{ ...bankAccountBody('EUR_DE'), bank_name: undefined }, "Field 'bank_name' is required"],
    ];
    for (const [body, message] of cases) {
      const res = await who.c.post('/v2/payment/bankaccount/create', body);
      expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
    }
  });

  it('marks an account number of zeros Invalid (the sandbox bank does not know it)', async () => {
    const res = await who.c.post('/v2/payment/bankaccount/create', bankAccountBody('EUR_DE', { account_number: '00000000' }));
    expect(res.body.account_status).toBe('Invalid');
  });

  it('requires the idempotency key on BA1 (catalogue Hdr I)', async () => {
    const res = await who.c.post('/v2/payment/bankaccount/create', bankAccountBody('EUR_DE'), { key: null });
    expect([res.status, res.body]).toEqual([400, { code: 400, message: 'Idempotency key error' }]);
  });

  it('refuses a call without x-client-id, or with another key’s client id, with the spec’s 403', async () => {
    const other = await makeMaster(t.services, { name: 'Other' });
    const bare = who.c.withHeaders({ 'x-client-id': '' });
    for (const c of [bare, who.c.withHeaders({ 'x-client-id': other.clientId })]) {
      for (const res of [await c.get('/v2/payment/bankaccount'), await c.post('/v2/payment/bankaccount/create', bankAccountBody('EUR_DE'))]) {
        expect([res.status, res.body]).toEqual([403, { code: 403, message: 'x-client-id or email cannot be empty' }]);
      }
    }
  });

  it('lists (BA2, newest first, paged) and retrieves (BA3) only the acting account’s bank accounts', async () => {
    const mine = await v2Tenant(t, 'Lister');
    const first = await createBankAccount(mine.c, 'AUD');
    t.clock.advance(1); // newest first needs two distinct times
    const second = await createBankAccount(mine.c, 'INR');
    await createBankAccount(who.c, 'HKD');
    const page = await mine.c.get('/v2/payment/bankaccount', { page_size: 1, page_number: 2 });
    expect(page.body).toMatchObject({ total_pages: 2, total_items: 2, data: [{ id: first, currency: 'AUD' }] });
    const all = await mine.c.get('/v2/payment/bankaccount');
    expect(all.body.data.map((b: { id: string }) => b.id)).toEqual([second, first]);
    expect((await mine.c.get(`/v2/payment/bankaccount/${second}`)).body).toMatchObject({ id: second, bank_code_type: 'ifsc' });
    for (const id of [(await who.c.get('/v2/payment/bankaccount')).body.data[0].id, 'not-a-uuid', '8c4f5e0e-1c7c-4a43-9d1b-4d0f2c0a5b11']) {
      const res = await mine.c.get(`/v2/payment/bankaccount/${id}`);
      expect([res.status, res.body]).toEqual([400, { code: 400, message: 'entity not found' }]);
    }
  });

  it('updates one (BA4) under the same rules, keeping its currency', async () => {
    const id = await createBankAccount(who.c, 'INR');
    const body = { account_number: '00000', bank_name: 'SBI', swift_code: 'SBININBB', bank_country_code: 'IN', bank_address: 'Mumbai' };
    const missing = await who.c.post(`/v2/payment/bankaccount/${id}`, body);
    expect([missing.status, missing.body]).toEqual([400, { code: 400, message: "Field 'bank_code_type' is required: INR accounts need bank_code_type ifsc" }]);
    const currency = await who.c.post(`/v2/payment/bankaccount/${id}`, { ...body, currency: 'USD', bank_code_type: 'ifsc', bank_code_value: 'SBIN0000001' });
    expect(currency.body).toEqual({
      code: 400,
      message: "Invalid value for field 'currency': the settlement currency of a bank account cannot be changed (it is INR)",
    });
    const ok = await who.c.post(`/v2/payment/bankaccount/${id}`, { ...body, bank_code_type: 'ifsc', bank_code_value: 'SBIN0000001' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id, bank_name: 'SBI', currency: 'INR', bank_code_value: 'SBIN0000001', account_status: 'Invalid', account_number: '00000' });
    expect((await who.c.get(`/v2/payment/bankaccount/${id}`)).body).toEqual(ok.body);
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: id }, orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => e.eventName)).toEqual(['bank_account.create.succeeded', 'bank_account.update.succeeded']);
    const stranger = await v2Tenant(t, 'Stranger');
    const theirs = await stranger.c.post(`/v2/payment/bankaccount/${id}`, { ...body, bank_code_type: 'ifsc', bank_code_value: 'SBIN0000001' });
    expect([theirs.status, theirs.body]).toEqual([400, { code: 400, message: 'entity not found' }]);
  });

  it('acts for a sub-account with x-on-behalf-of, naming it as the holder', async () => {
    const { makeSub } = await import('../../support/tenants');
    const sub = await makeSub(t.services, who.tenant, 'Sub Merchant');
    const res = await who.c.as(sub.id).post('/v2/payment/bankaccount/create', bankAccountBody('EUR_DE'));
    expect(res.body).toMatchObject({ account_name: 'Sub Merchant' });
    expect((await who.c.get(`/v2/payment/bankaccount/${res.body.id}`)).status).toBe(400);
    expect((await who.c.as(sub.id).get(`/v2/payment/bankaccount/${res.body.id}`)).status).toBe(200);
  });
});
