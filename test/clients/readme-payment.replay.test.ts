import { startTestApp, type TestApp } from '../support/app';
import { bankAccount, paginated, paymentAttempt, paymentBalance, paymentIntent, paymentPayout, pythonBrowserInfo, pythonCard, refund, settlement } from './payment-types';
import { freshSandbox } from './sandbox';
import { Sdk } from './sdk';

/**
 * The "Payment" flow of both clients' READMEs (uqpay-node README.md, uqpay-sdk-python README.md), on a
 * fresh sandbox as `npm start` makes it, each id taken from an earlier answer: from the token to the
 * refund, and the payment payout the Node README shows. Only the official clients' own methods are
 * used: no test clock, no funding extension.
 *
 * Where a README elides a body (`// ...`, `{...}`) the client's own type fills it. Where a README's
 * literal body contradicts its client's types, the types win (docs/decisions/developers/official-clients.md): the Node README's
 * refund has no `reason` and its payout is `{bank_account_id, amount, currency}`, while
 * CreateRefundParams requires `reason` and CreatePaymentPayoutParams requires `payout_currency`,
 * `payout_amount` and `statement_descriptor`; the Python README's create has no `description`,
 * which CreatePaymentIntentParams requires. Both READMEs cancel an intent after capturing it: a
 * captured payment cannot be cancelled (payrail answers so, shown below), so the flows cancel a
 * second intent, an abandoned checkout. The README's amounts are kept (100.00 captured, 50.00
 * refunded); its payout of 100.00 USD cannot come out of what is left of a 100.00 SGD payment, so
 * the payout is 40.00 in the payment's currency, to a bank account in that currency.
 *
 * The capture settles at once: the card is the sandbox's settle-at-once test card, which is what a
 * client without payrail's test-clock extension needs to spend captured money on a payout.
 *
 * This file replays flows, not catalogue entries: every method it calls is replayed, and assigned,
 * in test/clients/payment*.replay.test.ts, so it does not end with replayedEveryMethod.
 */
let t: TestApp;
let creds: { clientId: string; apiKey: string };

beforeAll(async () => {
  t = await startTestApp();
  creds = await freshSandbox(t);
});
afterAll(() => t.close());

const SETTLES_AT_ONCE = '4000000000000077';

