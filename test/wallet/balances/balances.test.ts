import { newId } from '../../../src/platform/ids/ids';
import { postJournalEntry } from '../../../src/platform/ledger/posting';
import { money } from '../../../src/platform/money/amount';
import { runDueTransitions } from '../../../src/platform/scheduler/run';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Json } from '../../support/client';
import { BalanceDocument, BalancesDocument, BalanceTransactionsDocument } from '../../support/graphql.generated';
import { fundWallet } from '../../support/ledger';
import { makeMaster, makeSub } from '../../support/tenants';
import { depositor, simulateDeposit } from '../deposits/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A fresh master of its own, so its balances start empty. */
const freshCaller = (name = 'Holder') => depositor(t, name);

/** Holds money for a payout in flight as the payouts area does: WALLET -> PAYOUT_IN_FLIGHT. */
async function holdForPayout(accountId: string, currency: string, amount: string): Promise<void> {
  await t.db.prisma.$transaction((tx) =>
    postJournalEntry(tx, {
      accountId,
      kind: 'PAYOUT',
      referenceType: 'PAYOUT',
      referenceId: newId(),
      at: t.clock.now(),
      lines: [
        { accountId, currency, purpose: 'WALLET', amount: money(amount).neg(), guardNonNegative: true },
        { accountId, currency, purpose: 'PAYOUT_IN_FLIGHT', amount: money(amount) },
      ],
    }),
  );
}

const NOW = '2026-11-21T10:00:00.000Z';

describe('GET /v1/balances and /v1/balances/{currency} (BT1, BT2)', () => {
  it('lists one balance per currency, by code, with the catalogue fields', async () => {
    const { c, accountId } = await freshCaller();
    await fundWallet(t.services, accountId, 'USD', '150.25');
    await fundWallet(t.services, accountId, 'JPY', '5000');
    await holdForPayout(accountId, 'USD', '50.25');
    const wallet = await t.db.prisma.ledgerAccount.findUniqueOrThrow({
      where: { accountId_currency_purpose: { accountId, currency: 'USD', purpose: 'WALLET' } },
    });
    const res = await c.get('/v1/balances', { page_number: 1, page_size: 10 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total_pages: 1,
      total_items: 2,
      data: [
        expect.objectContaining({ currency: 'JPY', available_balance: '5000', frozen_balance: '0' }),
        {
          balance_id: wallet.id,
          currency: 'USD',
          available_balance: '100.00',
          prepaid_balance: '0.00',
          margin_balance: '0.00',
          frozen_balance: '50.25',
          create_time: NOW,
          last_trade_time: NOW,
          balance_status: 'ACTIVE',
        },
      ],
    });
  });

  it('answers an empty page for an account that holds nothing, and pages with page_size', async () => {
    const { c, accountId } = await freshCaller();
    expect((await c.get('/v1/balances')).body).toEqual({ total_pages: 0, total_items: 0, data: [] });
    for (const cur of ['EUR', 'GBP', 'USD']) await fundWallet(t.services, accountId, cur, '1');
    const p2 = await c.get('/v1/balances', { page_number: 2, page_size: 2 });
    expect(p2.body).toMatchObject({ total_pages: 2, total_items: 3 });
    expect(p2.body.data.map((b: { currency: string }) => b.currency)).toEqual(['USD']);
  });

  it('retrieves one currency; the code may be given in lower case', async () => {
    const { c, accountId } = await freshCaller();
    await fundWallet(t.services, accountId, 'SGD', '12.3');
    const res = await c.get('/v1/balances/sgd');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ currency: 'SGD', available_balance: '12.30', frozen_balance: '0.00', balance_status: 'ACTIVE' });
  });

  it('answers a zero balance for a supported currency never used', async () => {
    const res = await (await freshCaller()).c.get('/v1/balances/EUR');
    expect([res.status, res.body]).toEqual([
      200,
      {
        balance_id: null,
        currency: 'EUR',
        available_balance: '0.00',
        prepaid_balance: '0.00',
        margin_balance: '0.00',
        frozen_balance: '0.00',
        create_time: null,
        last_trade_time: null,
        balance_status: 'ACTIVE',
      },
    ]);
  });

  it.each([
    ['an unsupported currency', 'XYZ', "Invalid value for field 'currency': currency is not supported"],
    ['a code that is not three letters', 'US1', "Invalid value for field 'currency': must be a three-letter ISO 4217 code"],
  ])('refuses %s with a 400', async (_name, code, message) => {
    const res = await (await freshCaller()).c.get(`/v1/balances/${code}`);
    expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
  });

  it("shows the sub-account's balances with x-on-behalf-of, and never another tenant's", async () => {
    const master = await makeMaster(t.services, { name: 'Parent' });
    const sub = await makeSub(t.services, master, 'Child');
    const asMaster = await clientOf(t, master);
    await fundWallet(t.services, sub.id, 'USD', '30');
    expect((await asMaster.as(sub.id).get('/v1/balances/USD')).body.available_balance).toBe('30.00');
    expect((await asMaster.get('/v1/balances/USD')).body.available_balance).toBe('0.00');
    expect((await (await freshCaller('Other')).c.get('/v1/balances')).body.total_items).toBe(0);
  });
});

