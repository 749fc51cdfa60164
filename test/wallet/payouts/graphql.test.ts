import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import {
  CreatePayoutDocument,
  PayoutDocument,
  PayoutsDocument,
  type CreatePayoutInput,
} from '../../support/graphql.generated';
import { fundWallet, walletBalance } from '../../support/ledger';
import { makeMaster, type Tenant } from '../../support/tenants';
import { createBeneficiary, createPayout, payer, payoutBody, payoutInput, TODAY } from './fixtures';

let t: TestApp;
let master: Tenant;
let c: Client;
let beneficiary: string;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Dashboard payer' });
  c = await clientOf(t, master);
  beneficiary = await createBeneficiary(c);
  await fundWallet(t.services, master.account.id, 'USD', '10000.00');
});
afterAll(() => t.close());

const input = (extra: Partial<CreatePayoutInput> = {}): CreatePayoutInput => payoutInput(beneficiary, extra);

describe('GraphQL createPayout', () => {
  it('creates a payout through the same domain service and returns the resource', async () => {
    const { data, errors } = await c.gql(CreatePayoutDocument, { input: input() });
    expect(errors).toBeUndefined();
    expect(data!.createPayout.payout!).toMatchObject({
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
    const who = await payer(t, 'GraphQL retrier', { USD: '500.00' });
    const key = randomUUID();
    const first = await who.c.gql(CreatePayoutDocument, { input: input({ beneficiaryId: who.beneficiary }) }, { key });
    const again = await who.c.gql(CreatePayoutDocument, { input: input({ beneficiaryId: who.beneficiary }) }, { key });
    expect(again.data).toEqual(first.data);
    expect(await t.db.prisma.payout.count({ where: { accountId: who.id } })).toBe(1);
    expect(await walletBalance(t.services, who.id, 'USD')).toBe('399');
  });

  it('reports a rule with the REST message and status, naming the field as GraphQL does', async () => {
    const { data, errors } = await c.gql(CreatePayoutDocument, { input: input({ payoutReference: 'x'.repeat(101) }) });
    expect(errors).toBeUndefined();
    expect(data!.createPayout).toEqual({
      payout: null,
      userErrors: [{ message: "Invalid value for field 'payoutReference': must be at most 100 characters", code: 'VALIDATION_FAILED', field: ['input', 'payoutReference'] }],
    });
    const cross = await c.gql(CreatePayoutDocument, { input: input({ payoutCurrency: 'EUR' }) });
    expect(cross.data!.createPayout.userErrors[0]).toMatchObject({
      message: "Field 'quoteId' is required for a cross-currency payout",
      field: ['input', 'quoteId'],
    });
    const poor = await c.gql(CreatePayoutDocument, { input: input({ amount: '99999.00' }) });
    expect(poor.data!.createPayout.userErrors[0]).toMatchObject({
      message: 'Insufficient balance: the USD wallet cannot cover this amount',
      code: 'INSUFFICIENT_BALANCE',
    });
  });

  it('names a field of a nested input and of a list entry the GraphQL way', async () => {
    const nested = await c.gql(CreatePayoutDocument, {
      input: input({
        beneficiaryId: null,
        beneficiary: {
          entityType: 'COMPANY', companyName: 'Acme Supplies', paymentMethod: 'LOCAL',
          address: { country: 'US', city: 'New York', streetAddress: '1 Main St', postalCode: '10001', state: 'NY' },
          bankDetails: {
            bankName: 'First Bank', bankAddress: '1 Wall St', bankCountryCode: 'US', accountHolder: 'Acme Supplies Inc',
            accountNumber: '12345678', routingCodeType1: 'aba', routingCodeValue1: '021000021',
          },
        },
      }),
    });
    expect(nested.data!.createPayout.userErrors[0]).toMatchObject({
      message: "Field 'beneficiary.bankDetails.accountCurrencyCode' is required",
      field: ['input', 'beneficiary', 'bankDetails', 'accountCurrencyCode'],
    });
    const listed = await c.gql(CreatePayoutDocument, { input: input({ documentation: [{ fileId: 'nope' }] }) });
    expect(listed.data!.createPayout.userErrors[0]).toMatchObject({
      message: "Invalid value for field 'documentation[0].fileId': must be a file id (UUID)",
      field: ['input', 'documentation', '0', 'fileId'],
    });
  });

  it('creates an inline beneficiary given as a CreateBeneficiaryInput', async () => {
    const { data, errors } = await c.gql(CreatePayoutDocument, {
      input: input({
        beneficiaryId: null,
        beneficiary: {
          entityType: 'COMPANY', companyName: 'Acme Supplies', paymentMethod: 'LOCAL', nickname: 'from GraphQL',
          address: { country: 'US', city: 'New York', streetAddress: '1 Main St', postalCode: '10001', state: 'NY' },
          bankDetails: {
            bankName: 'First Bank', bankAddress: '1 Wall St', bankCountryCode: 'US', accountHolder: 'Acme Supplies Inc',
            accountCurrencyCode: 'USD', accountNumber: '12345678', routingCodeType1: 'aba', routingCodeValue1: '021000021',
          },
        },
      }),
    });
    expect(errors).toBeUndefined();
    const { body } = await c.get(`/v1/beneficiaries/${data!.createPayout.payout!.beneficiaryId}`);
    expect(body).toMatchObject({ nickname: 'from GraphQL', bank_details: { routing_code_value1: '021000021' } });
  });
});

describe('GraphQL payouts and payout', () => {
  it('pages the acting account’s payouts as a connection, newest first, with a status filter', async () => {
    const who = await payer(t, 'GraphQL lister');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await createPayout(who.c, payoutBody(who.beneficiary, { payout_reference: `P ${i}` })));
      t.clock.advance(1);
    }
    t.clock.advance(-3);
    const page1 = await who.c.gql(PayoutsDocument, { first: 2 });
    expect(page1.data!.payouts.totalCount).toBe(3);
    expect(page1.data!.payouts.edges.map((e) => e.node.id)).toEqual([ids[2], ids[1]]);
    expect(page1.data!.payouts.pageInfo.hasNextPage).toBe(true);
    const page2 = await who.c.gql(PayoutsDocument, { first: 2, after: page1.data!.payouts.pageInfo.endCursor });
    expect(page2.data!.payouts.edges.map((e) => e.node.id)).toEqual([ids[0]]);
    expect(page2.data!.payouts.pageInfo.hasNextPage).toBe(false);
    const none = await who.c.gql(PayoutsDocument, { filter: { status: 'COMPLETED' } });
    expect(none.data!.payouts.totalCount).toBe(0);
    const bad = await who.c.gql(PayoutsDocument, { filter: { startTime: '2026-11-22T00:00:00Z', endTime: '2026-11-21T00:00:00Z' } });
    expect(bad.errors![0]).toMatchObject({
      message: "Invalid value for field 'endTime': must not be before 'startTime'",
      extensions: { code: 'validation_failed', field: 'endTime' },
    });
  });

  it("answers another tenant's payout as unknown: null, with no error", async () => {
    const stranger = await clientOf(t, await makeMaster(t.services, { name: 'GraphQL stranger' }));
    const { data } = await c.gql(CreatePayoutDocument, { input: input() });
    const res = await stranger.gql(PayoutDocument, { id: data!.createPayout.payout!.id });
    expect(res.errors).toBeUndefined();
    expect(res.data!.payout).toBeNull();
  });
});