describe("the Node client's README, Payment section", () => {
  it('takes a card payment, captures, refunds, registers a bank account and pays out', async () => {
    const client = await Sdk.connect(t, 'node', creds);
    // const intent = await client.payment.paymentIntents.create({ amount: '100.00', currency: 'SGD', // ... })
    const intent = await client.call(
      'payment.paymentIntents.create',
      { body: { amount: '100.00', currency: 'SGD', merchant_order_id: 'readme-node-1', description: 'README order', return_url: 'https://shop.example/return' } },
      paymentIntent,
    );
    const id = intent.payment_intent_id;
    // await client.payment.paymentIntents.confirm(intent.payment_intent_id, { /* ... */ })
    const confirmed = await client.call(
      'payment.paymentIntents.confirm',
      { params: { id }, body: { payment_method: pythonCard({ card_number: SETTLES_AT_ONCE, auto_capture: false }), browser_info: pythonBrowserInfo } },
      paymentIntent,
    );
    expect(confirmed.intent_status).toBe('REQUIRES_CAPTURE');
    // await client.payment.paymentIntents.capture(intent.payment_intent_id, { /* ... */ })
    const captured = await client.call('payment.paymentIntents.capture', { params: { id }, body: {} }, paymentIntent);
    expect(captured).toMatchObject({ intent_status: 'SUCCEEDED', captured_amount: '100.00', latest_payment_attempt: { attempt_status: 'SETTLED' } });
    // await client.payment.paymentIntents.cancel(intent.payment_intent_id): refused once captured ...
    const tooLate = await client.send('payment.paymentIntents.cancel', { params: { id }, body: {} });
    expect([tooLate.status, tooLate.body]).toEqual([400, { code: 400, message: 'You cannot cancel this PaymentIntent because its intent_status is SUCCEEDED' }]);
    // ... so an abandoned checkout is what gets cancelled.
    const abandoned = await client.call(
      'payment.paymentIntents.create',
      { body: { amount: '100.00', currency: 'SGD', merchant_order_id: 'readme-node-2', description: 'README order', return_url: 'https://shop.example/return' } },
      paymentIntent,
    );
    const cancelled = await client.call('payment.paymentIntents.cancel', { params: { id: abandoned.payment_intent_id }, body: {} }, paymentIntent);
    expect(cancelled.intent_status).toBe('CANCELLED');
    // const intents = await client.payment.paymentIntents.list({ page_number: 1, page_size: 20 })
    const intents = await client.call('payment.paymentIntents.list', { query: { page_number: 1, page_size: 20 } }, paginated(paymentIntent));
    expect(intents.data.map((i) => i.payment_intent_id)).toEqual(expect.arrayContaining([id, abandoned.payment_intent_id]));
    // const refund = await client.payment.refunds.create({ payment_intent_id: intent.payment_intent_id, amount: '50.00' })
    const made = await client.call('payment.refunds.create', { body: { payment_intent_id: id, amount: '50.00', reason: 'requested_by_customer' } }, refund);
    expect(made).toMatchObject({ amount: '50.00', currency: 'SGD', refund_status: 'INITIATED' });
    // const refunds = await client.payment.refunds.list({ page_number: 1, page_size: 20 })
    const refunds = await client.call('payment.refunds.list', { query: { page_number: 1, page_size: 20 } }, paginated(refund));
    expect(refunds.data.map((r) => r.payment_refund_id)).toContain(made.payment_refund_id);
    // const bankAccount = await client.payment.bankAccounts.create({ currency, bank_account_number, bank_routing_number, bank_address, // ... })
    const bank = await client.call(
      'payment.bankAccounts.create',
      {
        body: {
          currency: 'SGD',
          bank_account_number: '1234567890',
          bank_routing_number: '021000021',
          bank_address: '12 Marina Blvd, Singapore',
          account_number: '1234567890',
          bank_name: 'DBS Bank',
          swift_code: 'DBSSSGSG',
          bank_country_code: 'SG',
        },
      },
      bankAccount,
    );
    expect(bank.account_status).toBe('Valid');
    // const payout = await client.payment.payouts.create({ ... }): in CreatePaymentPayoutParams' names.
    const payout = await client.call('payment.payouts.create', { body: { payout_currency: 'SGD', payout_amount: '40.00', statement_descriptor: 'README payout' } }, paymentPayout);
    expect(payout).toMatchObject({ payout_status: 'INITIATED', payout_amount: '40.00' });
    // const balances = await client.payment.balances.list({ page_number: 1, page_size: 20 })
    const balances = await client.call('payment.balances.list', { query: { page_number: 1, page_size: 20 } }, paginated(paymentBalance));
    expect(balances.data.find((b) => b.currency === 'SGD')).toMatchObject({ pending_balance: '0.00' });
    // const attempts = await client.payment.paymentAttempts.list({ page_number: 1, page_size: 20 })
    const attempts = await client.call('payment.paymentAttempts.list', { query: { page_number: 1, page_size: 20 } }, paginated(paymentAttempt));
    expect(attempts.data.map((a) => a.attempt_id)).toContain(captured.latest_payment_attempt!.attempt_id);
    // const settlements = await client.payment.settlements.list({ page_number: 1, page_size: 20 })
    const settlements = await client.call('payment.settlements.list', { query: { page_number: 1, page_size: 20 } }, paginated(settlement));
    expect(settlements.data).toContainEqual(expect.objectContaining({ payment_intent_id: id, transaction_amount: '100.00', settlement_currency: 'SGD' }));
  });
});

