import { startTestApp, type TestApp } from '../../support/app';
import {
  CardOrderDocument,
  CreateIssuingTransferDocument,
  IssuingBalanceDocument,
  IssuingBalancesDocument,
  IssuingBalanceTransactionsDocument,
  IssuingTransferDocument,
  RechargeCardDocument,
  TransferFromIssuingBalanceDocument,
  TransferToIssuingBalanceDocument,
  WithdrawCardDocument,
} from '../../support/graphql.generated';
import { fundWallet } from '../../support/ledger';
import { advance } from '../../support/sandbox';
import { makeSub } from '../../support/tenants';
import { createCard } from '../cards/fixtures';
import { issuingBalance, issuingTenant } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GraphQL issuing balances, funding and transfers', () => {
  it('funds the issuing balance, reads it on both doors alike, and lists its movements', async () => {
    const { c, id } = await issuingTenant(t, '300.00');
    const fund = await c.gql(TransferToIssuingBalanceDocument, { input: { currency: 'USD', amount: '120.5' } });
    expect(fund.errors).toBeUndefined();
    expect(fund.data!.transferToIssuingBalance.issuingTransfer!).toMatchObject({ transferType: 'WALLET_IN', sourceAccountId: id, destinationAccountId: id, amount: '120.50', feeAmount: '0.00', status: 'COMPLETED' });
    const back = await c.gql(TransferFromIssuingBalanceDocument, { input: { currency: 'USD', amount: '0.5' } });
    expect(back.data!.transferFromIssuingBalance.issuingTransfer!).toMatchObject({ transferType: 'WALLET_OUT', amount: '0.50' });

    const rest = await issuingBalance(c);
    // A currency is a CurrencyCode: upper case only.
    const lower = await c.gql(IssuingBalanceDocument, { currency: 'usd' });
    expect(lower.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    const one = await c.gql(IssuingBalanceDocument, { currency: 'USD' });
    expect(one.data!.issuingBalance).toEqual({
      balanceId: rest.balance_id,
      currency: 'USD',
      availableBalance: '120.00',
      marginBalance: '0.00',
      frozenBalance: '0.00',
      status: 'ACTIVE',
    });
    const all = await c.gql(IssuingBalancesDocument, { first: 10 });
    expect(all.data!.issuingBalances.totalCount).toBe(2);
    expect(all.data!.issuingBalances.edges.map((e) => [e.node.currency, e.node.availableBalance])).toEqual([
      ['SGD', '0.00'],
      ['USD', '120.00'],
    ]);
    const txns = await c.gql(IssuingBalanceTransactionsDocument, { first: 10, filter: { transactionType: 'ISSUING_TRANSFER', currency: 'USD' } });
    expect(txns.data!.issuingBalanceTransactions.totalCount).toBe(2);
    expect(txns.data!.issuingBalanceTransactions.edges.map((e) => e.node.amount).sort()).toEqual(['-0.50', '120.50']);
    const got = await c.gql(IssuingTransferDocument, { id: fund.data!.transferToIssuingBalance.issuingTransfer!.id });
    expect(got.data!.issuingTransfer).toEqual(fund.data!.transferToIssuingBalance.issuingTransfer!);
  });

  it('answers the same errors as REST, naming GraphQL fields', async () => {
    const { c } = await issuingTenant(t, '10.00');
    const short = await c.gql(TransferToIssuingBalanceDocument, { input: { currency: 'USD', amount: '10.01' } });
    expect(short.data!.transferToIssuingBalance.userErrors[0]!.message).toBe('Insufficient balance');
    expect(short.data!.transferToIssuingBalance.userErrors[0]).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    const bad = await c.gql(TransferToIssuingBalanceDocument, { input: { currency: 'USD', amount: '1.001' } });
    expect(bad.data!.transferToIssuingBalance.userErrors[0]).toMatchObject({ field: ['input', 'amount'] });
    const none = await c.gql(IssuingBalanceDocument, { currency: 'EUR' });
    expect(none.errors![0]!.message).toBe('Account balance not exists');
    const missing = await c.gql(IssuingTransferDocument, { id: '00000000-0000-4000-8000-000000000000' });
    expect([missing.errors, missing.data!.issuingTransfer]).toEqual([undefined, null]);
  });

  it('creates an issuing transfer from the master to a sub-account (createIssuingTransfer), visible to the sub-account on REST', async () => {
    const { c, tenant, id } = await issuingTenant(t, '100.00');
    const sub = (await makeSub(t.services, tenant, 'GQL sub')).id;
    await fundWallet(t.services, sub, 'USD', '1');
    await c.gql(TransferToIssuingBalanceDocument, { input: { currency: 'USD', amount: '50' } });
    const res = await c.gql(CreateIssuingTransferDocument, { input: { sourceAccountId: id, destinationAccountId: sub, currency: 'USD', amount: '20', remark: 'q4' } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createIssuingTransfer.issuingTransfer!).toMatchObject({ transferType: 'ACCOUNT', amount: '20.00', remark: 'q4', status: 'COMPLETED' });
    expect((await c.as(sub).get(`/v1/issuing/transfers/${res.data!.createIssuingTransfer.issuingTransfer!.id}`)).body).toMatchObject({ amount: '20.00', destination_account_id: sub });
    expect((await issuingBalance(c.as(sub))).available_balance).toBe('20.00');
    const other = await c.gql(CreateIssuingTransferDocument, { input: { sourceAccountId: sub, destinationAccountId: sub, currency: 'USD', amount: '1' } });
    expect(other.data!.createIssuingTransfer.userErrors[0]).toMatchObject({ field: ['input', 'destinationAccountId'] });
  });
});

