import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';
import { fundWallet, walletBalance } from '../support/ledger';
import { makeMaster, makeSub, tokenFor } from '../support/tenants';
import { get, gql, post } from '../deposits/helpers';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function tree(name = 'Group') {
  const master = await makeMaster(t.services, { name });
  const subA = await makeSub(t.services, master, `${name} A`);
  const subB = await makeSub(t.services, master, `${name} B`);
  return { master, subA, subB, caller: { t, token: await tokenFor(t, master) } };
}

const FIELDS = `id shortReferenceId referenceId sourceAccountId sourceAccountName targetAccountId targetAccountName
  currency amount reason status createdBy createdAt completedAt`;
const CREATE = `mutation($input: CreateTransferInput!) { createTransfer(input: $input) { ${FIELDS} } }`;
const LIST = `query($first: Int, $after: String, $filter: TransferFilter) {
  transfers(first: $first, after: $after, filter: $filter) { totalCount pageInfo { hasNextPage endCursor } edges { node { id amount currency status } } } }`;

describe('createTransfer', () => {
  it('moves money and returns the transfer', async () => {
    const g = await tree('Gql');
    await fundWallet(t.services, g.master.account.id, 'USD', '50');
    const res = await gql(g.caller, CREATE, {
      input: { sourceAccountId: g.master.account.id, targetAccountId: g.subA.id, currency: 'USD', amount: '12.3', reason: 'Float' },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createTransfer).toMatchObject({
      sourceAccountId: g.master.account.id,
      sourceAccountName: 'Gql',
      targetAccountId: g.subA.id,
      targetAccountName: 'Gql A',
      currency: 'USD',
      amount: '12.30',
      reason: 'Float',
      status: 'COMPLETED',
      createdBy: g.master.account.id,
      createdAt: '2026-11-21T10:00:00.000Z',
    });
    expect(await walletBalance(t.services, g.subA.id, 'USD')).toBe('12.3');
  });

  it('reports the domain errors with their code and field', async () => {
    const g = await tree();
    const input = { sourceAccountId: g.subA.id, targetAccountId: g.subB.id, currency: 'USD', amount: '1', reason: 'x' };
    const poor = await gql(g.caller, CREATE, { input });
    expect(poor.errors![0]).toMatchObject({
      message: 'Insufficient balance: the USD wallet cannot cover this amount',
      extensions: { code: 'insufficient_balance', type: 'business', httpStatus: 400, field: 'amount' },
    });
    const outside = await gql(g.caller, CREATE, { input: { ...input, targetAccountId: randomUUID() } });
    expect(outside.errors![0]).toMatchObject({
      message: "Invalid value for field 'target_account_id': entity not found",
      extensions: { code: 'transfer_account_not_found', httpStatus: 400, field: 'target_account_id' },
    });
  });

  it('replays a retry with the same x-idempotency-key as one transfer', async () => {
    const g = await tree();
    await fundWallet(t.services, g.master.account.id, 'USD', '50');
    const input = { sourceAccountId: g.master.account.id, targetAccountId: g.subB.id, currency: 'USD', amount: '5', reason: 'once' };
    const key = randomUUID();
    const first = await gql(g.caller, CREATE, { input }, key);
    expect(await gql(g.caller, CREATE, { input }, key)).toEqual(first);
    expect(await walletBalance(t.services, g.subB.id, 'USD')).toBe('5');
  });
});

describe('transfers / transfer', () => {
  it('pages as a connection and filters', async () => {
    const g = await tree();
    await fundWallet(t.services, g.master.account.id, 'USD', '50');
    await fundWallet(t.services, g.master.account.id, 'EUR', '50');
    for (const [currency, amount] of [['USD', '1'], ['EUR', '2'], ['USD', '3']] as const) {
      await gql(g.caller, CREATE, { input: { sourceAccountId: g.master.account.id, targetAccountId: g.subA.id, currency, amount, reason: 'r' } });
    }
    const p1 = await gql(g.caller, LIST, { first: 2 });
    expect(p1.data!.transfers).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    const p2 = await gql(g.caller, LIST, { first: 2, after: p1.data!.transfers.pageInfo.endCursor });
    expect(p2.data!.transfers.edges).toHaveLength(1);
    expect((await gql(g.caller, LIST, { filter: { currency: 'EUR' } })).data!.transfers.totalCount).toBe(1);
    expect((await gql(g.caller, LIST, { filter: { status: 'FAILED' } })).data!.transfers.totalCount).toBe(0);
    const other = await tree('Other');
    const id = p1.data!.transfers.edges[0].node.id;
    const foreign = await gql(other.caller, `query($id: ID!) { transfer(id: $id) { id } }`, { id });
    expect(foreign.errors![0]).toMatchObject({ message: 'entity not found', extensions: { code: 'transfer_not_found' } });
  });
});

describe('parity: REST and GraphQL over one domain', () => {
  it('a transfer created through each door is the same stored object', async () => {
    const g = await tree();
    await fundWallet(t.services, g.subA.id, 'USD', '100');
    const rest = await post(g.caller, '/v1/transfer', {
      source_account_id: g.subA.id,
      target_account_id: g.subB.id,
      currency: 'USD',
      amount: '33.10',
      reason: 'Rebalance',
    });
    const graph = await gql(g.caller, CREATE, {
      input: { sourceAccountId: g.subA.id, targetAccountId: g.subB.id, currency: 'USD', amount: '33.10', reason: 'Rebalance' },
    });
    const rows = await Promise.all(
      [rest.body.transfer_id as string, graph.data!.createTransfer.id as string].map((id) => t.db.prisma.transfer.findUniqueOrThrow({ where: { id } })),
    );
    const comparable = (r: (typeof rows)[number]) => ({ ...r, id: undefined, shortReferenceId: undefined, amount: r.amount.toString() });
    expect(comparable(rows[1]!)).toEqual(comparable(rows[0]!));
    const restView = (await get(g.caller, `/v1/transfer/${graph.data!.createTransfer.id}`)).body;
    expect(restView).toMatchObject({ transfer_amount: '33.10', transfer_reason: 'Rebalance', reference_id: graph.data!.createTransfer.referenceId });
  });

  it('each list shows the same items on both doors', async () => {
    const g = await tree();
    await fundWallet(t.services, g.master.account.id, 'USD', '100');
    await post(g.caller, '/v1/transfer', { source_account_id: g.master.account.id, target_account_id: g.subA.id, currency: 'USD', amount: '1', reason: 'a' });
    t.clock.advance(1);
    await gql(g.caller, CREATE, { input: { sourceAccountId: g.master.account.id, targetAccountId: g.subB.id, currency: 'USD', amount: '2', reason: 'b' } });
    const rest = (await get(g.caller, '/v1/transfer?page_number=1&page_size=100')).body.data.map((x: { transfer_id: string; transfer_amount: string }) => [x.transfer_id, x.transfer_amount]);
    const graph = (await gql(g.caller, LIST, { first: 100 })).data!.transfers.edges.map((e: { node: { id: string; amount: string } }) => [e.node.id, e.node.amount]);
    expect(rest).toHaveLength(2);
    expect(graph).toEqual(rest);
  });
});
