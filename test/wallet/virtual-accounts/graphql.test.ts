import { randomUUID } from 'node:crypto';
import { runDueTransitions } from '../../../src/platform/scheduler/run';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import {
  CloseVirtualAccountDocument,
  OpenVirtualAccountDocument,
  VirtualAccountDocument,
  VirtualAccountsByCurrencyArgumentDocument,
  VirtualAccountsDocument,
  type OpenVirtualAccountInput,
  type VirtualAccountPaymentMethod,
} from '../../support/graphql.generated';
import { makeMaster, makeSub } from '../../support/tenants';
import { freshOwner, listed, openVirtualAccount } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function opened(c: Client, input: OpenVirtualAccountInput) {
  const res = await c.gql(OpenVirtualAccountDocument, { input });
  if (res.errors || res.data!.openVirtualAccount.userErrors.length) throw new Error(JSON.stringify(res.errors ?? res.data!.openVirtualAccount.userErrors));
  return res.data!.openVirtualAccount.virtualAccount!;
}

describe('openVirtualAccount', () => {
  it('returns the PENDING account, LOCAL unless told', async () => {
    const { c } = await freshOwner(t, 'Graph Co');
    expect(await opened(c, { currency: 'USD' })).toEqual({
      id: expect.any(String),
      currency: 'USD',
      paymentMethod: 'LOCAL',
      accountNumber: expect.stringMatching(/^88\d{10}$/),
      accountHolder: 'Graph Co',
      bankName: 'Payrail Sandbox Bank',
      bankAddress: '1 Sandbox Street, New York, US',
      bankCode: '502200007',
      swiftCode: 'PRSBUS33',
      countryCode: 'US',
      capability: { paymentMethod: 'LOCAL' },
      clearingSystem: { type: 'ACH', value: '502200007' },
      status: 'PENDING',
      closeReason: null,
      createdAt: '2026-11-21T10:00:00.000Z',
      activatedAt: null,
      closedAt: null,
    });
    expect(await opened(c, { currency: 'USD', paymentMethod: 'SWIFT' })).toMatchObject({
      paymentMethod: 'SWIFT',
      clearingSystem: { type: 'SWIFT', value: 'PRSBUS33' },
    });
  });

  it.each([
    ['an unsupported currency', { currency: 'XYZ' }, "Invalid value for field 'currency': currency is not supported", 'VALIDATION_FAILED', 'currency'],
  ])('refuses %s with the domain rule as the REST door does', async (_name, input, message, code, field) => {
    const res = await (await freshOwner(t)).c.gql(OpenVirtualAccountDocument, { input });
    expect(res.errors).toBeUndefined();
    expect(res.data!.openVirtualAccount).toEqual({ virtualAccount: null, userErrors: [{ message, code, field: ['input', field] }] });
  });

  it('refuses a lower-case currency at the schema (CurrencyCode)', async () => {
    const res = await (await freshOwner(t)).c.gql(OpenVirtualAccountDocument, { input: { currency: 'usd' } });
    expect(res.errors![0]).toMatchObject({ message: expect.stringContaining('CurrencyCode must be 3 upper-case letters'), extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses a payment method outside the enum at the schema', async () => {
    const res = await (await freshOwner(t)).c.gql(OpenVirtualAccountDocument, {
      input: { currency: 'USD', paymentMethod: 'WIRE' as VirtualAccountPaymentMethod },
    });
    expect(res.errors![0]!.message).toMatch(/VirtualAccountPaymentMethod/);
  });

  it('refuses a second open account in one currency and method', async () => {
    const { c } = await freshOwner(t);
    await opened(c, { currency: 'EUR' });
    const res = await c.gql(OpenVirtualAccountDocument, { input: { currency: 'EUR', paymentMethod: 'LOCAL' } });
    expect(res.data!.openVirtualAccount.userErrors).toEqual([{
      message: 'A EUR virtual account with payment_method LOCAL is already open',
      code: 'VIRTUAL_ACCOUNT_ALREADY_OPEN',
      field: ['input', 'currency'],
    }]);
  });

  it('replays a retry with the same x-idempotency-key as one account', async () => {
    const { c, accountId } = await freshOwner(t);
    const key = randomUUID();
    const first = await c.gql(OpenVirtualAccountDocument, { input: { currency: 'SGD' } }, { key });
    const again = await c.gql(OpenVirtualAccountDocument, { input: { currency: 'SGD' } }, { key });
    expect(first.errors).toBeUndefined();
    expect(again).toEqual(first);
    expect(await t.db.prisma.virtualAccount.count({ where: { accountId } })).toBe(1);
  });

  it('opens for the sub-account named by x-on-behalf-of', async () => {
    const master = await makeMaster(t.services, { name: 'Holding' });
    const sub = await makeSub(t.services, master, 'Subsidiary');
    const va = await opened((await clientOf(t, master)).as(sub.id), { currency: 'GBP' });
    expect(va.accountHolder).toBe('Subsidiary');
    expect((await t.db.prisma.virtualAccount.findUniqueOrThrow({ where: { id: va.id } })).accountId).toBe(sub.id);
  });
});

describe('virtualAccounts', () => {
  it('pages as a connection, filters by currency, and hides other tenants', async () => {
    const { c } = await freshOwner(t);
    await opened(c, { currency: 'USD' });
    await opened(c, { currency: 'EUR' });
    await opened(c, { currency: 'USD', paymentMethod: 'SWIFT' });
    const p1 = (await c.gql(VirtualAccountsDocument, { first: 2 })).data!.virtualAccounts;
    expect(p1).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    expect(p1.edges.map((e) => e.node.currency)).toEqual(['USD', 'EUR']);
    const p2 = (await c.gql(VirtualAccountsDocument, { first: 2, after: p1.pageInfo.endCursor })).data!.virtualAccounts;
    expect(p2).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: false } });
    expect(p2.edges.map((e) => e.node.paymentMethod)).toEqual(['SWIFT']);
    expect((await c.gql(VirtualAccountsDocument, { filter: { currency: 'USD' } })).data!.virtualAccounts.totalCount).toBe(2);
    const bad = await c.gql(VirtualAccountsDocument, { filter: { currency: 'XYZ' } });
    expect(bad.errors![0]).toMatchObject({ message: "Invalid value for field 'currency': currency is not supported", extensions: { httpStatus: 400 } });
    const stranger = await freshOwner(t, 'Stranger');
    expect((await stranger.c.gql(VirtualAccountsDocument, {})).data!.virtualAccounts).toMatchObject({ totalCount: 0, edges: [] });
  });

  it('still takes the deprecated currency argument', async () => {
    const { c } = await freshOwner(t);
    await opened(c, { currency: 'USD' });
    await opened(c, { currency: 'EUR' });
    expect((await c.gql(VirtualAccountsByCurrencyArgumentDocument, { currency: 'EUR' })).data!.virtualAccounts.totalCount).toBe(1);
    const bad = await c.gql(VirtualAccountsByCurrencyArgumentDocument, { currency: 'XYZ' });
    expect(bad.errors![0]).toMatchObject({ message: "Invalid value for field 'currency': currency is not supported", extensions: { field: 'currency' } });
  });
});

