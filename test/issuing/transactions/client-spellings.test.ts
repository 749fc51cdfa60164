import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { SimulateCardAuthorizationDocument } from '../../support/graphql.generated';
import { issuer } from '../cardholders/fixtures';
import { activeCard, authBody } from './fixtures';

/**
 * SI2 as the official clients call it: both READMEs write `amount` and `currency`, and the Python
 * client's SimulateAuthorizationParams has no `transaction_status` (docs/decisions/issuing/transactions.md, "The
 * official clients as callers").
 */
let t: TestApp;
let c: Client;
let cardId: string;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t, 'Client spellings');
  ({ cardId } = await activeCard(t, c, '100.00'));
});
afterAll(() => t.close());

const invalid = (message: string) => ({ type: 'invalid_request_error', code: 'invalid_request_error', message });
const authorize = (body: Record<string, unknown>) => c.post('/v1/simulation/issuing/authorization', body);

describe('POST /v1/simulation/issuing/authorization with the clients spellings', () => {
  it('reads amount and currency when transaction_amount and transaction_currency are absent', async () => {
    const res = await authorize({ card_id: cardId, amount: 25, currency: 'USD', merchant_name: 'Coffee Shop', merchant_category_code: '5814', transaction_status: 'APPROVED' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ transaction_status: 'APPROVED', transaction_amount: 25, transaction_currency: 'USD', billing_amount: 25 });
  });

  it('takes transaction_amount and transaction_currency over the README spellings when both are sent', async () => {
    const res = await authorize(authBody(cardId, { transaction_amount: 3, amount: 40, currency: 'SGD' }));
    expect(res.body).toMatchObject({ transaction_amount: 3, transaction_currency: 'USD' });
  });

  it('asks for APPROVED when transaction_status is absent; DECLINED still forces a decline', async () => {
    expect((await authorize(authBody(cardId, { transaction_status: undefined }))).body).toMatchObject({ transaction_status: 'APPROVED' });
    expect((await authorize(authBody(cardId, { transaction_status: 'DECLINED' }))).body).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'DECLINED_BY_REQUEST' });
  });

  it('names the canonical field when neither spelling is sent, and validates the README spelling as the field it stands for', async () => {
    const missing = await authorize(authBody(cardId, { transaction_amount: undefined }));
    expect([missing.status, missing.body]).toEqual([400, invalid("Field 'transaction_amount' is required")]);
    const noCurrency = await authorize(authBody(cardId, { transaction_currency: undefined }));
    expect(noCurrency.body).toEqual(invalid("Field 'transaction_currency' is required"));
    const bad = await authorize(authBody(cardId, { transaction_amount: undefined, amount: 1.001 }));
    expect(bad.body).toEqual(invalid("Invalid value for field 'amount': must have at most 2 decimals"));
  });

  it('GraphQL: transactionStatus may be left out (APPROVED)', async () => {
    const res = await c.gql(SimulateCardAuthorizationDocument, {
      input: { cardId, transactionAmount: '2', transactionCurrency: 'USD', merchantName: 'Kiosk', merchantCategoryCode: '5814' },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.simulateCardAuthorization.cardTransaction!.transactionStatus).toBe('APPROVED');
  });
});
