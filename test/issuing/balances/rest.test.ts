import { startTestApp, type TestApp } from '../../support/app';
import { ledgerBalance, walletBalance } from '../../support/ledger';
import { createCard } from '../cards/fixtures';
import { advance } from '../../support/sandbox';
import { fundIssuing, issuingBalance, issuingTenant } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const B = (message: string) => ({ code: 400, message });

describe('GET /v1/issuing/balances (CI19) and POST /v1/issuing/balances (CI20)', () => {
  it('lists one zero balance per issuing currency (SGD, USD) before any money moved', async () => {
    const { c } = await issuingTenant(t);
    const res = await c.get('/v1/issuing/balances', { page_number: 1, page_size: 10 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total_pages: 1,
      total_items: 2,
      data: ['SGD', 'USD'].map((currency) => ({
        balance_id: expect.stringMatching(UUID),
        currency,
        available_balance: '0.00',
        margin_balance: '0.00',
        frozen_balance: '0.00',
        create_time: null,
        last_trade_time: null,
        balance_status: 'ACTIVE',
      })),
    });
  });

  it('retrieves one currency with POST {currency}, any case, with the same balance_id as the list', async () => {
    const { c } = await issuingTenant(t);
    await fundIssuing(c, 150.25);
    const one = await c.post('/v1/issuing/balances', { currency: 'usd' });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ currency: 'USD', available_balance: '150.25', margin_balance: '0.00', frozen_balance: '0.00', balance_status: 'ACTIVE' });
    expect(one.body.create_time).toBe('2026-11-21T10:00:00.000Z');
    const list = await c.get('/v1/issuing/balances', { page_number: 1, page_size: 10 });
    expect(list.body.data.find((b: { currency: string }) => b.currency === 'USD').balance_id).toBe(one.body.balance_id);
  });

  it('answers `Account balance not exists` for a currency with no issuing balance', async () => {
    const { c } = await issuingTenant(t);
    for (const currency of ['EUR', 'XUSD', 'ZZZ']) {
      const res = await c.post('/v1/issuing/balances', { currency });
      expect([res.status, res.body]).toEqual([400, B('Account balance not exists')]);
    }
  });

  it('keeps tenants apart: another account sees its own zero balance', async () => {
    const a = await issuingTenant(t, '1000.00', 'A');
    const b = await issuingTenant(t, '1000.00', 'B');
    await fundIssuing(a.c, 10);
    expect((await issuingBalance(b.c)).available_balance).toBe('0.00');
    expect((await issuingBalance(b.c)).balance_id).not.toBe((await issuingBalance(a.c)).balance_id);
  });
});

describe('POST /v1/issuing/balances/transfer_in and transfer_out (funding extension)', () => {
  it('moves money from the wallet to the issuing balance and back, each answered as an IssuingTransfer', async () => {
    const { c, id } = await issuingTenant(t, '500.00');
    const res = await c.post('/v1/issuing/balances/transfer_in', { currency: 'USD', amount: 200 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      transfer_id: expect.stringMatching(UUID),
      short_transaction_id: expect.stringMatching(/^IT[A-Z0-9]{6}$/),
      transfer_type: 'WALLET_IN',
      source_account_id: id,
      destination_account_id: id,
      currency: 'USD',
      amount: '200.00',
      fee_amount: '0.00',
      transfer_status: 'COMPLETED',
      create_time: '2026-11-21T10:00:00.000Z',
      complete_time: '2026-11-21T10:00:00.000Z',
      creator_id: id,
    });
    expect(await walletBalance(t.services, id, 'USD')).toBe('300');
    const out = await c.post('/v1/issuing/balances/transfer_out', { currency: 'USD', amount: 50.5 });
    expect(out.body).toMatchObject({ transfer_type: 'WALLET_OUT', amount: '50.50' });
    expect(await walletBalance(t.services, id, 'USD')).toBe('350.5');
    expect((await issuingBalance(c)).available_balance).toBe('149.50');
    expect((await c.get(`/v1/issuing/transfers/${out.body.transfer_id}`)).body).toEqual(out.body);
    const events = await t.db.prisma.outboxEvent.findMany({ where: { accountId: id }, orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => [e.eventType, e.eventName])).toEqual([
      ['ISSUING', 'issuing_balance.transfer_in.succeeded'],
      ['ISSUING', 'issuing_balance.transfer_out.succeeded'],
    ]);
  });

  it('refuses more than the wallet holds, or more than the issuing balance holds, with `Insufficient balance`, moving nothing', async () => {
    const { c, id } = await issuingTenant(t, '100.00');
    expect((await c.post('/v1/issuing/balances/transfer_in', { currency: 'USD', amount: 100.01 })).body).toEqual(B('Insufficient balance'));
    await fundIssuing(c, 40);
    expect((await c.post('/v1/issuing/balances/transfer_out', { currency: 'USD', amount: 40.01 })).body).toEqual(B('Insufficient balance'));
    expect(await walletBalance(t.services, id, 'USD')).toBe('60');
    expect(await ledgerBalance(t.services, id, 'USD', 'ISSUING_AVAILABLE')).toBe('40');
    expect(await t.db.prisma.issuingTransfer.count({ where: { accountId: id } })).toBe(1);
  });

  it('refuses amounts that are not positive numbers with at most two decimals, and currencies without an issuing balance', async () => {
    const { c } = await issuingTenant(t);
    for (const amount of [0, -1, 1.001, '10']) {
      const res = await c.post('/v1/issuing/balances/transfer_in', { currency: 'USD', amount });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ type: 'invalid_request_error', code: 'invalid_request_error' });
      expect(res.body.message).toContain("'amount'");
    }
    expect((await c.post('/v1/issuing/balances/transfer_in', { currency: 'EUR', amount: 1 })).body).toEqual(B('Account balance not exists'));
  });
});

