import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import { CreateTransferDocument, TransferDocument, TransfersDocument } from '../../support/graphql.generated';
import { fundWallet, walletBalance } from '../../support/ledger';
import { transferBody, transferInput, tree as treeOf, type RestTransfer } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const tree = (name = 'Group') => treeOf(t, name);

describe('createTransfer', () => {
  it('moves money and returns the transfer', async () => {
    const g = await tree('Gql');
    await fundWallet(t.services, g.master.account.id, 'USD', '50');
    const res = await g.asMaster.gql(CreateTransferDocument, { input: transferInput(g.master.account.id, g.subA.id, { amount: '12.3', reason: 'Float' }) });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createTransfer.transfer!).toMatchObject({
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

  it('reports the domain errors with their code, naming fields as GraphQL does', async () => {
    const g = await tree();
    const input = transferInput(g.subA.id, g.subB.id, { amount: '1', reason: 'x' });
    const poor = await g.asMaster.gql(CreateTransferDocument, { input });
    expect(poor.errors).toBeUndefined();
    expect(poor.data!.createTransfer).toEqual({
      transfer: null,
      userErrors: [{ message: 'Insufficient balance: the USD wallet cannot cover this amount', code: 'INSUFFICIENT_BALANCE', field: ['input', 'amount'] }],
    });
    const outside = await g.asMaster.gql(CreateTransferDocument, { input: { ...input, targetAccountId: randomUUID() } });
    expect(outside.data!.createTransfer.userErrors[0]).toMatchObject({
      message: "Invalid value for field 'targetAccountId': entity not found",
      code: 'TRANSFER_ACCOUNT_NOT_FOUND',
      field: ['input', 'targetAccountId'],
    });
    const itself = await g.asMaster.gql(CreateTransferDocument, { input: { ...input, targetAccountId: g.subA.id } });
    expect(itself.data!.createTransfer.userErrors[0]).toMatchObject({
      message: "Invalid value for field 'targetAccountId': must differ from source_account_id",
      code: 'VALIDATION_FAILED',
      field: ['input', 'targetAccountId'],
    });
    // A permission refusal stays a top-level error.
    const notHers = await g.asMaster.as(g.subB.id).gql(CreateTransferDocument, { input });
    expect(notHers.errors![0]).toMatchObject({
      message: "Invalid value for field 'sourceAccountId': a sub-account can only transfer out of its own wallet",
      extensions: { code: 'transfer_source_not_permitted', field: 'sourceAccountId' },
    });
  });

  it('names the same errors in wire names over REST', async () => {
    const g = await tree();
    const res = await g.asMaster.post('/v1/transfer', transferBody(g.subA.id, randomUUID()));
    expect(res.body).toEqual({ code: 400, message: "Invalid value for field 'target_account_id': entity not found" });
  });

  it('replays a retry with the same x-idempotency-key as one transfer', async () => {
    const g = await tree();
    await fundWallet(t.services, g.master.account.id, 'USD', '50');
    const input = transferInput(g.master.account.id, g.subB.id, { amount: '5', reason: 'once' });
    const key = randomUUID();
    const first = await g.asMaster.gql(CreateTransferDocument, { input }, { key });
    expect(await g.asMaster.gql(CreateTransferDocument, { input }, { key })).toEqual(first);
    expect(await walletBalance(t.services, g.subB.id, 'USD')).toBe('5');
  });
});

describe('transfers / transfer', () => {
  it('pages as a connection and filters', async () => {
    const g = await tree();
    await fundWallet(t.services, g.master.account.id, 'USD', '50');
    await fundWallet(t.services, g.master.account.id, 'EUR', '50');
    for (const [currency, amount] of [['USD', '1'], ['EUR', '2'], ['USD', '3']] as const) {
      await g.asMaster.gql(CreateTransferDocument, { input: transferInput(g.master.account.id, g.subA.id, { currency, amount, reason: 'r' }) });
    }
    const p1 = await g.asMaster.gql(TransfersDocument, { first: 2 });
    expect(p1.data!.transfers).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    const p2 = await g.asMaster.gql(TransfersDocument, { first: 2, after: p1.data!.transfers.pageInfo.endCursor });
    expect(p2.data!.transfers.edges).toHaveLength(1);
    expect((await g.asMaster.gql(TransfersDocument, { filter: { currency: 'EUR' } })).data!.transfers.totalCount).toBe(1);
    expect((await g.asMaster.gql(TransfersDocument, { filter: { status: 'FAILED' } })).data!.transfers.totalCount).toBe(0);
    const other = await tree('Other');
    const id = p1.data!.transfers.edges[0]!.node.id;
    const foreign = await other.asMaster.gql(TransferDocument, { id });
    expect(foreign.errors).toBeUndefined();
    expect(foreign.data!.transfer).toBeNull();
  });

  it('names a refused filter field as GraphQL does', async () => {
    const g = await tree();
    const bad = await g.asMaster.gql(TransfersDocument, { filter: { currency: 'ABC' } });
    expect(bad.errors![0]).toMatchObject({ message: "Invalid value for field 'currency': currency is not supported", extensions: { field: 'currency' } });
    const backwards = await g.asMaster.gql(TransfersDocument, { filter: { startTime: '2026-11-21T10:00:00Z', endTime: '2026-11-21T09:00:00Z' } });
    expect(backwards.errors![0]).toMatchObject({
      message: "Invalid value for field 'endTime': must not be before 'startTime'",
      extensions: { code: 'validation_failed', field: 'endTime' },
    });
  });
});

describe('parity: REST and GraphQL over one domain', () => {
  it('a transfer created through each door is the same stored object', async () => {
    const g = await tree();
    await fundWallet(t.services, g.subA.id, 'USD', '100');
    const rest = await g.asMaster.post<{ transfer_id: string }>('/v1/transfer', transferBody(g.subA.id, g.subB.id, { amount: '33.10', reason: 'Rebalance' }));
    const graph = await g.asMaster.gql(CreateTransferDocument, { input: transferInput(g.subA.id, g.subB.id, { amount: '33.10', reason: 'Rebalance' }) });
    const rows = await Promise.all(
      [rest.body.transfer_id, graph.data!.createTransfer.transfer!.id].map((id) => t.db.prisma.transfer.findUniqueOrThrow({ where: { id } })),
    );
    const comparable = (r: (typeof rows)[number]) => ({ ...r, id: undefined, shortReferenceId: undefined, amount: r.amount.toString() });
    expect(comparable(rows[1]!)).toEqual(comparable(rows[0]!));
    const restView = (await g.asMaster.get(`/v1/transfer/${graph.data!.createTransfer.transfer!.id}`)).body;
    expect(restView).toMatchObject({ transfer_amount: '33.10', transfer_reason: 'Rebalance', reference_id: graph.data!.createTransfer.transfer!.referenceId });
    const graphView = (await g.asMaster.gql(TransferDocument, { id: rest.body.transfer_id })).data!.transfer;
    expect(graphView).toMatchObject({ amount: '33.10', reason: 'Rebalance', sourceAccountName: 'Group A', targetAccountName: 'Group B' });
  });

  it('each list shows the same items on both doors', async () => {
    const g = await tree();
    await fundWallet(t.services, g.master.account.id, 'USD', '100');
    await g.asMaster.post('/v1/transfer', transferBody(g.master.account.id, g.subA.id, { amount: '1', reason: 'a' }));
    t.clock.advance(1);
    await g.asMaster.gql(CreateTransferDocument, { input: transferInput(g.master.account.id, g.subB.id, { amount: '2', reason: 'b' }) });
    const rest = (await g.asMaster.get<{ data: RestTransfer[] }>('/v1/transfer', { page_number: 1, page_size: 100 })).body.data.map((x) => [x.transfer_id, x.transfer_amount]);
    const graph = (await g.asMaster.gql(TransfersDocument, { first: 100 })).data!.transfers.edges.map((e) => [e.node.id, e.node.amount]);
    expect(rest).toHaveLength(2);
    expect(graph).toEqual(rest);
  });
});
