import { randomUUID } from 'node:crypto';
import { runDueTransitions } from '../../../src/platform/scheduler/run';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf } from '../../support/client';
import { DepositDocument, DepositsDocument, SimulateDepositDocument } from '../../support/graphql.generated';
import { walletBalance } from '../../support/ledger';
import { makeMaster, makeSub } from '../../support/tenants';
import { depositBody, depositInput, depositor, type RestDeposit } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const freshCaller = (name = 'Dashboard') => depositor(t, name);

describe('simulateDeposit', () => {
  it('creates a deposit with the Decimal amount, COMPLETED and credited when it answers', async () => {
    const { c, accountId } = await freshCaller();
    const res = await c.gql(SimulateDepositDocument, { input: depositInput({ amount: '12.5' }) });
    expect(res.errors).toBeUndefined();
    expect(res.data!.simulateDeposit.deposit!).toMatchObject({
      amount: '12.50',
      currency: 'USD',
      fee: '0.00',
      status: 'COMPLETED',
      receiverAccountNumber: 'ACC123456',
      sender: { name: 'Acme Ltd', country: 'HK', accountNumber: '123456789', swiftCode: 'HSBCHKHH' },
      createdAt: '2026-11-21T10:00:00.000Z',
      completedAt: '2026-11-21T10:00:00.000Z',
      failureReason: null,
    });
    expect(await walletBalance(t.services, accountId, 'USD')).toBe('12.5');
  });

  it('keeps senderCountry as sent: the keys of a JSON object are not GraphQL names', async () => {
    const { c } = await freshCaller();
    const country = { country_code: 'SG', officialName: 'Singapore' };
    const res = await c.gql(SimulateDepositDocument, { input: depositInput({ senderCountry: country }) });
    expect(res.data!.simulateDeposit.deposit!.sender.country).toEqual(country);
    const rest = await c.get<RestDeposit>(`/v1/deposit/${res.data!.simulateDeposit.deposit!.id}`);
    expect(rest.body.sender.sender_country).toEqual(country);
  });

  it('leaves a deposit PENDING with the test value PEND…, and the worker completes it', async () => {
    const { c, accountId } = await freshCaller();
    const res = await c.gql(SimulateDepositDocument, { input: depositInput({ amount: '12.5', senderSwiftCode: 'PENDHKHH' }) });
    const d = res.data!.simulateDeposit.deposit!;
    expect(d).toMatchObject({ status: 'PENDING', completedAt: null });
    expect(await walletBalance(t.services, accountId, 'USD')).toBe('0');
    await runDueTransitions(t.services, { realClock: true });
    const after = await c.gql(DepositDocument, { id: d.id });
    expect(after.data!.deposit).toMatchObject({ status: 'COMPLETED', completedAt: '2026-11-21T10:00:00.000Z' });
    expect(await walletBalance(t.services, accountId, 'USD')).toBe('12.5');
  });

  it.each([
    ['a JPY amount with decimals', { amount: '10.5', currency: 'JPY' }, "Invalid value for field 'amount': JPY amounts have no decimals", 'amount'],
    ['a USD amount with three decimals', { amount: '1.234' }, "Invalid value for field 'amount': USD amounts have at most 2 decimals", 'amount'],
    ['an unsupported currency', { currency: 'XYZ' }, "Invalid value for field 'currency': currency is not supported", 'currency'],
    ['a long senderSwiftCode', { senderSwiftCode: 'A'.repeat(31) }, "Invalid value for field 'senderSwiftCode': must be at most 30 characters", 'senderSwiftCode'],
    ['an empty senderSwiftCode', { senderSwiftCode: '' }, "Invalid value for field 'senderSwiftCode': must not be empty", 'senderSwiftCode'],
    [
      'a receiverAccountNumber with a dash',
      { receiverAccountNumber: 'ACC-1' },
      "Invalid value for field 'receiverAccountNumber': must contain only letters and digits",
      'receiverAccountNumber',
    ],
  ])('refuses %s with the domain rule, naming the field as GraphQL does', async (_name, over, message, field) => {
    const { c } = await freshCaller();
    const res = await c.gql(SimulateDepositDocument, { input: depositInput(over) });
    expect(res.errors).toBeUndefined();
    expect(res.data!.simulateDeposit).toEqual({ deposit: null, userErrors: [{ message, code: 'VALIDATION_FAILED', field: ['input', field] }] });
  });

  it('names the same rule in wire names over REST: only the door changes the name', async () => {
    const { c } = await freshCaller();
    const rest = await c.post('/v1/simulation/deposit', depositBody({ sender_swift_code: 'A'.repeat(31) }));
    expect(rest.body).toEqual({ code: 400, message: "Invalid value for field 'sender_swift_code': must be at most 30 characters" });
  });

  it('refuses a float amount at the Decimal scalar', async () => {
    const { c } = await freshCaller();
    const res = await c.gql(SimulateDepositDocument, { input: depositInput({ amount: 12.5 as unknown as string }) });
    expect(res.errors![0]!.message).toMatch(/Decimal must be a decimal string/);
  });

  it('replays a retry with the same x-idempotency-key as one deposit', async () => {
    const { c, accountId } = await freshCaller();
    const key = randomUUID();
    const first = await c.gql(SimulateDepositDocument, { input: depositInput() }, { key });
    const again = await c.gql(SimulateDepositDocument, { input: depositInput() }, { key });
    expect(again).toEqual(first);
    expect(await t.db.prisma.deposit.count({ where: { accountId } })).toBe(1);
  });

  it("lands in the sub-account's wallet with x-on-behalf-of", async () => {
    const master = await makeMaster(t.services, { name: 'Parent' });
    const sub = await makeSub(t.services, master, 'Child');
    const asSub = (await clientOf(t, master)).as(sub.id);
    await asSub.gql(SimulateDepositDocument, { input: depositInput({ amount: '7' }) });
    expect(await walletBalance(t.services, sub.id, 'USD')).toBe('7');
    expect(await walletBalance(t.services, master.account.id, 'USD')).toBe('0');
  });
});

