import { createDecipheriv, randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';
import { makeMaster } from '../support/tenants';
import { bankAccount, getPinKeyResponse, paginated, paymentBalance, paymentIntent, paymentPayout, pythonCard, registerTerminalResponse } from './payment-types';
import type { SdkName } from './catalog';
import { replayedEveryMethod, Sdk } from './sdk';

/**
 * The official clients' settlement bank accounts, payment balances, payment payouts and terminals,
 * each sent as the client sends it (test/clients/sdk.ts) and parsed into the declared type.
 */
let t: TestApp;
const callers = {} as Record<SdkName, Sdk>;
const SDKS = ['node', 'python'] as const;

const names = (sdk: SdkName) => (sdk === 'node' ? { bank: 'payment.bankAccounts', pinKey: 'payment.terminals.getPinKey' } : { bank: 'payment.bank_accounts', pinKey: 'payment.terminals.get_pin_key' });

beforeAll(async () => {
  t = await startTestApp();
  for (const sdk of SDKS) {
    const tenant = await makeMaster(t.services, { name: `Payment money replay (${sdk})` });
    callers[sdk] = await Sdk.connect(t, sdk, tenant);
  }
});
afterAll(() => t.close());

/** CreateBankAccountParams (the Node client's named members; the Python TypedDict names none). */
const bankBody = (extra: Record<string, unknown> = {}) => ({
  currency: 'SGD',
  account_number: '1234567890',
  bank_name: 'DBS Bank',
  swift_code: 'DBSSSGSG',
  bank_country_code: 'SG',
  bank_address: '12 Marina Blvd, Singapore',
  ...extra,
});

describe.each(SDKS)('%s: settlement bank accounts', (sdk) => {
  const { bank } = names(sdk);

  it('creates, lists, retrieves and updates one', async () => {
    const caller = callers[sdk];
    const made = await caller.call(`${bank}.create`, { body: bankBody() }, bankAccount);
    expect(made).toMatchObject({ currency: 'SGD', account_status: 'Valid', account_number: '1234567890' });
    const page = await caller.call(`${bank}.list`, { query: { page_size: 10, page_number: 1 } }, paginated(bankAccount));
    expect(page.data.map((b) => b.id)).toContain(made.id);
    expect((await caller.call(`${bank}.retrieve`, { params: { id: made.id } }, bankAccount)).id).toBe(made.id);
    // UpdateBankAccountParams: the five required members (no currency).
    const { currency: _currency, ...update } = bankBody({ bank_name: 'DBS Bank Ltd' });
    const updated = await caller.call(`${bank}.update`, { params: { id: made.id }, body: update }, bankAccount);
    expect(updated).toMatchObject({ id: made.id, bank_name: 'DBS Bank Ltd', currency: 'SGD' });
  });
});

describe.each(SDKS)('%s: payment balances and payment payouts', (sdk) => {
  it('pays out settled money to the bank account, and lists and retrieves it', async () => {
    const caller = callers[sdk];
    const intents = sdk === 'node' ? 'payment.paymentIntents' : 'payment.payment_intents';
    // Where the payout goes: a Valid settlement bank account in its currency.
    await caller.call(`${names(sdk).bank}.create`, { body: bankBody({ account_number: '9876543210' }) }, bankAccount);
    // Money to pay out: a capture of the sandbox's settle-at-once card (no clock extension needed).
    await caller.call(
      `${intents}.create`,
      { body: { amount: '200.00', currency: 'SGD', merchant_order_id: `funding-${sdk}`, description: 'Funding', return_url: 'https://shop.example/return', payment_method: pythonCard({ card_number: '4000000000000077' }) } },
      paymentIntent,
    );
    const balances = await caller.call('payment.balances.list', { query: { page_size: 10, page_number: 1 } }, paginated(paymentBalance));
    expect(balances.data.map((b) => b.currency)).toContain('SGD');
    const sgd = await caller.call('payment.balances.retrieve', { params: { currency: 'SGD' } }, paymentBalance);
    // 200.00 settled less the fees of docs/decisions/acquiring/settlements.md: 1.20 % (2.40), 0.15 % (0.30) and 0.30 USD at the mid rate (0.39 SGD).
    expect(sgd.available_balance).toBe('196.91');
    expect(sgd.pending_balance).toBe('0.00');
    const made = await caller.call(
      'payment.payouts.create',
      { body: { payout_currency: 'SGD', payout_amount: '150.00', statement_descriptor: 'Replay payout', internal_note: 'weekly sweep' } },
      paymentPayout,
    );
    expect(made).toMatchObject({ payout_currency: 'SGD', payout_amount: '150.00', payout_status: 'INITIATED', internal_note: 'weekly sweep' });
    const page = await caller.call('payment.payouts.list', { query: { page_size: 10, page_number: 1, payout_status: 'INITIATED' } }, paginated(paymentPayout));
    expect(page.data.map((p) => p.payout_id)).toEqual([made.payout_id]);
    expect((await caller.call('payment.payouts.retrieve', { params: { id: made.payout_id } }, paymentPayout)).payout_id).toBe(made.payout_id);
  });
});

describe.each(SDKS)('%s: terminals', (sdk) => {
  it('registers a terminal and fetches its PIN key, which decrypts under the key sent', async () => {
    const caller = callers[sdk];
    const registered = await caller.call('payment.terminals.register', { body: { firm_code: '03', firm_sn: `TG676SX${sdk.toUpperCase()}`, terminal_model: 'P1000' } }, registerTerminalResponse);
    expect(registered).toMatchObject({ firm_sn: `TG676SX${sdk.toUpperCase()}`, terminal_id: expect.stringMatching(/^1\d{7}$/) });
    const prvKey = randomBytes(32).toString('hex');
    const answer = await caller.call(names(sdk).pinKey, { body: { terminal_id: registered.terminal_id!, prv_key: prvKey } }, getPinKeyResponse);
    expect(answer.terminal_id).toBe(registered.terminal_id);
    const raw = Buffer.from(answer.encrypt_pin_key, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(prvKey, 'hex'), raw.subarray(0, 12), { authTagLength: 16 });
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    expect(Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString()).toMatch(/^[0-9A-F]{32}$/);
  });
});

replayedEveryMethod(__filename);