describe('GET /v1/balances/transactions (BT3)', () => {
  it('lists wallet movements newest first with the catalogue fields', async () => {
    const { c, accountId } = await freshCaller();
    const d = await simulateDeposit(c, { amount: 80 });
    t.clock.advance(60);
    await holdForPayout(accountId, 'USD', '30.5');
    const wallet = await t.db.prisma.ledgerAccount.findUniqueOrThrow({
      where: { accountId_currency_purpose: { accountId, currency: 'USD', purpose: 'WALLET' } },
    });
    const res = await c.get('/v1/balances/transactions', { page_number: 1, page_size: 10 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_pages: 1, total_items: 2 });
    const [debit, credit] = res.body.data;
    expect(credit).toEqual({
      transaction_id: expect.any(String),
      account_id: accountId,
      balance_id: wallet.id,
      transaction_type: 'DEPOSIT',
      currency: 'USD',
      amount: 80,
      credit_debit_type: 'CREDIT',
      create_time: NOW,
      complete_time: NOW,
      reference_id: d.deposit_id,
      transaction_status: 'COMPLETED',
      transaction_way: 'DEPOSIT',
    });
    expect(debit).toMatchObject({ transaction_type: 'PAYOUT', amount: 30.5, credit_debit_type: 'DEBIT', create_time: '2026-11-21T10:01:00.000Z' });
  });

  it('filters by currency, transaction_type, transaction_status and time, and pages', async () => {
    const { c, accountId } = await freshCaller();
    const start = t.clock.now();
    await fundWallet(t.services, accountId, 'USD', '10');
    t.clock.advance(60);
    await fundWallet(t.services, accountId, 'EUR', '20');
    t.clock.advance(60);
    await holdForPayout(accountId, 'USD', '4');
    const list = async (q: string) => (await c.get<{ data: { amount: number; currency: string }[] }>(`/v1/balances/transactions?${q}`)).body;
    const amounts = (body: { data: { amount: number; currency: string }[] }) => body.data.map((x) => `${x.amount} ${x.currency}`);
    expect(amounts(await list('currency=USD'))).toEqual(['4 USD', '10 USD']);
    expect(amounts(await list('currency=eur'))).toEqual(['20 EUR']);
    expect(amounts(await list('transaction_type=PAYOUT'))).toEqual(['4 USD']);
    expect(amounts(await list('transaction_type=deposit'))).toEqual(['20 EUR', '10 USD']);
    expect(amounts(await list('transaction_status=COMPLETED'))).toHaveLength(3);
    expect(await list('transaction_status=PENDING')).toEqual({ total_pages: 0, total_items: 0, data: [] });
    const minute = new Date(start.getTime() + 60_000).toISOString();
    expect(amounts(await list(`start_time=${minute}`))).toEqual(['4 USD', '20 EUR']);
    expect(amounts(await list(`end_time=${minute}`))).toEqual(['20 EUR', '10 USD']);
    expect(amounts(await list('start_time=2026-11-21&end_time=2026-11-21'))).toHaveLength(3);
    expect(amounts(await list('end_time=2026-11-20'))).toEqual([]);
    const p = await list('page_number=3&page_size=1');
    expect(p).toMatchObject({ total_pages: 3, total_items: 3 });
    expect(amounts(p)).toEqual(['10 USD']);
  });

  it.each([
    ['an unknown transaction_status', 'transaction_status=DONE', "Invalid value for field 'transaction_status': must be one of PENDING, COMPLETED, FAILED"],
    ['an unsupported currency', 'currency=XYZ', "Invalid value for field 'currency': currency is not supported"],
    ['a bad end_time', 'end_time=21-11-2026', "Invalid value for field 'end_time': must be an RFC 3339 date-time or a YYYY-MM-DD date"],
    ['a page_size over 100', 'page_size=101', "Invalid value for field 'page_size': must be an integer from 1 to 100"],
  ])('refuses %s', async (_name, query, message) => {
    const res = await (await freshCaller()).c.get(`/v1/balances/transactions?${query}`);
    expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
  });

  it("shows only the acting account's wallets: not the clearing side, not a sub-account's", async () => {
    const master = await makeMaster(t.services, { name: 'Parent' });
    const sub = await makeSub(t.services, master, 'Child');
    const asMaster = await clientOf(t, master);
    await fundWallet(t.services, sub.id, 'USD', '5');
    await fundWallet(t.services, master.account.id, 'USD', '6');
    const mine = await asMaster.get('/v1/balances/transactions');
    expect(mine.body.data.map((x: { amount: number }) => x.amount)).toEqual([6]);
    const subs = await asMaster.as(sub.id).get('/v1/balances/transactions');
    expect(subs.body.data.map((x: { amount: number }) => x.amount)).toEqual([5]);
  });
});