describe('closeVirtualAccount (payrail extension)', () => {
  it('closes with a reason, frees the currency and method for a new account, and keeps the old number', async () => {
    const { c } = await freshOwner(t);
    const va = await opened(c, { currency: 'AUD' });
    await runDueTransitions(t.services, { realClock: true });
    const res = await c.gql(CloseVirtualAccountDocument, { input: { id: va.id, reason: 'Moving to another bank' } });
    expect(res.data!.closeVirtualAccount.virtualAccount!).toMatchObject({
      id: va.id,
      accountNumber: va.accountNumber,
      status: 'CLOSED',
      closeReason: 'Moving to another bank',
      closedAt: '2026-11-21T10:00:00.000Z',
    });
    const again = await c.gql(CloseVirtualAccountDocument, { input: { id: va.id, reason: 'Twice' } });
    expect(again.data!.closeVirtualAccount.userErrors[0]).toMatchObject({ message: 'Virtual account is already closed', code: 'VIRTUAL_ACCOUNT_CLOSED' });
    const replacement = await opened(c, { currency: 'AUD' });
    expect(replacement.accountNumber).not.toBe(va.accountNumber);
    expect((await listed(c)).map((v) => [v.status, v.close_reason])).toEqual([
      ['CLOSED', 'Moving to another bank'],
      ['PENDING', null],
    ]);
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: va.id }, select: { eventName: true } });
    expect(events.map((e) => e.eventName).sort()).toEqual(['virtual.account.closed', 'virtual.account.create', 'virtual.account.update']);
  });

  it('closes a PENDING account, which then never becomes ACTIVE', async () => {
    const { c } = await freshOwner(t);
    const va = await opened(c, { currency: 'NZD' });
    await c.gql(CloseVirtualAccountDocument, { input: { id: va.id, reason: 'Opened by mistake' } });
    await runDueTransitions(t.services, { realClock: true });
    expect((await listed(c))[0]).toMatchObject({ status: 'CLOSED', close_reason: 'Opened by mistake' });
  });

  it.each([
    ['an empty reason', '  ', "Invalid value for field 'reason': must not be empty"],
    ['a reason of 256 characters', 'r'.repeat(256), "Invalid value for field 'reason': must be at most 255 characters"],
  ])('refuses %s, naming the GraphQL field', async (_name, reason, message) => {
    const { c } = await freshOwner(t);
    const va = await opened(c, { currency: 'USD' });
    const res = await c.gql(CloseVirtualAccountDocument, { input: { id: va.id, reason } });
    expect(res.data!.closeVirtualAccount.userErrors[0]).toMatchObject({ message, code: 'VALIDATION_FAILED', field: ['input', 'reason'] });
  });

  it("answers an unknown, malformed or another tenant's id alike", async () => {
    const owner = await freshOwner(t);
    const va = await opened(owner.c, { currency: 'USD' });
    const stranger = await freshOwner(t, 'Stranger');
    for (const id of [va.id, randomUUID(), 'not-an-id']) {
      const res = await stranger.c.gql(CloseVirtualAccountDocument, { input: { id, reason: 'Closing' } });
      expect(res.data!.closeVirtualAccount).toEqual({ virtualAccount: null, userErrors: [expect.objectContaining({ message: 'entity not found', code: 'VIRTUAL_ACCOUNT_NOT_FOUND' })] });
    }
    expect((await listed(owner.c))[0]!.status).toBe('PENDING');
  });
});

