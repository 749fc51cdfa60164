import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../support/app';
import { fundWallet } from '../support/ledger';
import { createSubAccount } from '../../src/domain/onboarding/accounts/service';
import { freshSandbox } from './sandbox';
import { replayedEveryMethod, Sdk } from './sdk';
import { bankingTypes as T, paginated } from './banking-types';
import { advanceClock } from './sandbox-clock';

/**
 * The official clients' banking methods, each sent as the client sends it (test/clients/sdk.ts), on a
 * fresh sandbox. Bodies use each client's own field names and JSON types: the Python client's
 * TypedDicts (uqpay/types/banking), the Node client's types and tests (src/resources/banking,
 * tests/resources/banking.test.ts). Answers parse into the types the clients declare (banking-types.ts).
 */
let t: TestApp;
let sandbox: Awaited<ReturnType<typeof freshSandbox>>;
let node: Sdk;
let python: Sdk;
let subAccountId: string;

beforeAll(async () => {
  t = await startTestApp();
  sandbox = await freshSandbox(t);
  node = await Sdk.connect(t, 'node', sandbox);
  python = await Sdk.connect(t, 'python', sandbox);
  await fundWallet(t.services, sandbox.accountId, 'USD', '10000.00');
  await fundWallet(t.services, sandbox.accountId, 'SGD', '1000.00');
  const sub = await createSubAccount(t.services, sandbox.accountId, { name: 'Replay sub-account' });
  subAccountId = sub.id;
});
afterAll(() => t.close());

const both = ['node', 'python'] as const;
const caller = (sdk: (typeof both)[number]) => (sdk === 'node' ? node : python);
const page = { page_number: 1, page_size: 20 };

describe('banking.balances', () => {
  it.each(both)('%s: list, retrieve, list transactions', async (sdk) => {
    const c = caller(sdk);
    const list = await c.call('banking.balances.list', { query: page }, paginated(T.balance));
    expect(list.data.map((b) => b.currency)).toEqual(expect.arrayContaining(['SGD', 'USD']));
    const usd = await c.call('banking.balances.retrieve', { params: { currency: 'USD' } }, T.balance);
    expect(usd.currency).toBe('USD');
    const lines = await c.call(
      sdk === 'node' ? 'banking.balances.listTransactions' : 'banking.balances.list_transactions',
      { query: page },
      paginated(T.balanceTransaction),
    );
    expect(lines.total_items).toBeGreaterThan(0);
  });
});

describe('banking.transfers', () => {
  it.each(both)('%s: create, list, retrieve', async (sdk) => {
    const c = caller(sdk);
    // Both clients type amount as a string (CreateTransferParams).
    const made = await c.call(
      'banking.transfers.create',
      { body: { source_account_id: sandbox.accountId, target_account_id: subAccountId, currency: 'USD', amount: '10.00', reason: 'Fund sub-account' } },
      T.createTransferResponse,
    );
    const list = await c.call('banking.transfers.list', { query: page }, paginated(T.transfer));
    expect(list.data.map((x) => x.transfer_id)).toContain(made.transfer_id);
    const one = await c.call('banking.transfers.retrieve', { params: { id: made.transfer_id } }, T.transfer);
    expect(one.transfer_amount).toBe('10.00');
  });
});

/** Python: tests/conftest.py's beneficiary; Node: tests/resources/banking.test.ts's (its account number made valid). */
const beneficiaryBody = (sdk: (typeof both)[number], accountNumber: string) =>
  sdk === 'python'
    ? {
        entity_type: 'INDIVIDUAL',
        first_name: 'SDK',
        last_name: 'Test',
        currency: 'USD',
        country: 'US',
        payment_method: 'LOCAL',
        bank_details: {
          account_number: accountNumber,
          account_holder: 'SDK Test',
          account_currency_code: 'USD',
          bank_name: 'JPMorgan Chase',
          bank_address: '383 Madison Avenue, New York, NY 10179',
          bank_country_code: 'US',
          swift_code: 'CHASUS33',
          clearing_system: 'ACH',
          routing_code_type1: 'ach',
          routing_code_value1: '021000021',
        },
        address: { street_address: '100 Test Street', city: 'New York', state: 'NY', postal_code: '10001', country: 'US' },
      }
    : {
        entity_type: 'INDIVIDUAL',
        payment_method: 'LOCAL',
        first_name: 'John',
        last_name: 'Doe',
        bank_details: {
          account_number: accountNumber,
          account_currency_code: 'USD',
          account_holder: 'John Doe',
          bank_name: 'Test Bank',
          bank_address: '1 Bank Street',
          bank_country_code: 'US',
        },
        address: { country: 'US', city: 'New York', street_address: '123 Main St', postal_code: '10001', state: 'NY' },
      };