describe('GraphQL balances, balance, balanceTransactions', () => {
  it('shows the same balances as REST', async () => {
    const { c, accountId } = await freshCaller();
    await fundWallet(t.services, accountId, 'USD', '70');
    await holdForPayout(accountId, 'USD', '20');
    await fundWallet(t.services, accountId, 'KWD', '1.5');
    const rest = (await c.get('/v1/balances')).body.data;
    const res = await c.gql(BalancesDocument, {});
    expect(res.errors).toBeUndefined();
    expect(res.data!.balances.totalCount).toBe(2);
    expect(res.data!.balances.edges.map((e) => e.node)).toEqual(
      rest.map((b: Json) => ({
        balanceId: b.balance_id,
        currency: b.currency,
        availableBalance: b.available_balance,
        prepaidBalance: b.prepaid_balance,
        marginBalance: b.margin_balance,
        frozenBalance: b.frozen_balance,
        createdAt: b.create_time,
        lastTradeTime: b.last_trade_time,
        status: b.balance_status,
      })),
    );
    expect(res.data!.balances.edges[0]!.node).toMatchObject({ currency: 'KWD', availableBalance: '1.500' });
  });

  it('balance(currency) answers zero for an unused currency and a validation error for an unsupported one', async () => {
    const { c } = await freshCaller();
    const zero = await c.gql(BalanceDocument, { currency: 'GBP' });
    expect(zero.data!.balance).toEqual({ balanceId: null, availableBalance: '0.00', frozenBalance: '0.00' });
    const bad = await c.gql(BalanceDocument, { currency: 'XYZ' });
    expect(bad.errors![0]).toMatchObject({
      message: "Invalid value for field 'currency': currency is not supported",
      extensions: { code: 'validation_failed', httpStatus: 400, field: 'currency' },
    });
  });

  it('lists the same wallet movements as REST, with filters', async () => {
    const { c, accountId } = await freshCaller();
    await fundWallet(t.services, accountId, 'USD', '9');
    t.clock.advance(1);
    await holdForPayout(accountId, 'USD', '2.5');
    const rest = (await c.get('/v1/balances/transactions')).body.data;
    const res = await c.gql(BalanceTransactionsDocument, {});
    expect(res.errors).toBeUndefined();
    const nodes = res.data!.balanceTransactions.edges.map((e) => e.node);
    expect(nodes.map((n) => n.id)).toEqual(rest.map((r: { transaction_id: string }) => r.transaction_id));
    expect(nodes[0]).toMatchObject({ transactionType: 'PAYOUT', amount: '2.50', creditDebitType: 'DEBIT', endingBalance: '6.50', status: 'COMPLETED' });
    const onlyPayouts = await c.gql(BalanceTransactionsDocument, { filter: { transactionType: 'PAYOUT' } });
    expect(onlyPayouts.data!.balanceTransactions.totalCount).toBe(1);
    const none = await c.gql(BalanceTransactionsDocument, { filter: { status: 'FAILED' } });
    expect(none.data!.balanceTransactions.totalCount).toBe(0);
  });

  it('names the fields of a refused filter as GraphQL does (transactionType, endTime), where REST names transaction_type', async () => {
    const { c } = await freshCaller();
    const empty = await c.gql(BalanceTransactionsDocument, { filter: { transactionType: ' ' } });
    expect(empty.errors![0]).toMatchObject({
      message: "Invalid value for field 'transactionType': must not be empty",
      extensions: { code: 'validation_failed', httpStatus: 400, field: 'transactionType' },
    });
    const rest = await c.get('/v1/balances/transactions', { transaction_type: ' ' });
    expect(rest.body).toEqual({ code: 400, message: "Invalid value for field 'transaction_type': must not be empty" });
    const backwards = await c.gql(BalanceTransactionsDocument, { filter: { startTime: '2026-11-22T00:00:00Z', endTime: '2026-11-21T00:00:00Z' } });
    expect(backwards.errors![0]).toMatchObject({
      message: "Invalid value for field 'endTime': must not be before 'startTime'",
      extensions: { field: 'endTime' },
    });
  });
});

describe('the balance follows deposits end to end', () => {
  it('a deposit raises available_balance by the time it answers; a pending one (test value PEND…) only once it completes', async () => {
    const { c } = await freshCaller();
    await c.post('/v1/simulation/deposit', { amount: 15, currency: 'USD', sender_swift_code: 'CITIUS33' });
    expect((await c.get('/v1/balances/USD')).body.available_balance).toBe('15.00');
    await c.post('/v1/simulation/deposit', { amount: 5, currency: 'USD', sender_swift_code: 'PENDUS33' });
    expect((await c.get('/v1/balances/USD')).body.available_balance).toBe('15.00');
    await runDueTransitions(t.services, { realClock: true });
    expect((await c.get('/v1/balances/USD')).body.available_balance).toBe('20.00');
  });
});
