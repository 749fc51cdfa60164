import { startTestApp, type TestApp } from '../../support/app';
import { ledgerBalance } from '../../support/ledger';
import { fundPaymentBalance } from '../../support/payment-balance';
import { advance } from '../../support/sandbox';
import { makeSub } from '../../support/tenants';
import { eventData } from '../../support/events';
import { createBankAccount, v2Tenant, type V2Tenant } from '../bank-accounts/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const body = (extra: Record<string, unknown> = {}) => ({
  payout_currency: 'USD',
  payout_amount: '100.00',
  statement_descriptor: 'PAYRAIL PAYOUT',
  ...extra,
});

/** PAYMENT_AVAILABLE, PAYMENT_PAYOUT_IN_FLIGHT and BANK_CLEARING of one account in USD. */
const ledger = (id: string) => Promise.all(['PAYMENT_AVAILABLE', 'PAYMENT_PAYOUT_IN_FLIGHT', 'BANK_CLEARING'].map((p) => ledgerBalance(t.services, id, 'USD', p)));

async function merchant(name: string, available = '500.00'): Promise<V2Tenant> {
  const who = await v2Tenant(t, name);
  await fundPaymentBalance(t.services, who.id, 'USD', available);
  return who;
}

const events = async (id: string) =>
  (await t.db.prisma.outboxEvent.findMany({ where: { sourceId: id }, orderBy: { createdAt: 'asc' } })).map((e) => [e.eventName, e.eventType]);