describe('banking.beneficiaries and banking.payouts', () => {
  it.each(both)('%s: create, list, retrieve, update, check, pay out, delete', async (sdk) => {
    const c = caller(sdk);
    const accountNumber = sdk === 'node' ? '123456789' : '9912345678';
    const ref = await c.call('banking.beneficiaries.create', { body: beneficiaryBody(sdk, accountNumber) }, T.createBeneficiaryResponse);
    const list = await c.call('banking.beneficiaries.list', { query: page }, paginated(T.beneficiary));
    expect(list.data.map((b) => b.beneficiary_id)).toContain(ref.beneficiary_id);
    const detail = await c.call('banking.beneficiaries.retrieve', { params: { id: ref.beneficiary_id } }, T.beneficiary);
    // Python's test updates with the details it just read back; Node's update is a Partial<CreateBeneficiaryParams>.
    const patch =
      sdk === 'python'
        ? { entity_type: 'INDIVIDUAL', first_name: 'SDK', last_name: 'Updated', payment_method: 'LOCAL', bank_details: detail.bank_details, address: detail.address }
        : { nickname: 'Payroll' };
    const updated = await c.call('banking.beneficiaries.update', { params: { id: ref.beneficiary_id }, body: patch }, T.createBeneficiaryResponse);
    expect(updated.beneficiary_id).toBe(ref.beneficiary_id);

    // Python's check (tests/test_banking.py) sends no bank_country_code; Node's type requires it.
    const checkBody =
      sdk === 'python'
        ? { entity_type: 'INDIVIDUAL', account_number: accountNumber, payment_method: 'LOCAL', currency: 'USD' }
        : { entity_type: 'INDIVIDUAL', account_number: accountNumber, payment_method: 'LOCAL', currency: 'USD', bank_country_code: 'US', first_name: 'John', last_name: 'Doe' };
    const checked = await c.call('banking.beneficiaries.check', { body: checkBody }, T.beneficiary);
    expect(checked.entity_type).toBe('INDIVIDUAL');

    // Python: CreatePayoutParams (tests/test_banking.py); Node: tests/resources/banking.test.ts's body.
    const payoutBody =
      sdk === 'python'
        ? {
            beneficiary_id: ref.beneficiary_id,
            amount: '10.00',
            currency: 'USD',
            purpose_code: 'BUSINESS_EXPENSES',
            payout_reference: 'sdk-payout-1',
            fee_paid_by: 'SHARED',
            payout_date: '2099-04-15',
          }
        : { beneficiary_id: ref.beneficiary_id, source_currency: 'USD', amount: '100', currency: 'USD', purpose_code: 'FAMILY_SUPPORT', fee_paid_by: 'OURS' };
    const payout = await c.call('banking.payouts.create', { body: payoutBody }, T.createPayoutResponse);
    const payouts = await c.call('banking.payouts.list', { query: page }, paginated(T.payout));
    expect(payouts.data.map((p) => p.payout_id)).toContain(payout.payout_id);
    const onePayout = await c.call('banking.payouts.retrieve', { params: { id: payout.payout_id } }, T.payout);
    expect(onePayout.beneficiary_id).toBe(ref.beneficiary_id);

    const gone = await c.call('banking.beneficiaries.delete', { params: { id: ref.beneficiary_id }, body: {} }, T.deleted);
    expect(gone).toEqual({});
  });

  it.each(both)('%s: payment methods for a currency and country', async (sdk) => {
    const methods = await caller(sdk).call(
      sdk === 'node' ? 'banking.paymentMethods.list' : 'banking.payment_methods.list',
      { query: sdk === 'node' ? { currency: 'USD', country: 'US' } : { country: 'US', currency: 'USD' } },
      z.array(T.paymentMethod),
    );
    expect(methods.map((m) => m.payment_method)).toEqual(expect.arrayContaining(['LOCAL', 'SWIFT']));
  });
});

