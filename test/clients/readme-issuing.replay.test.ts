import { z } from 'zod';
import { createSubAccount } from '../../src/domain/onboarding/accounts/service';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { advance } from '../support/sandbox';
import {
  card,
  cardholder as holder,
  cardOrderResponse as cardOrder,
  cardProduct as product,
  cardRechargeWithdrawResponse as cardMovement,
  createCardholderResponse as createdHolder,
  createCardResponse as createdCard,
  createReportResponse as createdReport,
  panTokenResponse as panToken,
  updateCardStatusResponse as statusOrder,
} from './types/issuing-cards';
import { freshSandbox } from './sandbox';
import { Sdk } from './sdk';
import {
  cardTransaction,
  createIssuingTransferResponse,
  issuingBalance,
  issuingBalanceTransaction,
  issuingTransfer,
  paginated,
  simulateAuthorizationResponse,
} from './types/issuing-money';

/**
 * The issuing flow of both official clients' READMEs, from the cardholder to the reversal, on a
 * fresh sandbox (the master and key `npm start` makes, nothing else), each call as the client sends
 * it, with the ids of earlier answers: the README's placeholders ('prod-123', 'card-id', 'acc-456')
 * become the product the list answered, the card created, and so on.
 *
 * What the READMEs leave out, and what stands in for it:
 * - the card product: the first one `products.list` answers (the README lists products later);
 * - the destination of the issuing transfer: a sub-account of the sandbox master, made through
 *   payrail's domain (making it is the connect group's flow, not the issuing one);
 * - time: a new card is ACTIVE once its order completes, 3 s later; the sandbox tree's test clock
 *   is moved on by payrail's own extension, so no real time passes in the test;
 * - bodies: the Node README's own (`amount`, `currency` on authorize, its `// ...` filled from
 *   SimulateAuthorizationParams); for Python, its README's own where payrail reads them
 *   (update_status' `status`, the recharge's and withdraw's string amounts, its 99-day report), its
 *   TypedDicts where its README's dicts contradict them and the specification (cards.create's
 *   `product_id`/`currency`, an authorization without merchant fields); the Python README freezes
 *   the card and then recharges it, so the flow unfreezes it first, as the Node README does;
 * - order: the Python README reads transactions (list, then retrieve "txn-id") before its simulator
 *   section authorizes; the flow authorizes first, so there is a transaction to read.
 *
 * Answers are read through the clients' declared types (types/issuing-money.ts, types/issuing-cards.ts).
 * No method is assigned to this file in the catalogue: each has its own replay file, so this one
 * does not end with replayedEveryMethod.
 */
let t: TestApp;
let c: Client;
let sandbox: { clientId: string; apiKey: string; accountId: string };
let subId: string;

beforeAll(async () => {
  t = await startTestApp();
  sandbox = await freshSandbox(t);
  c = await clientOf(t, sandbox);
  subId = (await createSubAccount(t.services, sandbox.accountId, { name: 'README sub-account' })).id;
});
afterAll(() => t.close());

const page = { page_number: 1, page_size: 20 };

