import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import { Client } from '../../support/client';
import { makeMaster, type Tenant } from '../../support/tenants';

/**
 * The official Node client's sandbox scenario, replayed call after call through the real HTTP stack
 * with the request shapes and headers that client sends (uqpay/uqpay-node: TokenManager, HttpClient,
 * simulator.deposits.simulate, banking.beneficiaries.create, banking.payouts.create):
 *
 * - the token is exchanged with `x-client-id` / `x-api-key` headers and no body;
 * - every call carries `Content-Type: application/json`, the SDK's User-Agent,
 *   `x-auth-token: Bearer <token>` and a fresh UUID v4 `x-idempotency-key` (GETs too);
 * - the deposit body names `account_id` and sends `amount` as a JSON number;
 * - the payout body sends `amount` as a string and the SDK's `source_currency` and `fee_paid_by`.
 *
 * No clock advance and no worker run between the calls: a sandbox deposit is usable at once.
 */
let t: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await makeMaster(t.services, { name: 'SDK Sandbox Co' });
});
afterAll(() => t.close());

const USER_AGENT = `uqpay-node/2.1.0 node/${process.version}`;

/** What the client's token manager does: headers only, JSON content type, no body. */
async function exchangeToken(): Promise<{ token: string; entityId: string }> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/connect/token',
    headers: { 'x-client-id': tenant.clientId, 'x-api-key': tenant.apiKey, 'Content-Type': 'application/json' },
  });
  expect(res.statusCode).toBe(200);
  const token = (res.json() as { auth_token: string }).auth_token;
  // The client reads the acting account from the token's entity_id claim.
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { entity_id: string };
  return { token, entityId: claims.entity_id };
}

/**
 * One call as the client's HttpClient makes it, through the shared test client (which checks each
 * answer against its route's declared schema): JSON content type, the SDK's User-Agent, the token
 * as `Bearer <token>`, and a fresh idempotency key on every call, GET included.
 */
async function call(token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const sdk = new Client(t, token, { headers: { 'Content-Type': 'application/json', 'User-Agent': USER_AGENT } });
  const res = method === 'POST' ? await sdk.post(path, body, { key: randomUUID() }) : await sdk.get(path, {}, { headers: { 'x-idempotency-key': randomUUID() } });
  return { status: res.status, body: res.body };
}

describe("the official client's deposit -> beneficiary -> payout flow", () => {
  it('succeeds call after call: the deposit is COMPLETED and credited when it answers, so the payout is covered', async () => {
    const { token, entityId } = await exchangeToken();

    const deposit = await call(token, 'POST', '/v1/simulation/deposit', {
      account_id: entityId,
      amount: 5000,
      currency: 'USD',
      sender_swift_code: 'CHASUS33',
    });
    expect(deposit.status).toBe(200);
    expect(deposit.body).toMatchObject({ amount: '5000.00', currency: 'USD', deposit_status: 'COMPLETED' });

    const beneficiary = await call(token, 'POST', '/v1/beneficiaries', {
      entity_type: 'COMPANY',
      payment_method: 'LOCAL',
      company_name: 'Acme Supplies Inc',
      nickname: 'Acme',
      email: 'payables@acme.example',
      bank_details: {
        bank_name: 'First Bank',
        bank_address: '1 Wall St, New York',
        bank_country_code: 'US',
        account_holder: 'Acme Supplies Inc',
        account_currency_code: 'USD',
        account_number: '12345678',
        routing_code_type1: 'aba',
        routing_code_value1: '021000021',
      },
      address: { country: 'US', city: 'New York', street_address: '1 Main St', postal_code: '10001', state: 'NY' },
    });
    expect(beneficiary.status).toBe(200);
    const beneficiaryId = beneficiary.body.beneficiary_id as string;

    const payout = await call(token, 'POST', '/v1/payouts', {
      beneficiary_id: beneficiaryId,
      source_currency: 'USD',
      currency: 'USD',
      amount: '10.00',
      purpose_code: 'GOODS_PURCHASED',
      fee_paid_by: 'SHARED',
      payout_reference: 'SDK sandbox payout',
      payout_date: t.clock.now().toISOString().slice(0, 10),
    });
    expect(payout).toEqual({
      status: 200,
      body: { payout_id: expect.any(String), short_reference_id: expect.any(String), payout_status: 'READY_TO_SEND' },
    });

    // The client's reads of the outcome: the payout, and the wallet after amount + the 1.00 LOCAL fee.
    const read = await call(token, 'GET', `/v1/payouts/${payout.body.payout_id as string}`);
    expect(read.body).toMatchObject({ beneficiary_id: beneficiaryId, source_amount: '10.00', fee_amount: '1.00', amount_payer_pays: '11.00' });
    const balance = await call(token, 'GET', '/v1/balances/USD');
    expect(balance.body).toMatchObject({ available_balance: '4989.00', frozen_balance: '10.00' });
  });
});