describe('banking.conversions', () => {
  it.each(both)('%s: dates, quote, convert, list, retrieve, rates', async (sdk) => {
    const c = caller(sdk);
    const dates = await c.call(
      sdk === 'node' ? 'banking.conversions.listDates' : 'banking.conversions.list_dates',
      { query: { currency_from: 'USD', currency_to: 'SGD' } },
      z.array(T.conversionDate),
    );
    const date = dates[0]!.date;
    // Python sends amounts as strings everywhere; Node's CreateConversionParams types them as numbers.
    const quote = await c.call(
      sdk === 'node' ? 'banking.conversions.createQuote' : 'banking.conversions.create_quote',
      { body: sdk === 'node' ? { sell_currency: 'USD', buy_currency: 'SGD', conversion_date: date, sell_amount: '100' } : { buy_currency: 'SGD', sell_currency: 'USD', buy_amount: '100.00', conversion_date: date } },
      T.quote,
    );
    const conversionBody =
      sdk === 'node'
        ? { quote_id: quote.quote_id, buy_currency: 'SGD', sell_currency: 'USD', conversion_date: date, sell_amount: 100 }
        : { quote_id: quote.quote_id, sell_currency: 'USD', buy_currency: 'SGD', buy_amount: '100.00', conversion_date: date };
    const conversion = await c.call('banking.conversions.create', { body: conversionBody }, T.conversion);
    const list = await c.call('banking.conversions.list', { query: page }, paginated(T.conversion));
    expect(list.data.map((x) => x.conversion_id)).toContain(conversion.conversion_id);
    const one = await c.call('banking.conversions.retrieve', { params: { id: conversion.conversion_id } }, T.conversion);
    expect(one.status).toBe('COMPLETED');
    // Node joins the pairs with a comma into one value; Python passes its string as written.
    const rates = await c.call(
      sdk === 'node' ? 'banking.conversions.listCurrentRates' : 'banking.conversions.list_current_rates',
      { query: { currency_pairs: 'SGD/USD,USD/SGD' } },
      T.exchangeRates,
    );
    expect(rates.data?.rates?.map((r) => r.currency_pair)).toEqual(['SGD/USD', 'USD/SGD']);
  });
});

describe('banking.deposits', () => {
  it.each(both)('%s: list and retrieve', async (sdk) => {
    const c = caller(sdk);
    const made = await t.inject({
      method: 'POST',
      url: '/api/v1/simulation/deposit',
      headers: { 'x-auth-token': `Bearer ${c.token}`, 'content-type': 'application/json', 'x-idempotency-key': randomUUID() },
      payload: { amount: 25, currency: 'USD', sender_swift_code: 'WELGBE22' },
    });
    const depositId = (made.json() as { deposit_id: string }).deposit_id;
    const list = await c.call('banking.deposits.list', { query: page }, paginated(T.deposit));
    expect(list.data.map((d) => d.deposit_id)).toContain(depositId);
    const one = await c.call('banking.deposits.retrieve', { params: { id: depositId } }, T.deposit);
    expect(one.deposit_status).toBe('COMPLETED');
  });
});

describe('banking.virtual_accounts and banking.virtual_account_applications', () => {
  it.each(both)('%s: apply, follow the application, list the issued accounts', async (sdk) => {
    const c = caller(sdk);
    const currency = sdk === 'node' ? 'USD' : 'SGD';
    const country = sdk === 'node' ? 'US' : 'SG';
    const key = sdk === 'node' ? 'va-retry-001' : 'merchant-va-application-42';
    const body = { country, currency, payment_method: 'SWIFT', nickname: 'Collections' };
    const accepted = await c.call(
      sdk === 'node' ? 'banking.virtualAccounts.create' : 'banking.virtual_accounts.create',
      { body, headers: { 'x-idempotency-key': key } },
      T.applicationResponse,
    );
    expect(accepted.data).toMatchObject({ country, currency, status: 'SUBMITTED', public_version: 1 });
    await advanceClock(t, c.token, 1);
    const applications = await c.call(
      sdk === 'node' ? 'banking.virtualAccountApplications.list' : 'banking.virtual_account_applications.list',
      { query: { page_number: 1, page_size: 50, country, currency } },
      T.applicationList,
    );
    expect(applications.data.map((a) => a.application_id)).toContain(accepted.data.application_id);
    const latest = await c.call(
      sdk === 'node' ? 'banking.virtualAccountApplications.retrieve' : 'banking.virtual_account_applications.retrieve',
      { params: { application_id: accepted.data.application_id } },
      T.applicationResponse,
    );
    expect(latest.data.status).toBe('COMPLETED');
    const bank = latest.data.results[0]!.virtual_accounts[0]!;
    const issued = await c.call(
      sdk === 'node' ? 'banking.virtualAccounts.list' : 'banking.virtual_accounts.list',
      { query: { ...page, currency } },
      paginated(T.virtualAccount),
    );
    expect(issued.data.map((va) => va.account_number)).toContain(bank.account_number);
  });
});

replayedEveryMethod(__filename);
