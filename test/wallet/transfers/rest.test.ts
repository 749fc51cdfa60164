import { randomUUID } from 'node:crypto';
import { setAccountStatus, type Account } from '../../../src/domain/onboarding/accounts/service';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client, Json } from '../../support/client';
import { fundWallet, walletBalance } from '../../support/ledger';
import { makeSub, type Tenant } from '../../support/tenants';
import { ownKeyOf, transferBody as body, tree as treeOf, type RestTransfer } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Tree {
  master: Tenant;
  subA: Account;
  subB: Account;
  asMaster: Client;
  asSubA: Client;
}

/** A master with two sub-accounts; subA also has a key of its own. */
async function tree(name = 'Group'): Promise<Tree> {
  const g = await treeOf(t, name);
  return { ...g, asSubA: await ownKeyOf(t, g.subA) };
}

const transfer = (c: Client, b: Json, key: string | null = null) => c.post('/v1/transfer', b, { key });

describe('POST /v1/transfer (BT6)', () => {
  it('moves money from the master to a sub-account, both legs at once, and answers its ids', async () => {
    const g = await tree();
    await fundWallet(t.services, g.master.account.id, 'USD', '100');
    const res = await transfer(g.asMaster, body(g.master.account.id, g.subA.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ transfer_id: expect.any(String), short_reference_id: expect.stringMatching(/^TR[2-9A-HJ-NP-Z]{6}$/) });
    expect(await walletBalance(t.services, g.master.account.id, 'USD')).toBe('74.5');
    expect(await walletBalance(t.services, g.subA.id, 'USD')).toBe('25.5');
    const entry = await t.db.prisma.journalEntry.findFirstOrThrow({ where: { referenceId: res.body.transfer_id }, include: { lines: true } });
    expect([entry.kind, entry.referenceType]).toEqual(['TRANSFER', 'TRANSFER']);
    expect(entry.lines).toHaveLength(2);
    const event = await t.db.prisma.outboxEvent.findFirstOrThrow({ where: { sourceId: res.body.transfer_id } });
    expect([event.eventType, event.eventName, event.accountId]).toEqual(['PAYOUT', 'transfer.create.succeeded', g.master.account.id]);
  });

  it('lets the master move money sub to master and sub to sub', async () => {
    const g = await tree();
    await fundWallet(t.services, g.subA.id, 'USD', '60');
    expect((await transfer(g.asMaster, body(g.subA.id, g.master.account.id, { amount: '10' }))).status).toBe(200);
    expect((await transfer(g.asMaster, body(g.subA.id, g.subB.id, { amount: '20' }))).status).toBe(200);
    expect(await walletBalance(t.services, g.subA.id, 'USD')).toBe('30');
    expect(await walletBalance(t.services, g.master.account.id, 'USD')).toBe('10');
    expect(await walletBalance(t.services, g.subB.id, 'USD')).toBe('20');
  });

  it("lets a sub-account's own key send from itself to its master or a sibling, and nothing else", async () => {
    const g = await tree();
    await fundWallet(t.services, g.subA.id, 'USD', '50');
    await fundWallet(t.services, g.master.account.id, 'USD', '50');
    expect((await transfer(g.asSubA, body(g.subA.id, g.master.account.id, { amount: '5' }))).status).toBe(200);
    expect((await transfer(g.asSubA, body(g.subA.id, g.subB.id, { amount: '5' }))).status).toBe(200);
    const fromMaster = await transfer(g.asSubA, body(g.master.account.id, g.subA.id));
    const message = "Invalid value for field 'source_account_id': a sub-account can only transfer out of its own wallet";
    expect([fromMaster.status, fromMaster.body]).toEqual([400, { code: 400, message }]);
    const fromSibling = await transfer(g.asSubA, body(g.subB.id, g.master.account.id));
    expect([fromSibling.status, fromSibling.body]).toEqual([400, { code: 400, message }]);
  });

  it('applies the sub-account rule to a master acting with x-on-behalf-of', async () => {
    const g = await tree();
    await fundWallet(t.services, g.master.account.id, 'USD', '50');
    const asSubB = g.asMaster.as(g.subB.id);
    const res = await transfer(asSubB, body(g.master.account.id, g.subB.id));
    expect(res.body.message).toBe("Invalid value for field 'source_account_id': a sub-account can only transfer out of its own wallet");
    await fundWallet(t.services, g.subB.id, 'USD', '5');
    expect((await transfer(asSubB, body(g.subB.id, g.master.account.id, { amount: '5' }))).status).toBe(200);
  });

  it('answers any account outside the tree exactly as an unknown one', async () => {
    const g = await tree();
    const other = await tree('Other');
    const closed = await makeSub(t.services, g.master, 'Closed');
    await setAccountStatus(t.services, closed.id, 'CLOSED');
    await fundWallet(t.services, g.master.account.id, 'USD', '50');
    for (const target of [other.subA.id, other.master.account.id, randomUUID(), 'not-a-uuid', closed.id]) {
      const res = await transfer(g.asMaster, body(g.master.account.id, target));
      expect([res.status, res.raw]).toEqual([400, JSON.stringify({ code: 400, message: "Invalid value for field 'target_account_id': entity not found" })]);
    }
    const res = await transfer(g.asMaster, body(other.subA.id, g.subA.id));
    expect(res.body).toEqual({ code: 400, message: "Invalid value for field 'source_account_id': entity not found" });
    expect(await walletBalance(t.services, g.master.account.id, 'USD')).toBe('50');
  });

  it('refuses a transfer larger than the source wallet and records nothing', async () => {
    const g = await tree();
    await fundWallet(t.services, g.subA.id, 'USD', '10');
    const res = await transfer(g.asMaster, body(g.subA.id, g.subB.id, { amount: '10.01' }));
    expect([res.status, res.body]).toEqual([400, { code: 400, message: 'Insufficient balance: the USD wallet cannot cover this amount' }]);
    expect(await walletBalance(t.services, g.subA.id, 'USD')).toBe('10');
    expect(await t.db.prisma.transfer.count({ where: { sourceAccountId: g.subA.id } })).toBe(0);
    const none = await transfer(g.asMaster, body(g.subA.id, g.subB.id, { currency: 'EUR', amount: '1' }));
    expect(none.body).toEqual({ code: 400, message: 'Insufficient balance: the EUR wallet cannot cover this amount' });
  });

  it.each([
    ['a missing source_account_id', { source_account_id: undefined }, "Field 'source_account_id' is required"],
    ['a missing target_account_id', { target_account_id: undefined }, "Field 'target_account_id' is required"],
    ['a missing currency', { currency: undefined }, "Field 'currency' is required"],
    ['a missing amount', { amount: undefined }, "Field 'amount' is required"],
    ['a missing reason', { reason: undefined }, "Field 'reason' is required"],
    ['an amount sent as a number', { amount: 25.5 }, "Invalid type for field 'amount'"],
    ['an amount that is no number', { amount: 'ten' }, "Invalid value for field 'amount': must be a positive decimal amount"],
    ['a zero amount', { amount: '0.00' }, "Invalid value for field 'amount': must be greater than 0"],
    ['a USD amount with three decimals', { amount: '1.005' }, "Invalid value for field 'amount': USD amounts have at most 2 decimals"],
    ['a JPY amount with decimals', { amount: '1.5', currency: 'JPY' }, "Invalid value for field 'amount': JPY amounts have no decimals"],
    ['an unsupported currency', { currency: 'XYZ' }, "Invalid value for field 'currency': currency is not supported"],
    ['an empty reason', { reason: '  ' }, "Invalid value for field 'reason': must not be empty"],
    ['a reason of 256 characters', { reason: 'r'.repeat(256) }, "Invalid value for field 'reason': must be at most 255 characters"],
  ])('refuses %s', async (_name, over, message) => {
    const g = await tree();
    const res = await transfer(g.asMaster, body(g.master.account.id, g.subA.id, over));
    expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
  });

  it('refuses a transfer from an account to itself', async () => {
    const g = await tree();
    const res = await transfer(g.asMaster, body(g.subA.id, g.subA.id));
    expect(res.body).toEqual({ code: 400, message: "Invalid value for field 'target_account_id': must differ from source_account_id" });
  });

  it('replays a retry with the same idempotency key as one transfer', async () => {
    const g = await tree();
    await fundWallet(t.services, g.master.account.id, 'USD', '100');
    const key = randomUUID();
    const first = await transfer(g.asMaster, body(g.master.account.id, g.subA.id), key);
    const again = await transfer(g.asMaster, body(g.master.account.id, g.subA.id), key);
    expect(again.raw).toBe(first.raw);
    expect(await walletBalance(t.services, g.subA.id, 'USD')).toBe('25.5');
  });
});