describe('parity: REST and GraphQL over one domain', () => {
  it('an account opened through each door is the same stored object', async () => {
    const viaRest = await freshOwner(t, 'Twin');
    const viaGraph = await freshOwner(t, 'Twin');
    await openVirtualAccount(viaRest.c, { currency: 'EUR', payment_method: 'SWIFT' });
    await opened(viaGraph.c, { currency: 'EUR', paymentMethod: 'SWIFT' });
    const [a, b] = await Promise.all(
      [viaRest, viaGraph].map((o) => t.db.prisma.virtualAccount.findFirstOrThrow({ where: { accountId: o.accountId } })),
    );
    const comparable = (v: typeof a) => ({ ...v, id: undefined, accountId: undefined, rootAccountId: undefined, numberSeq: undefined, accountNumber: undefined });
    expect(comparable(b)).toEqual(comparable(a));
  });

  it('each list shows the same items on both doors', async () => {
    const { c } = await freshOwner(t);
    await c.post('/v1/virtual/accounts', { currency: 'USD' });
    await opened(c, { currency: 'GBP' });
    await c.post('/v1/virtual/accounts', { currency: 'GBP', payment_method: 'SWIFT' });
    await runDueTransitions(t.services, { realClock: true });
    const rest = (await listed(c)).map((v) => [v.account_bank_id, v.account_number, v.currency, v.payment_method, v.status]);
    const graph = (await c.gql(VirtualAccountsDocument, { first: 100 })).data!.virtualAccounts.edges.map((e) => [
      e.node.id,
      e.node.accountNumber,
      e.node.currency,
      e.node.paymentMethod,
      e.node.status,
    ]);
    expect(rest).toHaveLength(3);
    expect(graph).toEqual(rest);
  });
});

describe('virtualAccount(id)', () => {
  it("answers one of the account's virtual accounts, and null for an unknown, malformed or another account's id", async () => {
    const owner = await freshOwner(t, 'Lookup Co');
    const account = await opened(owner.c, { currency: 'EUR' });
    const found = await owner.c.gql(VirtualAccountDocument, { id: account.id });
    expect(found.data!.virtualAccount).toEqual(account);
    const stranger = await freshOwner(t, 'Lookup stranger');
    for (const [client, id] of [[stranger.c, account.id], [owner.c, randomUUID()], [owner.c, 'nope']] as const) {
      const r = await client.gql(VirtualAccountDocument, { id });
      expect([r.errors, r.data]).toEqual([undefined, { virtualAccount: null }]);
    }
  });
});