describe('deposits / deposit', () => {
  it('pages as a connection, filters by status, and hides other tenants', async () => {
    const { c } = await freshCaller();
    for (let i = 0; i < 3; i++) {
      await c.gql(SimulateDepositDocument, { input: depositInput({ amount: String(i + 1), ...(i === 0 ? { senderSwiftCode: 'PENDHKHH' } : {}) }) });
    }
    const p1 = await c.gql(DepositsDocument, { first: 2 });
    expect(p1.data!.deposits).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    const p2 = await c.gql(DepositsDocument, { first: 2, after: p1.data!.deposits.pageInfo.endCursor });
    expect(p2.data!.deposits.edges).toHaveLength(1);
    expect(p2.data!.deposits.pageInfo.hasNextPage).toBe(false);
    expect((await c.gql(DepositsDocument, { filter: { status: 'COMPLETED' } })).data!.deposits.totalCount).toBe(2);
    expect((await c.gql(DepositsDocument, { filter: { status: 'PENDING' } })).data!.deposits.totalCount).toBe(1);
    const { c: stranger } = await freshCaller('Stranger');
    expect((await stranger.gql(DepositsDocument, {})).data!.deposits.totalCount).toBe(0);
    const someId = p1.data!.deposits.edges[0]!.node.id;
    const foreign = await stranger.gql(DepositDocument, { id: someId });
    expect(foreign.errors).toBeUndefined();
    expect(foreign.data!.deposit).toBeNull();
  });

  it('names a filter field as GraphQL does', async () => {
    const { c } = await freshCaller();
    const bad = await c.gql(DepositsDocument, { filter: { startTime: '2026-11-22T00:00:00Z', endTime: '2026-11-21T00:00:00Z' } });
    expect(bad.errors![0]).toMatchObject({
      message: "Invalid value for field 'endTime': must not be before 'startTime'",
      extensions: { code: 'validation_failed', field: 'endTime' },
    });
  });
});

describe('parity: REST and GraphQL over one domain', () => {
  it('a deposit created through each door is the same stored object', async () => {
    const { c } = await freshCaller();
    const viaRest = await c.post<RestDeposit>('/v1/simulation/deposit', depositBody({ amount: 99.5 }));
    const viaGql = await c.gql(SimulateDepositDocument, { input: depositInput({ amount: '99.50' }) });
    const [a, b] = await Promise.all(
      [viaRest.body.deposit_id, viaGql.data!.simulateDeposit.deposit!.id].map((id) => t.db.prisma.deposit.findUniqueOrThrow({ where: { id } })),
    );
    const comparable = (d: NonNullable<typeof a>) => ({ ...d, id: undefined, shortReferenceId: undefined, depositReference: undefined, amount: d.amount.toString() });
    expect(comparable(b!)).toEqual(comparable(a!));
    // And each door reads the other's deposit the same way.
    expect((await c.get(`/v1/deposit/${b!.id}`)).body).toMatchObject({ amount: '99.50', deposit_status: 'COMPLETED', sender: { sender_country: 'HK' } });
    const back = await c.gql(DepositDocument, { id: a!.id });
    expect({ ...back.data!.deposit, id: undefined, shortReferenceId: undefined, reference: undefined }).toEqual({
      ...viaGql.data!.simulateDeposit.deposit!,
      id: undefined,
      shortReferenceId: undefined,
      reference: undefined,
    });
  });

  it('each list shows the same items on both doors', async () => {
    const { c } = await freshCaller();
    await c.post('/v1/simulation/deposit', depositBody({ amount: 1 }));
    await c.gql(SimulateDepositDocument, { input: depositInput({ amount: '2' }) });
    t.clock.advance(1);
    await c.post('/v1/simulation/deposit', depositBody({ amount: 3, sender_swift_code: 'FAILAAAA' }));
    await runDueTransitions(t.services, { realClock: true });
    const rest = (await c.get<{ data: RestDeposit[] }>('/v1/deposit', { page_number: 1, page_size: 100 })).body.data.map((d) => [d.deposit_id, d.deposit_status]);
    const graph = (await c.gql(DepositsDocument, { first: 100 })).data!.deposits.edges.map((e) => [e.node.id, e.node.status]);
    expect(rest).toHaveLength(3);
    expect(graph).toEqual(rest);
  });
});