describe('payment payouts over REST (PA16-PA18)', () => {
  it("each event's data is the payout exactly as GET /v2/payment/payout/{id} answered at that step (issue 11)", async () => {
    const who = await merchant('Payload');
    await createBankAccount(who.c, 'USD_US');
    const get = async (id: string) => (await who.c.get(`/v2/payment/payout/${id}`)).body;
    const ok = (await who.c.post('/v2/payment/payout/create', body({ internal_note: 'weekly sweep' }))).body.payout_id as string;
    const failing = (await who.c.post('/v2/payment/payout/create', body({ statement_descriptor: 'SIMULATE-FAILED' }))).body.payout_id as string;
    expect(await eventData(t, ok, 'payment_payout.create.succeeded')).toEqual(await get(ok));
    expect(await eventData(t, failing, 'payment_payout.create.succeeded')).toEqual(await get(failing));
    await advance(who.c, 1);
    expect(await eventData(t, ok, 'payment_payout.submit.succeeded')).toEqual(await get(ok));
    expect(await eventData(t, failing, 'payment_payout.submit.succeeded')).toEqual(await get(failing));
    await advance(who.c, 2);
    expect(await eventData(t, ok, 'payment_payout.complete.succeeded')).toEqual(await get(ok));
    expect(await eventData(t, failing, 'payment_payout.complete.failed')).toEqual(await get(failing));
  });

  it('pays the available balance out to the Valid bank account in the currency: INITIATED -> PROCESSING -> SUCCEEDED', async () => {
    const who = await merchant('Payee');
    const bank = await createBankAccount(who.c, 'USD_US');
    const res = await who.c.post('/v2/payment/payout/create', body({ internal_note: 'weekly sweep' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      payout_id: expect.any(String),
      payout_currency: 'USD',
      payout_amount: '100.00',
      statement_descriptor: 'PAYRAIL PAYOUT',
      payout_status: 'INITIATED',
      create_time: '2026-11-21T10:00:00.000Z',
      completed_time: null,
      internal_note: 'weekly sweep',
      bank_account_id: bank,
      payout_account_id: null,
      failure_reason: null,
    });
    const id = res.body.payout_id as string;
    expect(await ledger(who.id)).toEqual(['400', '100', '0']);

    await advance(who.c, 1);
    expect((await who.c.get(`/v2/payment/payout/${id}`)).body).toMatchObject({ payout_status: 'PROCESSING', completed_time: null });
    await advance(who.c, 2);
    expect((await who.c.get(`/v2/payment/payout/${id}`)).body).toMatchObject({ payout_status: 'SUCCEEDED', completed_time: '2026-11-21T10:00:02.000Z' });
    expect(await ledger(who.id)).toEqual(['400', '0', '100']);
    expect(await events(id)).toEqual([
      ['payment_payout.create.succeeded', 'ACQUIRING'],
      ['payment_payout.submit.succeeded', 'ACQUIRING'],
      ['payment_payout.complete.succeeded', 'ACQUIRING'],
    ]);
  });

  it('fails a payout whose statement_descriptor carries SIMULATE-FAILED and returns the amount', async () => {
    const who = await merchant('Returned');
    await createBankAccount(who.c, 'USD_US');
    const res = await who.c.post('/v2/payment/payout/create', body({ statement_descriptor: 'simulate-failed' }));
    await advance(who.c, 3);
    expect((await who.c.get(`/v2/payment/payout/${res.body.payout_id}`)).body).toMatchObject({
      payout_status: 'FAILED',
      failure_reason: 'The bank returned the payout (sandbox test value SIMULATE-FAILED)',
      completed_time: '2026-11-21T10:00:02.000Z',
    });
    expect(await ledger(who.id)).toEqual(['500', '0', '0']);
    expect((await events(res.body.payout_id)).map(([name]) => name)).toContain('payment_payout.complete.failed');
  });

  it('sends the money to the wallet of an account of the tree named by payout_account_id, long or short id', async () => {
    const who = await merchant('Tree master');
    const sub = await makeSub(t.services, who.tenant, 'Tree sub');
    const long = await who.c.post('/v2/payment/payout/create', body({ payout_account_id: sub.id }));
    const short = await who.c.post('/v2/payment/payout/create', body({ payout_account_id: who.tenant.account.shortReferenceId, payout_amount: '50' }));
    expect([long.status, short.status]).toEqual([200, 200]);
    expect(long.body).toMatchObject({ payout_account_id: sub.id, bank_account_id: null });
    expect(short.body).toMatchObject({ payout_account_id: who.id, payout_amount: '50.00' });
    await advance(who.c, 3);
    expect(await ledgerBalance(t.services, sub.id, 'USD', 'WALLET')).toBe('100');
    expect(await ledgerBalance(t.services, who.id, 'USD', 'WALLET')).toBe('50');
    expect(await ledger(who.id)).toEqual(['350', '0', '0']);
  });

  it('refuses an account outside the tree as unknown', async () => {
    const who = await merchant('Outsider');
    const stranger = await v2Tenant(t, 'Stranger');
    for (const ref of [stranger.id, stranger.tenant.account.shortReferenceId, 'nobody']) {
      const res = await who.c.post('/v2/payment/payout/create', body({ payout_account_id: ref }));
      expect([res.status, res.body]).toEqual([400, { code: 400, message: "Invalid value for field 'payout_account_id': entity not found" }]);
    }
    expect(await ledger(who.id)).toEqual(['500', '0', '0']);
  });

  it('needs a Valid bank account in payout_currency without payout_account_id', async () => {
    const who = await merchant('Bankless');
    await createBankAccount(who.c, 'EUR_DE');
    await createBankAccount(who.c, 'USD_US', { account_number: '00000000' });
    const res = await who.c.post('/v2/payment/payout/create', body());
    expect([res.status, res.body]).toEqual([
      400,
      {
        code: 400,
        message:
          "Invalid value for field 'payout_currency': there is no Valid settlement bank account in USD; create one with POST /v2/payment/bankaccount/create or send payout_account_id",
      },
    ]);
    expect(await t.db.prisma.paymentPayout.count({ where: { accountId: who.id } })).toBe(0);
  });

  it('refuses more than the available balance (pending money cannot be paid out), writing nothing', async () => {
    const who = await merchant('Short', '80.00');
    await fundPaymentBalance(t.services, who.id, 'USD', '1000.00', { pending: true });
    await createBankAccount(who.c, 'USD_US');
    const res = await who.c.post('/v2/payment/payout/create', body());
    expect([res.status, res.body]).toEqual([400, { code: 400, message: 'Insufficient balance: the USD available payment balance cannot cover this amount' }]);
    expect(await ledger(who.id)).toEqual(['80', '0', '0']);
    expect(await t.db.prisma.paymentPayout.count({ where: { accountId: who.id } })).toBe(0);
    expect(await t.db.prisma.outboxEvent.count({ where: { accountId: who.id, eventName: { startsWith: 'payment_payout' } } })).toBe(0);
  });

  it('validates the body, naming the field', async () => {
    const who = await merchant('Validator');
    const cases: [Record<string, unknown>, string][] = [
      [{ payout_amount: '1.00', statement_descriptor: 'X' }, "Field 'payout_currency' is required"],
      [body({ payout_amount: 100 }), "Invalid type for field 'payout_amount'"],
      [body({ payout_amount: '1.001' }), "Invalid value for field 'payout_amount': USD amounts have at most 2 decimals"],
      [body({ payout_amount: '0' }), "Invalid value for field 'payout_amount': must be greater than 0"],
      [body({ statement_descriptor: undefined }), "Field 'statement_descriptor' is required"],
      [body({ statement_descriptor: 'X'.repeat(23) }), "Invalid value for field 'statement_descriptor': must be at most 22 characters"],
      [body({ payout_currency: 'ABC' }), "Invalid value for field 'payout_currency': currency is not supported"],
    ];
    for (const [b, message] of cases) {
      const res = await who.c.post('/v2/payment/payout/create', b);
      expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
    }
  });

  it('lists (PA17) with payout_status, start_time and end_time, newest first, and retrieves (PA18) only its own', async () => {
    const who = await merchant('Lister', '1000.00');
    await createBankAccount(who.c, 'USD_US');
    const a = (await who.c.post('/v2/payment/payout/create', body({ payout_amount: '1' }))).body.payout_id;
    await advance(who.c, 3); // a SUCCEEDED at 10:00:02, b created at 10:00:03
    const b = (await who.c.post('/v2/payment/payout/create', body({ payout_amount: '2' }))).body.payout_id;
    const ids = async (q: Record<string, string>) => (await who.c.get('/v2/payment/payout', q)).body.data.map((p: { payout_id: string }) => p.payout_id);
    expect(await ids({})).toEqual([b, a]);
    expect(await ids({ payout_status: 'SUCCEEDED' })).toEqual([a]);
    expect(await ids({ payout_status: 'INITIATED' })).toEqual([b]);
    expect(await ids({ start_time: '2026-11-21T10:00:01Z' })).toEqual([b]);
    expect(await ids({ end_time: '2026-11-21T10:00:01Z' })).toEqual([a]);
    expect((await who.c.get('/v2/payment/payout', { page_size: 1, page_number: 2 })).body).toMatchObject({ total_pages: 2, total_items: 2 });
    const bad = await who.c.get('/v2/payment/payout', { payout_status: 'DONE' });
    expect(bad.body).toEqual({ code: 400, message: "Invalid value for field 'payout_status': must be one of INITIATED, PROCESSING, SUCCEEDED, FAILED" });
    const stranger = await v2Tenant(t, 'Peeker');
    expect((await stranger.c.get(`/v2/payment/payout/${a}`)).body).toEqual({ code: 400, message: 'entity not found' });
    expect((await stranger.c.get('/v2/payment/payout')).body.total_items).toBe(0);
  });

  it('refuses PA16 without x-client-id', async () => {
    const who = await merchant('No client id');
    const res = await who.c.withHeaders({ 'x-client-id': '' }).post('/v2/payment/payout/create', body());
    expect([res.status, res.body]).toEqual([403, { code: 403, message: 'x-client-id or email cannot be empty' }]);
  });
});
