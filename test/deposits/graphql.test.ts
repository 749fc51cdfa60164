import { randomUUID } from 'node:crypto';
import { runDueTransitions } from '../../src/domain/scheduler/run';
import { startTestApp, type TestApp } from '../support/app';
import { walletBalance } from '../support/ledger';
import { makeMaster, makeSub, tokenFor } from '../support/tenants';
import { depositBody, get, gql, post, type Caller } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function freshCaller(name = 'Dashboard'): Promise<Caller & { accountId: string }> {
  const master = await makeMaster(t.services, { name });
  return { t, token: await tokenFor(t, master), accountId: master.account.id };
}

const DEPOSIT_FIELDS = `id shortReferenceId amount currency fee status reference receiverAccountNumber
  sender { name country accountNumber swiftCode } createdAt completedAt failureReason`;
const SIMULATE = `mutation($input: SimulateDepositInput!) { simulateDeposit(input: $input) { ${DEPOSIT_FIELDS} } }`;
const DEPOSITS = `query($first: Int, $after: String, $filter: DepositFilter) {
  deposits(first: $first, after: $after, filter: $filter) { totalCount pageInfo { hasNextPage endCursor } edges { node { id status amount } } } }`;

const gqlInput = (over: Record<string, unknown> = {}) => ({
  amount: '100.00',
  currency: 'USD',
  senderSwiftCode: 'HSBCHKHH',
  receiverAccountNumber: 'ACC123456',
  senderAccountNumber: '123456789',
  senderName: 'Acme Ltd',
  senderCountry: 'HK',
  ...over,
});

