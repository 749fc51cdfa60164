import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';
import { fundWallet, walletBalance } from '../support/ledger';
import { auth, makeMaster, tokenFor, type Tenant } from '../support/tenants';
import { beneficiaryBody, createBeneficiary, getJson, payoutBody, postPayout, TODAY } from './helpers';

let t: TestApp;
let master: Tenant;
let token: string;
let beneficiary: string;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Dashboard payer' });
  token = await tokenFor(t, master);
  beneficiary = await createBeneficiary(t, token);
  await fundWallet(t.services, master.account.id, 'USD', '10000.00');
});
afterAll(() => t.close());

type GqlError = { message: string; extensions: Record<string, unknown> };
async function gql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await t.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { ...auth(token), ...headers } });
  return res.json() as { data?: T; errors?: GqlError[] };
}

const PAYOUT_FIELDS = `id shortReferenceId status sourceCurrency sourceAmount payoutCurrency payoutAmount amountPayerPays
  amountBeneficiaryReceives feeAmount feeCurrency feePaidBy payoutMethod purposeCode payoutReference payoutDate
  beneficiaryId quoteId isPayer payerId failureReason failureReturnedAmount createdAt updatedAt completedAt`;
const CREATE = `mutation Create($input: CreatePayoutInput!) { createPayout(input: $input) { ${PAYOUT_FIELDS} } }`;
const ONE = `query One($id: ID!) { payout(id: $id) { ${PAYOUT_FIELDS} } }`;
const LIST = `query List($first: Int, $after: String, $filter: PayoutFilter) {
  payouts(first: $first, after: $after, filter: $filter) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id status } } } }`;

const input = (extra: Record<string, unknown> = {}) => ({
  currency: 'USD',
  amount: '100.00',
  purposeCode: 'WAGES_SALARY',
  payoutReference: 'Invoice 42',
  payoutDate: TODAY,
  beneficiaryId: beneficiary,
  ...extra,
});

type Payout = Record<string, unknown> & { id: string };

describe('GraphQL createPayout', () => {
  it('creates a payout through the same domain service and returns the resource', async () => {
    const { data, errors } = await gql<{ createPayout: Payout }>(CREATE, { input: input() });
    expect(errors).toBeUndefined();
    expect(data!.createPayout).toMatchObject({
      status: 'READY_TO_SEND',
      sourceAmount: '100.00',
      feeAmount: '1.00',
      amountPayerPays: '101.00',
      payoutMethod: 'LOCAL',
      feePaidBy: null,
      isPayer: false,
      payoutDate: TODAY,
      createdAt: '2026-11-21T10:00:00.000Z',
    });
  });

  it('replays a mutation retried with its x-idempotency-key: one payout', async () => {
    const who = await makeMaster(t.services, { name: 'GraphQL retrier' });
    const tok = await tokenFor(t, who);
    const ben = await createBeneficiary(t, tok);
    await fundWallet(t.services, who.account.id, 'USD', '500.00');
    const key = randomUUID();
    const headers = { ...auth(tok), 'x-idempotency-key': key };
    const first = await gql<{ createPayout: Payout }>(CREATE, { input: input({ beneficiaryId: ben }) }, headers);
    const again = await gql<{ createPayout: Payout }>(CREATE, { input: input({ beneficiaryId: ben }) }, headers);
    expect(again.data).toEqual(first.data);
    expect(await t.db.prisma.payout.count({ where: { accountId: who.account.id } })).toBe(1);
    expect(await walletBalance(t.services, who.account.id, 'USD')).toBe('399');
  });

  it('reports a rule with the REST message, the field and the status REST would answer', async () => {
    const { errors } = await gql(CREATE, { input: input({ payoutReference: 'x'.repeat(101) }) });
    expect(errors![0]).toMatchObject({
      message: "Invalid value for field 'payout_reference': must be at most 100 characters",
      extensions: { code: 'validation_failed', type: 'validation', httpStatus: 400, field: 'payout_reference' },
    });
    const poor = await gql(CREATE, { input: input({ amount: '99999.00' }) });
    expect(poor.errors![0]).toMatchObject({
      message: 'Insufficient balance: the USD wallet cannot cover this amount',
      extensions: { code: 'insufficient_balance', httpStatus: 400 },
    });
  });

  it('creates an inline beneficiary given in the PO4 shape', async () => {
    const { data, errors } = await gql<{ createPayout: Payout }>(CREATE, {
      input: input({ beneficiaryId: undefined, beneficiary: beneficiaryBody('USD_LOCAL', { nickname: 'from GraphQL' }) }),
    });
    expect(errors).toBeUndefined();
    const { body } = await getJson(t, token, `/api/v1/beneficiaries/${String(data!.createPayout.beneficiaryId)}`);
    expect(body).toMatchObject({ nickname: 'from GraphQL' });
  });
});