describe('GET /v1/issuing/balances/transactions (CI21)', () => {
  it('lists every movement of the issuing balance, newest first, with the ending balance after each', async () => {
    const { c, id } = await issuingTenant(t);
    const fund = await fundIssuing(c, 100);
    // Newest first: lines of one instant are in no particular order, so the clock moves between them.
    await advance(c, 1);
    const card = await createCard(c, { card_limit: 30 }, '491090');
    await advance(c, 3);
    await c.post(`/v1/issuing/cards/${card.card_id}/recharge`, { amount: 20 });
    // Newest first: lines of one instant are in no particular order, so the clock moves between them.
    await advance(c, 1);
    await c.post(`/v1/issuing/cards/${card.card_id}/withdraw`, { amount: 5 });
    const res = await c.get('/v1/issuing/balances/transactions', { page_number: 1, page_size: 10 });
    expect(res.status).toBe(200);
    expect(res.body.total_items).toBe(4);
    expect(res.body.data.map((x: { transaction_type: string; amount: number; ending_balance: number }) => [x.transaction_type, x.amount, x.ending_balance])).toEqual([
      ['CARD_WITHDRAW', 5, 55],
      ['CARD_RECHARGE', -20, 50],
      ['CARD_RECHARGE', -30, 70],
      ['ISSUING_TRANSFER', 100, 100],
    ]);
    const last = res.body.data[3];
    expect(last).toEqual({
      transaction_id: expect.stringMatching(UUID),
      short_transaction_id: expect.stringMatching(UUID),
      account_id: id,
      balance_id: (await issuingBalance(c)).balance_id,
      transaction_type: 'ISSUING_TRANSFER',
      currency: 'USD',
      amount: 100,
      ending_balance: 100,
      create_time: '2026-11-21T10:00:00.000Z',
      complete_time: '2026-11-21T10:00:00.000Z',
      transaction_status: 'COMPLETED',
      description: 'wallet to issuing balance',
    });
    const entry = await t.db.prisma.journalEntry.findFirst({ where: { referenceId: fund.transfer_id } });
    expect(last.short_transaction_id).toBe(entry!.id);
  });

  it('filters by transaction_type, currency, transaction_id, transaction_status and time', async () => {
    const { c } = await issuingTenant(t);
    await fundIssuing(c, 100);
    await fundIssuing(c, 7, 'SGD');
    await c.post('/v1/issuing/balances/transfer_out', { currency: 'USD', amount: 1 });
    const q = (extra: Record<string, string>) => c.get('/v1/issuing/balances/transactions', { page_number: 1, page_size: 10, ...extra });
    expect((await q({ currency: 'sgd' })).body.data.map((x: { amount: number }) => x.amount)).toEqual([7]);
    expect((await q({ transaction_type: 'card_recharge' })).body.total_items).toBe(0);
    expect((await q({ transaction_type: 'ISSUING_TRANSFER' })).body.total_items).toBe(3);
    expect((await q({ transaction_status: 'PENDING' })).body.total_items).toBe(0);
    expect((await q({ transaction_status: 'COMPLETED' })).body.total_items).toBe(3);
    const one = (await q({})).body.data[1];
    expect((await q({ transaction_id: one.transaction_id })).body.data).toEqual([one]);
    expect((await q({ transaction_id: 'nope' })).body.total_items).toBe(0);
    expect((await q({ start_time: '2026-11-22' })).body.total_items).toBe(0);
    expect((await q({ end_time: '2026-11-21' })).body.total_items).toBe(3);
    const bad = await q({ transaction_status: 'DONE' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ type: 'invalid_request_error' });
  });
});