describe('simulateDeposit', () => {
  it('creates a deposit with the Decimal amount, COMPLETED and credited when it answers', async () => {
    const c = await freshCaller();
    const res = await gql(c, SIMULATE, { input: gqlInput({ amount: '12.5' }) });
    expect(res.errors).toBeUndefined();
    expect(res.data!.simulateDeposit).toMatchObject({
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
    expect(await walletBalance(t.services, c.accountId, 'USD')).toBe('12.5');
  });

  it('leaves a deposit PENDING with the test value PEND…, and the worker completes it', async () => {
    const c = await freshCaller();
    const res = await gql(c, SIMULATE, { input: gqlInput({ amount: '12.5', senderSwiftCode: 'PENDHKHH' }) });
    const d = res.data!.simulateDeposit;
    expect(d).toMatchObject({ status: 'PENDING', completedAt: null });
    expect(await walletBalance(t.services, c.accountId, 'USD')).toBe('0');
    await runDueTransitions(t.services, { realClock: true });
    const after = await gql(c, `query($id: ID!) { deposit(id: $id) { status completedAt } }`, { id: d.id });
    expect(after.data!.deposit).toEqual({ status: 'COMPLETED', completedAt: '2026-11-21T10:00:00.000Z' });
    expect(await walletBalance(t.services, c.accountId, 'USD')).toBe('12.5');
  });

  it.each([
    ['a JPY amount with decimals', { amount: '10.5', currency: 'JPY' }, "Invalid value for field 'amount': JPY amounts have no decimals", 'amount'],
    ['a USD amount with three decimals', { amount: '1.234' }, "Invalid value for field 'amount': USD amounts have at most 2 decimals", 'amount'],
    ['an unsupported currency', { currency: 'XYZ' }, "Invalid value for field 'currency': currency is not supported", 'currency'],
    ['a long sender_swift_code', { senderSwiftCode: 'A'.repeat(31) }, "Invalid value for field 'sender_swift_code': must be at most 30 characters", 'sender_swift_code'],
  ])('refuses %s with the domain rule as the REST door does', async (_name, over, message, field) => {
    const res = await gql(await freshCaller(), SIMULATE, { input: gqlInput(over) });
    expect(res.errors![0]).toMatchObject({ message, extensions: { code: 'validation_failed', type: 'validation', httpStatus: 400, field } });
  });

  it('refuses a float amount at the Decimal scalar', async () => {
    const res = await gql(await freshCaller(), SIMULATE, { input: gqlInput({ amount: 12.5 }) });
    expect(res.errors![0]!.message).toMatch(/Decimal must be a decimal string/);
  });

  it('replays a retry with the same x-idempotency-key as one deposit', async () => {
    const c = await freshCaller();
    const key = randomUUID();
    const first = await gql(c, SIMULATE, { input: gqlInput() }, key);
    const again = await gql(c, SIMULATE, { input: gqlInput() }, key);
    expect(again).toEqual(first);
    expect(await t.db.prisma.deposit.count({ where: { accountId: c.accountId } })).toBe(1);
  });

  it("lands in the sub-account's wallet with x-on-behalf-of", async () => {
    const master = await makeMaster(t.services, { name: 'Parent' });
    const sub = await makeSub(t.services, master, 'Child');
    const asSub = { t, token: await tokenFor(t, master), onBehalfOf: sub.id };
    await gql(asSub, SIMULATE, { input: gqlInput({ amount: '7' }) });
    expect(await walletBalance(t.services, sub.id, 'USD')).toBe('7');
    expect(await walletBalance(t.services, master.account.id, 'USD')).toBe('0');
  });
});

describe('deposits / deposit', () => {
  it('pages as a connection, filters by status, and hides other tenants', async () => {
    const c = await freshCaller();
    for (let i = 0; i < 3; i++) await gql(c, SIMULATE, { input: gqlInput({ amount: String(i + 1), ...(i === 0 ? { senderSwiftCode: 'PENDHKHH' } : {}) }) });
    const p1 = await gql(c, DEPOSITS, { first: 2 });
    expect(p1.data!.deposits).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    const p2 = await gql(c, DEPOSITS, { first: 2, after: p1.data!.deposits.pageInfo.endCursor });
    expect(p2.data!.deposits.edges).toHaveLength(1);
    expect(p2.data!.deposits.pageInfo.hasNextPage).toBe(false);
    expect((await gql(c, DEPOSITS, { filter: { status: 'COMPLETED' } })).data!.deposits.totalCount).toBe(2);
    expect((await gql(c, DEPOSITS, { filter: { status: 'PENDING' } })).data!.deposits.totalCount).toBe(1);
    const stranger = await freshCaller('Stranger');
    expect((await gql(stranger, DEPOSITS)).data!.deposits.totalCount).toBe(0);
    const someId = p1.data!.deposits.edges[0].node.id;
    const foreign = await gql(stranger, `query($id: ID!) { deposit(id: $id) { id } }`, { id: someId });
    expect(foreign.errors![0]).toMatchObject({ message: 'entity not found', extensions: { code: 'deposit_not_found', httpStatus: 400 } });
  });
});

describe('parity: REST and GraphQL over one domain', () => {
  it('a deposit created through each door is the same stored object', async () => {
    const c = await freshCaller();
    const viaRest = await post(c, '/v1/simulation/deposit', depositBody({ amount: 99.5 }));
    const viaGql = await gql(c, SIMULATE, { input: gqlInput({ amount: '99.50' }) });
    const [a, b] = await Promise.all(
      [viaRest.body.deposit_id as string, viaGql.data!.simulateDeposit.id as string].map((id) =>
        t.db.prisma.deposit.findUniqueOrThrow({ where: { id } }),
      ),
    );
    const comparable = (d: typeof a) => ({ ...d, id: undefined, shortReferenceId: undefined, depositReference: undefined, amount: d.amount.toString() });
    expect(comparable(b)).toEqual(comparable(a));
    // And each door reads the other's deposit the same way.
    expect((await get(c, `/v1/deposit/${b.id}`)).body).toMatchObject({ amount: '99.50', deposit_status: 'COMPLETED', sender: { sender_country: 'HK' } });
    const back = await gql(c, `query($id: ID!) { deposit(id: $id) { ${DEPOSIT_FIELDS} } }`, { id: a.id });
    expect({ ...back.data!.deposit, id: undefined, shortReferenceId: undefined, reference: undefined }).toEqual({
      ...viaGql.data!.simulateDeposit,
      id: undefined,
      shortReferenceId: undefined,
      reference: undefined,
    });
  });

  it('each list shows the same items on both doors', async () => {
    const c = await freshCaller();
    await post(c, '/v1/simulation/deposit', depositBody({ amount: 1 }));
    await gql(c, SIMULATE, { input: gqlInput({ amount: '2' }) });
    t.clock.advance(1);
    await post(c, '/v1/simulation/deposit', depositBody({ amount: 3, sender_swift_code: 'FAILAAAA' }));
    await runDueTransitions(t.services, { realClock: true });
    const rest = (await get(c, '/v1/deposit?page_number=1&page_size=100')).body.data.map((d: { deposit_id: string; deposit_status: string }) => [d.deposit_id, d.deposit_status]);
    const graph = (await gql(c, DEPOSITS, { first: 100 })).data!.deposits.edges.map((e: { node: { id: string; status: string } }) => [e.node.id, e.node.status]);
    expect(rest).toHaveLength(3);
    expect(graph).toEqual(rest);
  });
});