describe('GraphQL payouts and payout', () => {
  it('pages the acting account’s payouts as a connection, newest first, with a status filter', async () => {
    const who = await makeMaster(t.services, { name: 'GraphQL lister' });
    const tok = await tokenFor(t, who);
    const ben = await createBeneficiary(t, tok);
    await fundWallet(t.services, who.account.id, 'USD', '1000.00');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await postPayout(t, tok, payoutBody(ben, { payout_reference: `P ${i}` }));
      ids.push((res.json() as { payout_id: string }).payout_id);
      t.clock.advance(1);
    }
    t.clock.advance(-3);
    const headers = auth(tok);
    const page1 = await gql<{ payouts: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; edges: { node: Payout }[] } }>(LIST, { first: 2 }, headers);
    expect(page1.data!.payouts.totalCount).toBe(3);
    expect(page1.data!.payouts.edges.map((e) => e.node.id)).toEqual([ids[2], ids[1]]);
    expect(page1.data!.payouts.pageInfo.hasNextPage).toBe(true);
    const page2 = await gql<{ payouts: { edges: { node: Payout }[]; pageInfo: { hasNextPage: boolean } } }>(
      LIST, { first: 2, after: page1.data!.payouts.pageInfo.endCursor }, headers,
    );
    expect(page2.data!.payouts.edges.map((e) => e.node.id)).toEqual([ids[0]]);
    expect(page2.data!.payouts.pageInfo.hasNextPage).toBe(false);
    const none = await gql<{ payouts: { totalCount: number } }>(LIST, { filter: { status: 'COMPLETED' } }, headers);
    expect(none.data!.payouts.totalCount).toBe(0);
    const bad = await gql(LIST, { filter: { startTime: '2026-11-22T00:00:00Z', endTime: '2026-11-21T00:00:00Z' } }, headers);
    expect(bad.errors![0]!.message).toBe("Invalid value for field 'end_time': must not be before start_time");
  });

  it("answers another tenant's payout as unknown", async () => {
    const other = await makeMaster(t.services, { name: 'GraphQL stranger' });
    const { data } = await gql<{ createPayout: Payout }>(CREATE, { input: input() });
    const res = await gql(ONE, { id: data!.createPayout.id }, auth(await tokenFor(t, other)));
    expect(res.errors![0]).toMatchObject({ message: 'entity not found', extensions: { code: 'payout_not_found', type: 'not_found', httpStatus: 400 } });
  });
});

describe('parity: REST and GraphQL', () => {
  /** The stored row without what is unique to each payout. */
  const stored = async (id: string) => {
    const { id: _id, shortReferenceId: _s, ...rest } = await t.db.prisma.payout.findUniqueOrThrow({ where: { id } });
    return { ...rest, sourceAmount: rest.sourceAmount.toFixed(), payoutAmount: rest.payoutAmount.toFixed(), feeAmount: rest.feeAmount.toFixed() };
  };

  it('stores the same payout for the same request on both doors', async () => {
    const swift = await createBeneficiary(t, token, 'EUR_SWIFT');
    await fundWallet(t.services, master.account.id, 'EUR', '1000.00');
    const doc = `data:application/pdf;base64,${Buffer.from('%PDF-1.4 x').toString('base64')}`;
    const rest = await postPayout(t, token, payoutBody(swift, {
      currency: 'EUR', fee_paid_by: 'OURS', purpose_code: 'FREIGHT', payout_reference: 'Parity 1', payout_date: '2026-11-25',
      is_payer: 'N', payer_id: '0b7e7c56-5f5e-4d0e-8f2a-3a1d2c3b4a59', documentation: [{ file: doc }],
    }));
    const viaGraphQL = await gql<{ createPayout: Payout }>(CREATE, {
      input: input({
        beneficiaryId: swift, currency: 'EUR', feePaidBy: 'OURS', purposeCode: 'FREIGHT', payoutReference: 'Parity 1', payoutDate: '2026-11-25',
        isPayer: false, payerId: '0b7e7c56-5f5e-4d0e-8f2a-3a1d2c3b4a59', documentation: [{ file: doc }],
      }),
    });
    const restId = (rest.json() as { payout_id: string }).payout_id;
    expect(await stored(viaGraphQL.data!.createPayout.id)).toEqual(await stored(restId));

    // And each door reads the other's payout with the same values.
    const { body } = await getJson(t, token, `/api/v1/payouts/${viaGraphQL.data!.createPayout.id}`);
    const { data } = await gql<{ payout: Payout }>(ONE, { id: restId });
    const g = data!.payout;
    expect([g.status, g.sourceAmount, g.feeAmount, g.amountPayerPays, g.feePaidBy, g.payoutMethod, g.purposeCode, g.payoutDate, g.payerId]).toEqual([
      body.payout_status, body.source_amount, body.fee_amount, body.amount_payer_pays, body.fee_paid_by, body.payout_method,
      body.purpose_code, body.payout_date, body.payer_id,
    ]);
  });

  it('lists the same items in the same order on both doors', async () => {
    const rest = await getJson(t, token, '/api/v1/payouts?page_number=1&page_size=100');
    const { data } = await gql<{ payouts: { totalCount: number; edges: { node: Payout }[] } }>(LIST, { first: 100 });
    expect(data!.payouts.totalCount).toBe(rest.body.total_items);
    expect(data!.payouts.edges.map((e) => [e.node.id, e.node.status])).toEqual(rest.body.data!.map((p) => [p.payout_id, p.payout_status]));
    expect(data!.payouts.totalCount).toBeGreaterThanOrEqual(5);
  });
});
