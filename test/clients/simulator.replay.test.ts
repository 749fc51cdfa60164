import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { advance } from '../support/sandbox';
import { createCard } from '../issuing/cards/fixtures';
import { freshSandbox } from './sandbox';
import type { SdkName } from './catalog';
import { pythonBody } from './python-body';
import { replayedEveryMethod, Sdk } from './sdk';
import { simulateAuthorizationResponse, simulateDepositResponse } from './types/issuing-money';

/**
 * The official clients' simulator methods, each sent as the client sends it (sdk.ts), on a fresh
 * sandbox whose issuing balances start with test funds: an authorization is approved with nothing
 * but the clients' methods, and reversed. Bodies are the clients' own: the Node client's
 * SimulateAuthorizationParams (its test fixture's values), the Python client's TypedDicts (no
 * transaction_status; floats as Python writes them).
 */
let t: TestApp;
let c: Client;
let sandbox: { clientId: string; apiKey: string; accountId: string };
let cardId: string;
const callers = {} as Record<SdkName, Sdk>;

beforeAll(async () => {
  t = await startTestApp();
  sandbox = await freshSandbox(t);
  c = await clientOf(t, sandbox);
  callers.node = await Sdk.connect(t, 'node', sandbox);
  callers.python = await Sdk.connect(t, 'python', sandbox);
  cardId = (await createCard(c)).card_id as string;
  await advance(c, 3);
});
afterAll(() => t.close());

describe('simulator.issuing', () => {
  it('node: authorize (SimulateAuthorizationParams) is APPROVED from the test funds, and reverse releases it', async () => {
    const auth = await callers.node.call(
      'simulator.issuing.authorize',
      { body: { card_id: cardId, transaction_amount: 100, transaction_currency: 'USD', merchant_name: 'Test', merchant_category_code: '5734', transaction_status: 'APPROVED' } },
      simulateAuthorizationResponse,
    );
    expect(auth).toMatchObject({ card_id: cardId, transaction_type: 'AUTHORIZATION', transaction_status: 'APPROVED', billing_amount: 100, card_available_balance: 9900 });
    const reversal = await callers.node.call('simulator.issuing.reverse', { body: { transaction_id: auth.transaction_id } }, simulateAuthorizationResponse);
    expect(reversal).toMatchObject({ transaction_type: 'REVERSAL', transaction_status: 'APPROVED', billing_amount: 100, card_available_balance: 10000 });
  });

  it('python: authorize (its TypedDict: no transaction_status, a float amount) is APPROVED, and reverse releases it', async () => {
    const raw = pythonBody({ card_id: cardId, transaction_currency: 'USD', merchant_name: 'Coffee Shop', merchant_category_code: '5814' }, { transaction_amount: '25.0' });
    expect(raw.payload).toContain('"transaction_amount": 25.0');
    const auth = await callers.python.call('simulator.issuing.authorize', { raw }, simulateAuthorizationResponse);
    expect(auth).toMatchObject({ transaction_status: 'APPROVED', transaction_amount: 25, card_available_balance: 9975 });
    const reversal = await callers.python.call('simulator.issuing.reverse', { body: { transaction_id: auth.transaction_id } }, simulateAuthorizationResponse);
    expect(reversal).toMatchObject({ transaction_type: 'REVERSAL', card_available_balance: 10000 });
  });

  it('both: beyond the test funds the authorization is DECLINED for insufficient funds (still a 2xx the client returns)', async () => {
    for (const sdk of ['node', 'python'] as const) {
      const auth = await callers[sdk].call(
        'simulator.issuing.authorize',
        { body: { card_id: cardId, transaction_amount: 10000.01, transaction_currency: 'USD', merchant_name: 'Jeweller', merchant_category_code: '5944' } },
        simulateAuthorizationResponse,
      );
      expect(auth).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'INSUFFICIENT_FUNDS' });
    }
  });
});

describe('simulator.deposits', () => {
  it('node: simulate (SimulateDepositParams, account_id included) completes the deposit', async () => {
    const deposit = await callers.node.call(
      'simulator.deposits.simulate',
      { body: { account_id: sandbox.accountId, amount: 100, currency: 'SGD', sender_swift_code: 'DBSSSGSG' } },
      simulateDepositResponse,
    );
    expect(deposit).toMatchObject({ amount: '100.00', currency: 'SGD', deposit_status: 'COMPLETED' });
  });

  it('python: simulate (SimulateDepositCreationParams, a float amount) completes the deposit', async () => {
    const raw = pythonBody({ currency: 'SGD', sender_swift_code: 'WELGBE22', sender_name: 'Jane Doe', sender_country: 'BE' }, { amount: '500.0' });
    const deposit = await callers.python.call('simulator.deposits.simulate', { raw }, simulateDepositResponse);
    expect(deposit).toMatchObject({ amount: '500.00', currency: 'SGD', deposit_status: 'COMPLETED', sender: { sender_swift_code: 'WELGBE22', sender_country: 'BE' } });
  });
});

replayedEveryMethod(__filename);
