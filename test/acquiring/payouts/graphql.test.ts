import { startTestApp, type TestApp } from '../../support/app';
import {
  CreatePaymentPayoutDocument,
  PaymentBalanceDocument,
  PaymentBalancesDocument,
  PaymentPayoutDocument,
  PaymentPayoutsDocument,
} from '../../support/graphql.generated';
import type { Json } from '../../support/client';
import { fundPaymentBalance } from '../../support/payment-balance';
import { advance } from '../../support/sandbox';
import { createBankAccount, v2Tenant, type V2Tenant } from '../bank-accounts/fixtures';

let t: TestApp;
let who: V2Tenant;
let bank: string;

beforeAll(async () => {
  t = await startTestApp();
  who = await v2Tenant(t, 'GraphQL merchant');
  await fundPaymentBalance(t.services, who.id, 'USD', '300.00');
  await fundPaymentBalance(t.services, who.id, 'USD', '25.00', { pending: true });
  bank = await createBankAccount(who.c, 'USD_US');
});
afterAll(() => t.close());

/** A GraphQL PaymentPayout in the REST answer's names. */
const asRest = (p: Json) => ({
  payout_id: p.id,
  payout_currency: p.currency,
  payout_amount: p.amount,
  statement_descriptor: p.statementDescriptor,
  payout_status: p.status,
  create_time: p.createdAt,
  completed_time: p.completedAt,
  internal_note: p.internalNote,
  bank_account_id: p.bankAccountId,
  payout_account_id: p.payoutAccountId,
  failure_reason: p.failureReason,
});

describe('payment payouts and payment balances over GraphQL', () => {
  it('creates a payment payout and shows the same object as REST (parity both ways)', async () => {
    const { data, errors } = await who.c.gql(CreatePaymentPayoutDocument, {
      input: { payoutCurrency: 'USD', payoutAmount: '100.00', statementDescriptor: 'GQL SWEEP' },
    });
    expect(errors).toBeUndefined();
    const created = data!.createPaymentPayout.paymentPayout!;
    expect(created).toMatchObject({ status: 'INITIATED', amount: '100.00', bankAccountId: bank, payoutAccountId: null });
    expect((await who.c.get(`/v2/payment/payout/${created.id}`)).body).toEqual(asRest(created));

    const viaRest = await who.c.post('/v2/payment/payout/create', { payout_currency: 'USD', payout_amount: '50.00', statement_descriptor: 'REST SWEEP' });
    await advance(who.c, 3);
    const read = await who.c.gql(PaymentPayoutDocument, { id: viaRest.body.payout_id });
    expect(asRest(read.data!.paymentPayout!)).toEqual((await who.c.get(`/v2/payment/payout/${viaRest.body.payout_id}`)).body);
    expect(read.data!.paymentPayout!.status).toBe('SUCCEEDED');

    const listed = await who.c.gql(PaymentPayoutsDocument, { filter: { status: 'SUCCEEDED' } });
    expect(listed.data!.paymentPayouts.totalCount).toBe(2);
    const restList = await who.c.get('/v2/payment/payout', { payout_status: 'SUCCEEDED' });
    expect(listed.data!.paymentPayouts.edges.map((e) => asRest(e.node))).toEqual(restList.body.data);
  });

  it('refuses more than the available balance, naming the GraphQL field', async () => {
    const { data, errors } = await who.c.gql(CreatePaymentPayoutDocument, {
      input: { payoutCurrency: 'USD', payoutAmount: '1000.00', statementDescriptor: 'TOO MUCH' },
    });
    expect(errors).toBeUndefined();
    expect(data!.createPaymentPayout.userErrors[0]!.message).toBe('Insufficient balance: the USD available payment balance cannot cover this amount');
    expect(data!.createPaymentPayout.userErrors[0]).toMatchObject({ field: ['input', 'payoutAmount'] });
  });

  it('reads the payment balances as REST does', async () => {
    const { data } = await who.c.gql(PaymentBalancesDocument, {});
    expect(data!.paymentBalances.totalCount).toBe(1);
    const usd = data!.paymentBalances.edges[0]!.node;
    expect(usd).toEqual({ currency: 'USD', availableBalance: '150.00', pendingBalance: '25.00' });
    const rest = (await who.c.get('/v2/payment/balances/USD')).body;
    expect({ currency: usd.currency, available_balance: usd.availableBalance, pending_balance: usd.pendingBalance }).toEqual(rest);
    const one = await who.c.gql(PaymentBalanceDocument, { currency: 'USD' });
    expect(one.data!.paymentBalance).toEqual(usd);
  });
});