describe("the Node client's README, Issuing then Simulator", () => {
  it('cardholder → card → freeze/unfreeze → recharge 100, withdraw 50 → secure iframe token → balances → transactions → transfer → products → report → authorize → reverse', async () => {
    const node = await Sdk.connect(t, 'node', sandbox);
    const products = await node.call('issuing.products.list', { query: page }, paginated(product));

    const cardholder = await node.call(
      'issuing.cardholders.create',
      { body: { email: 'user@example.com', first_name: 'Jane', last_name: 'Smith', country_code: 'SG', phone_number: '+6512345678' } },
      createdHolder,
    );
    const made = await node.call('issuing.cards.create', { body: { card_currency: 'SGD', cardholder_id: cardholder.cardholder_id, card_product_id: products.data[0]!.product_id } }, createdCard);
    await advance(c, 3);
    const cards = await node.call('issuing.cards.list', { query: page }, paginated(card));
    expect(cards.data.map((x) => x.card_id)).toContain(made.card_id);
    expect(await node.call('issuing.cards.retrieve', { params: { id: made.card_id } }, card)).toMatchObject({ card_status: 'ACTIVE' });

    await node.call('issuing.cards.updateStatus', { params: { id: made.card_id }, body: { card_status: 'FROZEN' } }, statusOrder);
    await node.call('issuing.cards.updateStatus', { params: { id: made.card_id }, body: { card_status: 'ACTIVE' } }, statusOrder);

    const recharge = await node.call('issuing.cards.recharge', { params: { id: made.card_id }, body: { amount: 100 } }, cardMovement);
    expect(recharge).toMatchObject({ order_type: 'RECHARGE', order_status: 'SUCCESS' });
    const withdraw = await node.call('issuing.cards.withdraw', { params: { id: made.card_id }, body: { amount: 50 } }, cardMovement);
    expect(withdraw).toMatchObject({ order_type: 'WITHDRAW', order_status: 'SUCCESS' });

    // getSecureIframeUrl(card_id[, {lang, styles}]) asks for a PAN token and builds the iframe URL from it.
    await node.call('issuing.cards.getSecureIframeUrl', { params: { id: made.card_id } }, panToken);
    await node.call('issuing.cards.getSecureIframeUrl', { params: { id: made.card_id } }, panToken);

    const balances = await node.call('issuing.balances.list', { query: page }, paginated(issuingBalance));
    expect(balances.data.map((b) => b.currency)).toEqual(['SGD', 'USD']);
    const sgd = await node.call('issuing.balances.retrieve', { body: { currency: 'SGD' } }, issuingBalance);
    expect(sgd.available_balance).toBe('9950.00');
    await node.call('issuing.balances.listTransactions', { query: page }, paginated(issuingBalanceTransaction));
    await node.call('issuing.transactions.list', { query: page }, paginated(cardTransaction));

    await node.call(
      'issuing.transfers.create',
      { body: { source_account_id: sandbox.accountId, destination_account_id: subId, currency: 'SGD', amount: 100 } },
      createIssuingTransferResponse,
    );
    await node.call('issuing.products.list', { query: page }, paginated(product));
    await node.call('issuing.reports.create', { body: { report_type: 'SETTLEMENT', start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-31T23:59:59Z' } }, createdReport);

    const auth = await node.call(
      'simulator.issuing.authorize',
      { body: { card_id: made.card_id, amount: 25, currency: 'SGD', merchant_name: 'Coffee Shop', merchant_category_code: '5814', transaction_status: 'APPROVED' } },
      simulateAuthorizationResponse,
    );
    expect(auth).toMatchObject({ transaction_status: 'APPROVED', transaction_amount: 25, card_available_balance: 25 });
    const reversal = await node.call('simulator.issuing.reverse', { body: { transaction_id: auth.transaction_id } }, simulateAuthorizationResponse);
    expect(reversal).toMatchObject({ transaction_type: 'REVERSAL', transaction_status: 'APPROVED', card_available_balance: 50 });
  });
});

describe("the Python client's README, Issuing then Simulator", () => {
  it('cardholder → card → update, freeze → recharge, withdraw → PAN token → order → transactions → products → balances → transfer → report → authorize → reverse', async () => {
    const python = await Sdk.connect(t, 'python', sandbox);
    const products = await python.call('issuing.products.list', { query: page }, paginated(product));

    const cardholder = await python.call(
      'issuing.cardholders.create',
      { body: { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', phone_number: '+6591234567', country_code: 'SG', date_of_birth: '1990-01-15' } },
      createdHolder,
    );
    await python.call('issuing.cardholders.list', { query: page }, paginated(holder));
    await python.call('issuing.cardholders.retrieve', { params: { id: cardholder.cardholder_id } }, holder);
    await python.call('issuing.cardholders.update', { params: { id: cardholder.cardholder_id }, body: { first_name: 'Updated' } }, createdHolder);

    const made = await python.call('issuing.cards.create', { body: { cardholder_id: cardholder.cardholder_id, card_product_id: products.data[0]!.product_id, card_currency: 'SGD' } }, createdCard);
    await advance(c, 3);
    await python.call('issuing.cards.list', { query: page }, paginated(card));
    await python.call('issuing.cards.retrieve', { params: { id: made.card_id } }, card);
    await python.call('issuing.cards.update', { params: { id: made.card_id }, body: { metadata: { order_id: 'ord-001' } } }, createdCard);
    await python.call('issuing.cards.update_status', { params: { id: made.card_id }, body: { status: 'FROZEN' } }, statusOrder);
    await python.call('issuing.cards.update_status', { params: { id: made.card_id }, body: { status: 'ACTIVE' } }, statusOrder);

    const recharge = await python.call('issuing.cards.recharge', { params: { id: made.card_id }, body: { amount: '100.00', currency: 'SGD' } }, cardMovement);
    expect(recharge).toMatchObject({ order_type: 'RECHARGE', amount: 100 });
    await python.call('issuing.cards.withdraw', { params: { id: made.card_id }, body: { amount: '50.00', currency: 'SGD' } }, cardMovement);
    // create_pan_token, and get_secure_iframe_url, which asks for a PAN token and builds the iframe URL.
    await python.call('issuing.cards.create_pan_token', { params: { id: made.card_id } }, panToken);
    await python.call('issuing.cards.get_secure_iframe_url', { params: { id: made.card_id } }, panToken);
    // retrieve_order("card-order-id"): the recharge's order, by its own id.
    expect(await python.call('issuing.cards.retrieve_order', { params: { id: recharge.card_order_id } }, cardOrder)).toMatchObject({ card_order_id: recharge.card_order_id, order_type: 'RECHARGE' });

    const auth = await python.call(
      'simulator.issuing.authorize',
      { body: { card_id: made.card_id, transaction_amount: 25, transaction_currency: 'SGD', merchant_name: 'Coffee Shop', merchant_category_code: '5814', transaction_status: 'APPROVED' } },
      simulateAuthorizationResponse,
    );
    expect(auth).toMatchObject({ transaction_status: 'APPROVED', card_available_balance: 25 });
    const txns = await python.call('issuing.transactions.list', { query: page }, paginated(cardTransaction));
    expect(txns.data.map((x) => x.transaction_id)).toContain(auth.transaction_id);
    await python.call('issuing.transactions.retrieve', { params: { id: auth.transaction_id } }, cardTransaction);

    await python.call('issuing.products.list', { query: page }, paginated(product));
    await python.call('issuing.balances.list', { query: page }, paginated(issuingBalance));
    await python.call('issuing.balances.retrieve', { body: { currency: 'SGD' } }, issuingBalance);
    await python.call('issuing.balances.list_transactions', { query: page }, paginated(issuingBalanceTransaction));

    const transfer = await python.call(
      'issuing.transfers.create',
      { body: { source_account_id: sandbox.accountId, destination_account_id: subId, currency: 'SGD', amount: 100 } },
      createIssuingTransferResponse,
    );
    expect(await python.call('issuing.transfers.retrieve', { params: { id: transfer.transfer_id } }, issuingTransfer)).toMatchObject({ amount: '100.00', transfer_status: 'COMPLETED' });

    const report = await python.call(
      'issuing.reports.create',
      { body: { report_type: 'SETTLEMENT', start_time: '2026-01-01T00:00:00Z', end_time: '2026-04-10T23:59:59Z' } },
      createdReport,
    );
    await python.call('issuing.reports.download', { params: { id: report.report_id } }, z.string());

    const reversal = await python.call('simulator.issuing.reverse', { body: { card_id: made.card_id, transaction_id: auth.transaction_id } }, simulateAuthorizationResponse);
    expect(reversal).toMatchObject({ transaction_type: 'REVERSAL', card_available_balance: 50 });
  });
});
