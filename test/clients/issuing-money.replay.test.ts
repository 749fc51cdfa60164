import { createSubAccount } from '../../src/domain/onboarding/accounts/service';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client, type Json } from '../support/client';
import { advance } from '../support/sandbox';
import { authBody } from '../issuing/transactions/fixtures';
import { createCard } from '../issuing/cards/fixtures';
import { freshSandbox } from './sandbox';
import type { SdkName } from './catalog';
import { replayedEveryMethod, Sdk } from './sdk';
import {
  cardTransaction,
  claimUnsolicitedRefundResponse,
  createIssuingTransferResponse,
  issuingBalance,
  issuingBalanceTransaction,
  issuingTransfer,
  paginated,
} from './types/issuing-money';

/**
 * The official clients' issuing money methods (balances, transactions, transfers), each sent as
 * the client sends it (sdk.ts), on a fresh sandbox: its issuing balances start with test funds, so
 * nothing here is funded by payrail's own extensions. Cards, a sub-account and the transactions to
 * read are set up through payrail's REST door (other groups' methods, or payrail's simulations).
 */
let t: TestApp;
let c: Client;
let sandbox: { clientId: string; apiKey: string; accountId: string };
let subId: string;
let cardId: string;
let authorizationId: string;
const callers = {} as Record<SdkName, Sdk>;

beforeAll(async () => {
  t = await startTestApp();
  sandbox = await freshSandbox(t);
  c = await clientOf(t, sandbox);
  callers.node = await Sdk.connect(t, 'node', sandbox);
  callers.python = await Sdk.connect(t, 'python', sandbox);
  subId = (await createSubAccount(t.services, sandbox.accountId, { name: 'Issuing sub' })).id;
  cardId = (await createCard(c)).card_id as string;
  await advance(c, 3);
  const auth = await c.post('/v1/simulation/issuing/authorization', authBody(cardId, { transaction_amount: 10 }));
  authorizationId = auth.body.transaction_id as string;
});
afterAll(() => t.close());

const SDKS = ['node', 'python'] as const;
/** A method's name as each client spells it. */
const spelled = (sdk: SdkName, node: string, python: string) => (sdk === 'node' ? node : python);

describe('issuing.balances', () => {
  it.each(SDKS)('%s: list, retrieve (a POST with {currency}) and list transactions', async (sdk) => {
    const caller = callers[sdk];
    const page = await caller.call('issuing.balances.list', { query: { page_number: 1, page_size: 10 } }, paginated(issuingBalance));
    expect(page.data.map((b) => b.currency)).toEqual(['SGD', 'USD']);
    const sgd = await caller.call('issuing.balances.retrieve', { body: { currency: 'SGD' } }, issuingBalance);
    expect(sgd).toMatchObject({ currency: 'SGD', balance_status: 'ACTIVE', margin_balance: '0.00' });
    const name = spelled(sdk, 'issuing.balances.listTransactions', 'issuing.balances.list_transactions');
    const lines = await caller.call(name, { query: { page_number: 1, page_size: 10, currency: 'SGD' } }, paginated(issuingBalanceTransaction));
    expect(lines.data).toContainEqual(expect.objectContaining({ transaction_type: 'ISSUING_TRANSFER', amount: 10000, description: 'sandbox test funds' }));
  });
});

describe('issuing.transactions', () => {
  it.each(SDKS)('%s: list by card and retrieve', async (sdk) => {
    const caller = callers[sdk];
    const page = await caller.call('issuing.transactions.list', { query: { page_number: 1, page_size: 10, card_id: cardId } }, paginated(cardTransaction));
    expect(page.data.map((x) => x.transaction_id)).toContain(authorizationId);
    const one = await caller.call('issuing.transactions.retrieve', { params: { id: authorizationId } }, cardTransaction);
    expect(one).toMatchObject({ transaction_id: authorizationId, transaction_type: 'AUTHORIZATION', transaction_status: 'APPROVED' });
  });

  it.each([
    ['node', 'issuing.transactions.claimUnsolicitedRefund', {}],
    ['python', 'issuing.transactions.claim_unsolicited_refund', { remark: 'claimed by the Python client' }],
  ] as const)('%s: %s claims a refund nobody asked for, which then reads APPROVED', async (sdk, name, extra) => {
    const arrived = await c.post('/v1/simulation/issuing/unsolicited_refund', { card_id: cardId, amount: 7.25, merchant_name: 'Airline', merchant_category_code: '4511' });
    const id = arrived.body.transaction_id as string;
    const answer = await callers[sdk].call(name, { body: { related_transaction_id: id, ...extra } }, claimUnsolicitedRefundResponse);
    expect(answer).toEqual({ request_status: 'SUCCESS' });
    const after: Json = await callers[sdk].call('issuing.transactions.retrieve', { params: { id } }, cardTransaction);
    expect(after).toMatchObject({ transaction_type: 'REFUND', transaction_status: 'APPROVED', description: 'remark' in extra ? extra.remark : 'unsolicited refund' });
  });
});

describe('issuing.transfers', () => {
  it.each([
    ['node', 100],
    ['python', 25.5],
  ] as const)('%s: create from the master to its sub-account, then retrieve', async (sdk, amount) => {
    const caller = callers[sdk];
    const made = await caller.call(
      'issuing.transfers.create',
      { body: { source_account_id: sandbox.accountId, destination_account_id: subId, currency: 'SGD', amount, remark: `${sdk} transfer` } },
      createIssuingTransferResponse,
    );
    const got = await caller.call('issuing.transfers.retrieve', { params: { id: made.transfer_id } }, issuingTransfer);
    expect(got).toMatchObject({ transfer_id: made.transfer_id, source_account_id: sandbox.accountId, destination_account_id: subId, amount: amount.toFixed(2), transfer_status: 'COMPLETED' });
  });
});

replayedEveryMethod(__filename);
