import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import {
  CardTransactionDocument,
  CardTransactionsDocument,
  ClearCardTransactionDocument,
  RefundCardTransactionDocument,
  SimulateCardAuthorizationDocument,
  SimulateCardReversalDocument,
} from '../../support/graphql.generated';
import { issuer } from '../cardholders/fixtures';
import { activeCard, issuingBalances } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t, 'GraphQL card transactions');
});
afterAll(() => t.close());

const authInput = (cardId: string, over: Record<string, unknown> = {}) => ({
  cardId,
  transactionAmount: '30',
  transactionCurrency: 'USD',
  merchantName: 'Book Shop',
  merchantCategoryCode: '5942',
  transactionStatus: 'APPROVED' as const,
  ...over,
});

describe('GraphQL card transactions', () => {
  it('authorizes, reverses in part, clears, refunds; lists and retrieves what the REST door lists', async () => {
    const { cardId, accountId } = await activeCard(t, c, '100.00');
    const auth = await c.gql(SimulateCardAuthorizationDocument, { input: authInput(cardId, { merchantCity: 'Lisbon', merchantCountry: 'PT', threeDs: true }) });
    expect(auth.errors).toBeUndefined();
    const a = auth.data!.simulateCardAuthorization.cardTransaction!;
    expect(a).toMatchObject({
      transactionType: 'AUTHORIZATION',
      transactionStatus: 'APPROVED',
      billingAmount: '30.00',
      heldAmount: '30.00',
      cardAvailableBalance: '70.00',
      merchantData: { categoryCode: '5942', city: 'Lisbon', country: 'PT', name: 'Book Shop' },
      failureReason: null,
    });
    const rev = await c.gql(SimulateCardReversalDocument, { input: { transactionId: a.id, amount: '10' } });
    expect(rev.data!.simulateCardReversal.cardTransaction!).toMatchObject({ transactionType: 'REVERSAL', billingAmount: '10.00', originalTransactionId: a.id });
    const clr = await c.gql(ClearCardTransactionDocument, { input: { transactionId: a.id } });
    expect(clr.data!.clearCardTransaction.cardTransaction!).toMatchObject({ transactionType: 'CLEARING', billingAmount: '20.00', postedTime: expect.any(String) });
    const ref = await c.gql(RefundCardTransactionDocument, { input: { transactionId: a.id, amount: '5' } });
    expect(ref.data!.refundCardTransaction.cardTransaction!).toMatchObject({ transactionType: 'REFUND', billingAmount: '5.00' });
    expect(await issuingBalances(t, accountId)).toEqual(['85', '0', '15']);

    const list = await c.gql(CardTransactionsDocument, { first: 10, filter: { cardId } });
    expect(list.data!.cardTransactions.totalCount).toBe(4);
    expect(new Set(list.data!.cardTransactions.edges.map((e) => e.node.transactionType))).toEqual(new Set(['AUTHORIZATION', 'REVERSAL', 'CLEARING', 'REFUND']));
    const rest = await c.get('/v1/issuing/transactions', { page_size: 10, page_number: 1, card_id: cardId });
    expect(list.data!.cardTransactions.edges.map((e) => e.node.id)).toEqual((rest.body.data as { transaction_id: string }[]).map((x) => x.transaction_id));
    const one = await c.gql(CardTransactionDocument, { id: a.id });
    expect(one.data!.cardTransaction).toMatchObject({ id: a.id, heldAmount: '0.00' });
  });

  it('declines with a failureReason and names GraphQL fields in validation errors', async () => {
    const me = await issuer(t);
    const { cardId } = await activeCard(t, me, '10.00');
    const declined = await me.gql(SimulateCardAuthorizationDocument, { input: authInput(cardId) });
    expect(declined.data!.simulateCardAuthorization.cardTransaction!).toMatchObject({ transactionStatus: 'DECLINED', failureReason: 'INSUFFICIENT_FUNDS', authorizationCode: null });
    const bad = await me.gql(SimulateCardAuthorizationDocument, { input: authInput(cardId, { merchantCategoryCode: '58' }) });
    expect(bad.data!.simulateCardAuthorization.userErrors[0]!.message).toBe("Invalid value for field 'merchantCategoryCode': must be a 4-digit MCC");
    const over = await me.gql(SimulateCardReversalDocument, { input: { transactionId: declined.data!.simulateCardAuthorization.cardTransaction!.id } });
    expect(over.data!.simulateCardReversal.userErrors[0]!.message).toBe("Invalid value for field 'transactionId': must be an approved authorization");
  });
});