describe('GET /v1/transfer and /v1/transfer/{id} (BT7, BT8)', () => {
  it('retrieves a transfer with the catalogue fields', async () => {
    const g = await tree('Names');
    await fundWallet(t.services, g.subA.id, 'USD', '100');
    const made = await transfer(g.asMaster, body(g.subA.id, g.subB.id));
    const entry = await t.db.prisma.journalEntry.findFirstOrThrow({ where: { referenceId: made.body.transfer_id } });
    const res = await g.asMaster.get(`/v1/transfer/${made.body.transfer_id}`);
    expect([res.status, res.body]).toEqual([
      200,
      {
        transfer_id: made.body.transfer_id,
        reference_id: entry.id,
        short_reference_id: made.body.short_reference_id,
        source_account_id: g.subA.id,
        source_account_name: 'Names A',
        destination_account_id: g.subB.id,
        destination_account_name: 'Names B',
        transfer_currency: 'USD',
        transfer_amount: '25.50',
        transfer_reason: 'Monthly allocation',
        transfer_status: 'COMPLETED',
        create_time: '2026-11-21T10:00:00.000Z',
        complete_time: '2026-11-21T10:00:00.000Z',
        created_by: g.master.account.id,
      },
    ]);
  });

  it('shows a transfer to the account that made it and to both parties, to no one else', async () => {
    const g = await tree();
    const other = await tree('Other');
    await fundWallet(t.services, g.subA.id, 'USD', '100');
    const made = await transfer(g.asMaster, body(g.subA.id, g.subB.id));
    const id = made.body.transfer_id as string;
    const asSubB = g.asMaster.as(g.subB.id);
    for (const c of [g.asMaster, g.asSubA, asSubB]) expect((await c.get(`/v1/transfer/${id}`)).body.transfer_id).toBe(id);
    for (const c of [g.asSubA, asSubB]) expect((await c.get('/v1/transfer')).body.total_items).toBe(1);
    for (const ref of [id, randomUUID(), 'nope']) {
      const res = await other.asMaster.get(`/v1/transfer/${ref}`);
      expect([res.status, res.raw]).toEqual([400, JSON.stringify({ code: 400, message: 'entity not found' })]);
    }
    expect((await other.asMaster.get('/v1/transfer')).body).toEqual({ total_pages: 0, total_items: 0, data: [] });
  });

  it('lists newest first and filters by transfer_status, currency and time', async () => {
    const g = await tree();
    await fundWallet(t.services, g.master.account.id, 'USD', '100');
    await fundWallet(t.services, g.master.account.id, 'EUR', '100');
    const start = t.clock.now();
    const a = await transfer(g.asMaster, body(g.master.account.id, g.subA.id, { amount: '1' }));
    t.clock.advance(60);
    const b = await transfer(g.asMaster, body(g.master.account.id, g.subB.id, { amount: '2', currency: 'EUR' }));
    t.clock.advance(60);
    const c = await transfer(g.asMaster, body(g.master.account.id, g.subA.id, { amount: '3' }));
    const ids = async (q: string) => (await g.asMaster.get<{ data: RestTransfer[] }>(`/v1/transfer?${q}`)).body.data.map((x) => x.transfer_id);
    expect(await ids('page_number=1&page_size=10')).toEqual([c.body.transfer_id, b.body.transfer_id, a.body.transfer_id]);
    expect(await ids('transfer_status=completed')).toHaveLength(3);
    expect(await ids('transfer_status=failed')).toEqual([]);
    expect(await ids('currency=EUR')).toEqual([b.body.transfer_id]);
    const minute = new Date(start.getTime() + 60_000).toISOString();
    expect(await ids(`start_time=${minute}&end_time=${minute}`)).toEqual([b.body.transfer_id]);
    const p = await g.asMaster.get('/v1/transfer', { page_number: 2, page_size: 2 });
    expect(p.body).toMatchObject({ total_pages: 2, total_items: 3 });
    expect(p.body.data.map((x: { transfer_amount: string }) => x.transfer_amount)).toEqual(['1.00']);
  });

  it.each([
    ['an unknown transfer_status', 'transfer_status=done', "Invalid value for field 'transfer_status': must be one of completed, failed"],
    ['an unsupported currency', 'currency=ABC', "Invalid value for field 'currency': currency is not supported"],
    ['an end_time before the start_time', 'start_time=2026-11-21T10:00:00Z&end_time=2026-11-21T09:00:00Z', "Invalid value for field 'end_time': must not be before 'start_time'"],
  ])('refuses %s', async (_name, q, message) => {
    const g = await tree();
    const res = await g.asMaster.get(`/v1/transfer?${q}`);
    expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
  });

  it('shows each leg in the balance transactions of its wallet', async () => {
    const g = await tree();
    await fundWallet(t.services, g.master.account.id, 'USD', '40');
    const made = await transfer(g.asMaster, body(g.master.account.id, g.subA.id, { amount: '15' }));
    const out = (await g.asMaster.get('/v1/balances/transactions', { transaction_type: 'TRANSFER' })).body.data;
    expect(out).toEqual([expect.objectContaining({ amount: 15, credit_debit_type: 'DEBIT', reference_id: made.body.transfer_id })]);
    const inn = (await g.asSubA.get('/v1/balances/transactions')).body.data;
    expect(inn).toEqual([expect.objectContaining({ amount: 15, credit_debit_type: 'CREDIT', transaction_type: 'TRANSFER', account_id: g.subA.id })]);
  });
});