describe("the Python client's README, Payment section", () => {
  it('takes a card payment, captures, refunds, registers a bank account and pays out', async () => {
    const client = await Sdk.connect(t, 'python', creds);
    // intent = client.payment.payment_intents.create({"amount": "100.00", "currency": "SGD", "merchant_order_id": "order-001", "return_url": ...})
    const intent = await client.call(
      'payment.payment_intents.create',
      { body: { amount: '100.00', currency: 'SGD', merchant_order_id: 'order-001', return_url: 'https://example.com/return', description: 'README order' } },
      paymentIntent,
    );
    const id = intent.payment_intent_id;
    // client.payment.payment_intents.confirm(intent["payment_intent_id"], {"payment_method": {...}})
    await client.call('payment.payment_intents.confirm', { params: { id }, body: { payment_method: pythonCard({ card_number: SETTLES_AT_ONCE, auto_capture: false }) } }, paymentIntent);
    // client.payment.payment_intents.capture("pi-id"): no params, so the client sends {}
    const captured = await client.call('payment.payment_intents.capture', { params: { id }, body: {} }, paymentIntent);
    expect(captured).toMatchObject({ intent_status: 'SUCCEEDED', latest_payment_attempt: { attempt_status: 'SETTLED' } });
    // client.payment.payment_intents.cancel("pi-id", {"cancellation_reason": "requested_by_customer"}): an abandoned checkout
    const abandoned = await client.call(
      'payment.payment_intents.create',
      { body: { amount: '100.00', currency: 'SGD', merchant_order_id: 'order-002', return_url: 'https://example.com/return', description: 'README order' } },
      paymentIntent,
    );
    const cancelled = await client.call('payment.payment_intents.cancel', { params: { id: abandoned.payment_intent_id }, body: { cancellation_reason: 'requested_by_customer' } }, paymentIntent);
    expect(cancelled).toMatchObject({ intent_status: 'CANCELLED', cancellation_reason: 'requested_by_customer' });
    // intents = client.payment.payment_intents.list({"page_number": 1, "page_size": 20})
    const intents = await client.call('payment.payment_intents.list', { query: { page_number: 1, page_size: 20 } }, paginated(paymentIntent));
    expect(intents.data.map((i) => i.payment_intent_id)).toContain(id);
    // refund = client.payment.refunds.create({"payment_intent_id": "pi-id", "amount": "50.00", "reason": "requested_by_customer"})
    const made = await client.call('payment.refunds.create', { body: { payment_intent_id: id, amount: '50.00', reason: 'requested_by_customer' } }, refund);
    // refunds = client.payment.refunds.list({...}); refund = client.payment.refunds.retrieve("refund-id")
    const refunds = await client.call('payment.refunds.list', { query: { page_number: 1, page_size: 20 } }, paginated(refund));
    expect(refunds.data.map((r) => r.payment_refund_id)).toContain(made.payment_refund_id);
    expect((await client.call('payment.refunds.retrieve', { params: { id: made.payment_refund_id } }, refund)).amount).toBe('50.00');
    // bank_account = client.payment.bank_accounts.create({...}); bank_accounts = client.payment.bank_accounts.list({...})
    const bank = await client.call(
      'payment.bank_accounts.create',
      { body: { currency: 'SGD', account_number: '5550001111', bank_name: 'OCBC Bank', swift_code: 'OCBCSGSG', bank_country_code: 'SG', bank_address: '65 Chulia St, Singapore' } },
      bankAccount,
    );
    const banks = await client.call('payment.bank_accounts.list', { query: { page_number: 1, page_size: 20 } }, paginated(bankAccount));
    expect(banks.data.map((b) => b.id)).toContain(bank.id);
    // payout = client.payment.payouts.create({...}); payouts = client.payment.payouts.list({...})
    const payout = await client.call('payment.payouts.create', { body: { payout_currency: 'SGD', payout_amount: '40.00', statement_descriptor: 'README payout' } }, paymentPayout);
    const payouts = await client.call('payment.payouts.list', { query: { page_number: 1, page_size: 20 } }, paginated(paymentPayout));
    expect(payouts.data.map((p) => p.payout_id)).toContain(payout.payout_id);
    // balances = client.payment.balances.list({...}); balance = client.payment.balances.retrieve("SGD")
    await client.call('payment.balances.list', { query: { page_number: 1, page_size: 20 } }, paginated(paymentBalance));
    const sgd = await client.call('payment.balances.retrieve', { params: { currency: 'SGD' } }, paymentBalance);
    expect(sgd).toMatchObject({ currency: 'SGD', pending_balance: '0.00' });
    // attempts = client.payment.attempts.list({...}); attempt = client.payment.attempts.retrieve("attempt-id")
    const attempts = await client.call('payment.attempts.list', { query: { page_number: 1, page_size: 20 } }, paginated(paymentAttempt));
    const attemptId = captured.latest_payment_attempt!.attempt_id;
    expect(attempts.data.map((a) => a.attempt_id)).toContain(attemptId);
    expect((await client.call('payment.attempts.retrieve', { params: { id: attemptId } }, paymentAttempt)).attempt_status).toBe('SETTLED');
    // settlements = client.payment.settlements.list({"page_number": 1, "page_size": 20}): no x-idempotency-key on a GET
    const settlements = await client.call('payment.settlements.list', { query: { page_number: 1, page_size: 20 } }, paginated(settlement));
    expect(settlements.data).toContainEqual(expect.objectContaining({ payment_intent_id: id, settlement_status: 'SUCCEEDED' }));
  });
});