describe('GraphQL card orders (rechargeCard, withdrawCard, cardOrder)', () => {
  it('recharges and withdraws a SINGLE card and retrieves its orders, as REST does', async () => {
    const { c } = await issuingTenant(t);
    await c.gql(TransferToIssuingBalanceDocument, { input: { currency: 'USD', amount: '100' } });
    const card = await createCard(c, { card_limit: 10 }, '491090');
    await advance(c, 3);
    const up = await c.gql(RechargeCardDocument, { input: { cardId: card.card_id, amount: '15' } });
    expect(up.errors).toBeUndefined();
    expect(up.data!.rechargeCard.cardOrder!).toMatchObject({ cardId: card.card_id, orderType: 'RECHARGE', amount: '15.00', cardCurrency: 'USD', status: 'SUCCESS' });
    const down = await c.gql(WithdrawCardDocument, { input: { cardId: card.card_id, amount: '5' } });
    expect(down.data!.withdrawCard.cardOrder!).toMatchObject({ orderType: 'WITHDRAW', amount: '5.00' });
    expect((await c.get(`/v1/issuing/cards/${card.card_id}`)).body.available_balance).toBe(20);
    expect((await c.gql(CardOrderDocument, { id: up.data!.rechargeCard.cardOrder!.id })).data!.cardOrder).toEqual(up.data!.rechargeCard.cardOrder!);
    expect((await c.gql(CardOrderDocument, { id: card.card_order_id })).data!.cardOrder).toMatchObject({ orderType: 'CREATE', amount: '10.00', status: 'SUCCESS' });
    const rest = await c.get(`/v1/issuing/cards/orders/${down.data!.withdrawCard.cardOrder!.id}`);
    expect(rest.body).toMatchObject({ card_order_id: down.data!.withdrawCard.cardOrder!.id, order_type: 'WITHDRAW', amount: 5 });

    const tooMuch = await c.gql(WithdrawCardDocument, { input: { cardId: card.card_id, amount: '20.01' } });
    expect(tooMuch.data!.withdrawCard.userErrors[0]!.message).toBe('Card available limit insufficient');
    const bad = await c.gql(RechargeCardDocument, { input: { cardId: card.card_id, amount: '0' } });
    expect(bad.data!.rechargeCard.userErrors[0]!.message).toBe('Recharge amount is invalid');
    const notAnOrder = await c.gql(CardOrderDocument, { id: card.card_id });
    expect([notAnOrder.errors, notAnOrder.data!.cardOrder]).toEqual([undefined, null]);
  });
});