describe('parity: REST and GraphQL', () => {
  /** The stored row without what is unique to each payout. */
  const stored = async (id: string) => {
    const { id: _id, shortReferenceId: _s, ...rest } = await t.db.prisma.payout.findUniqueOrThrow({ where: { id } });
    return { ...rest, sourceAmount: rest.sourceAmount.toFixed(), payoutAmount: rest.payoutAmount.toFixed(), feeAmount: rest.feeAmount.toFixed() };
  };

  it('stores the same payout for the same request on both doors', async () => {
    const swift = await createBeneficiary(c, 'EUR_SWIFT');
    await fundWallet(t.services, master.account.id, 'EUR', '1000.00');
    const doc = `data:application/pdf;base64,${Buffer.from('%PDF-1.4 x').toString('base64')}`;
    const restId = await createPayout(c, payoutBody(swift, {
      currency: 'EUR', fee_paid_by: 'OURS', purpose_code: 'FREIGHT', payout_reference: 'Parity 1', payout_date: '2026-11-25',
      is_payer: 'N', payer_id: '0b7e7c56-5f5e-4d0e-8f2a-3a1d2c3b4a59', documentation: [{ file: doc }],
    }));
    const viaGraphQL = await c.gql(CreatePayoutDocument, {
      input: input({
        beneficiaryId: swift, currency: 'EUR', feePaidBy: 'OURS', purposeCode: 'FREIGHT', payoutReference: 'Parity 1', payoutDate: '2026-11-25',
        isPayer: false, payerId: '0b7e7c56-5f5e-4d0e-8f2a-3a1d2c3b4a59', documentation: [{ file: doc }],
      }),
    });
    expect(await stored(viaGraphQL.data!.createPayout.payout!.id)).toEqual(await stored(restId));

    // And each door reads the other's payout with the same values.
    const { body } = await c.get(`/v1/payouts/${viaGraphQL.data!.createPayout.payout!.id}`);
    const { data } = await c.gql(PayoutDocument, { id: restId });
    const g = data!.payout!;
    expect([g.status, g.sourceAmount, g.feeAmount, g.amountPayerPays, g.feePaidBy, g.payoutMethod, g.purposeCode, g.payoutDate, g.payerId]).toEqual([
      body.payout_status, body.source_amount, body.fee_amount, body.amount_payer_pays, body.fee_paid_by, body.payout_method,
      body.purpose_code, body.payout_date, body.payer_id,
    ]);
  });

  it('lists the same items in the same order on both doors', async () => {
    const rest = await c.get('/v1/payouts', { page_number: 1, page_size: 100 });
    const { data } = await c.gql(PayoutsDocument, { first: 100 });
    expect(data!.payouts.totalCount).toBe(rest.body.total_items);
    expect(data!.payouts.edges.map((e) => [e.node.id, e.node.status])).toEqual(rest.body.data.map((p: { payout_id: string; payout_status: string }) => [p.payout_id, p.payout_status]));
    expect(data!.payouts.totalCount).toBeGreaterThanOrEqual(5);
  });
});
