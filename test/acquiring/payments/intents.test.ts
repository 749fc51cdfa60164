import { money } from '../../../src/platform/money/amount';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { ledgerBalance } from '../../support/ledger';
import { card, confirmedIntent, confirmIntent, createIntent, intentBody, merchant } from './fixtures';

let t: TestApp;
let c: Client;
let accountId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ c, id: accountId } = await merchant(t, 'Mug Shop'));
});
afterAll(() => t.close());

describe('PA1 create and PA2 retrieve', () => {
  it('creates an intent in REQUIRES_PAYMENT_METHOD with a client_secret, and retrieves it', async () => {
    const created = await createIntent(c, { metadata: { sku: 'MUG-1' } });
    expect(created).toMatchObject({
      amount: '100.00',
      currency: 'USD',
      intent_status: 'REQUIRES_PAYMENT_METHOD',
      captured_amount: '0.00',
      merchant_order_id: 'order-1',
      description: 'Blue mug',
      metadata: { sku: 'MUG-1' },
      available_payment_method_types: ['card'],
      next_action: null,
      latest_payment_attempt: null,
      complete_time: null,
      create_time: '2026-11-21T10:00:00.000Z',
    });
    expect(created.client_secret).toMatch(new RegExp(`^${created.payment_intent_id}_secret_`));
    expect(created).not.toHaveProperty('cancel_time');
    const got = await c.get(`/v2/payment_intents/${created.payment_intent_id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created);
  });

  it.each([
    [{ merchant_order_id: 'x'.repeat(37) }, "Invalid value for field 'merchant_order_id': must be at most 36 characters"],
    [{ description: 'x'.repeat(33) }, "Invalid value for field 'description': must be at most 32 characters"],
    [{ return_url: `https://a.example/${'x'.repeat(1010)}` }, "Invalid value for field 'return_url': must be at most 1024 characters"],
    [{ metadata: { note: 'x'.repeat(510) } }, "Invalid value for field 'metadata': must be at most 512 bytes as JSON"],
    [{ amount: 100 }, "Invalid type for field 'amount'"],
    [{ amount: '10.001' }, "Invalid value for field 'amount': USD amounts have at most 2 decimals"],
    [{ currency: undefined }, "Field 'currency' is required"],
    [{ merchant_order_id: undefined }, "Field 'merchant_order_id' is required"],
  ])('refuses %j with a 400 naming the field', async (extra, message) => {
    const res = await c.post('/v2/payment_intents/create', intentBody(extra));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message });
  });

  it('requires x-client-id with the exact 403 message, and refuses another key\'s client id', async () => {
    const bare = await clientOf(t, (await merchant(t, 'No header')).tenant);
    const res = await bare.post('/v2/payment_intents/create', intentBody());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, message: 'x-client-id or email cannot be empty' });
    const other = await merchant(t, 'Other');
    const wrong = await bare.withHeaders({ 'x-client-id': other.tenant.clientId }).get('/v2/payment_intents');
    expect(wrong.status).toBe(403);
  });

  it('answers another tenant\'s intent as unknown', async () => {
    const created = await createIntent(c);
    const other = await merchant(t, 'Stranger');
    const res = await other.c.get(`/v2/payment_intents/${created.payment_intent_id}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: 'payment intent not found' });
    expect((await other.c.get('/v2/payment_intents/not-a-uuid')).body.message).toBe('payment intent not found');
  });

  it('requires x-idempotency-key on PA3 and PA5 (catalogue I)', async () => {
    const created = await createIntent(c);
    const res = await c.post(`/v2/payment_intents/${created.payment_intent_id}`, { description: 'x' }, { key: null });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Idempotency key error');
  });
});

describe('client_secret: 60 minutes on the platform clock', () => {
  it('expires with a test-clock advance; confirm refuses the old one and retrieve issues a fresh one', async () => {
    const m = await merchant(t, 'Clocked shop');
    const created = await createIntent(m.c);
    const id = created.payment_intent_id;
    await m.c.post('/v1/simulation/clock/advance', { seconds: 3601 }, { key: null });
    const stale = await m.c.post(`/v2/payment_intents/${id}/confirm`, { ...card(), client_secret: created.client_secret });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe("Invalid value for field 'client_secret': it has expired; retrieve the PaymentIntent for a fresh one");
    const again = (await m.c.get(`/v2/payment_intents/${id}`)).body;
    expect(again.client_secret).not.toBe(created.client_secret);
    expect((await m.c.get(`/v2/payment_intents/${id}`)).body.client_secret).toBe(again.client_secret);
    const wrong = await m.c.post(`/v2/payment_intents/${id}/confirm`, { ...card(), client_secret: `${id}_secret_forged` });
    expect(wrong.body.message).toBe("Invalid value for field 'client_secret': it does not belong to this PaymentIntent");
    const confirmed = await m.c.post(`/v2/payment_intents/${id}/confirm`, { ...card(), client_secret: again.client_secret });
    expect(confirmed.body.intent_status).toBe('SUCCEEDED');
    expect(confirmed.body).not.toHaveProperty('client_secret');
  });
});

describe('PA4 confirm and PA5 capture', () => {
  it('captures at confirm by default: SUCCEEDED, the attempt recorded without the number, the capture posted', async () => {
    const pendingBefore = await ledgerBalance(t.services, accountId, 'USD', 'PAYMENT_PENDING');
    const done = await confirmedIntent(c);
    expect(done).toMatchObject({ intent_status: 'SUCCEEDED', captured_amount: '100.00', complete_time: '2026-11-21T10:00:00.000Z', next_action: null });
    expect(done.latest_payment_attempt).toMatchObject({
      attempt_status: 'CAPTURE_REQUESTED',
      amount: '100.00',
      captured_amount: '100.00',
      refunded_amount: '0.00',
      failure_code: '',
      auth_code: expect.stringMatching(/^\d{6}$/),
      authentication_data: { cvv_result: 'M', avs_result: 'Y', three_ds: null },
      payment_method: {
        type: 'card',
        card: { card_number: '424242******4242', bin: '424242', last4: '4242', brand: 'VISA', network: 'VISA', card_type: 'CREDIT', expiry_month: '12', expiry_year: '2030', auto_capture: true, card_name: 'Ada Lovelace' },
      },
    });
    expect(JSON.stringify(done)).not.toContain('4242424242424242');
    const row = await t.db.prisma.paymentAttempt.findUniqueOrThrow({ where: { id: done.latest_payment_attempt.attempt_id } });
    expect(JSON.stringify(row)).not.toMatch(/4242424242424242|"123"/);
    expect(row.cardFingerprint).toMatch(/^[\w-]{43}$/);
    expect(money(await ledgerBalance(t.services, accountId, 'USD', 'PAYMENT_PENDING')).minus(pendingBefore).toFixed()).toBe('100');
  });

  it('stops in REQUIRES_CAPTURE with auto_capture false, then captures part of the authorization', async () => {
    const held = await confirmedIntent(c, { autoCapture: false });
    expect(held).toMatchObject({ intent_status: 'REQUIRES_CAPTURE', captured_amount: '0.00', complete_time: null });
    expect(held.latest_payment_attempt.attempt_status).toBe('AUTHORIZED');
    const id = held.payment_intent_id;
    const tooMuch = await c.post(`/v2/payment_intents/${id}/capture`, { amount_to_capture: '100.01' });
    expect(tooMuch.body).toEqual({ code: 400, message: "Invalid value for field 'amount_to_capture': must not exceed the authorized amount 100.00" });
    const captured = await c.post(`/v2/payment_intents/${id}/capture`, { amount_to_capture: '60.00' });
    expect(captured.body).toMatchObject({ intent_status: 'SUCCEEDED', captured_amount: '60.00' });
    expect(captured.body.latest_payment_attempt).toMatchObject({ attempt_status: 'CAPTURE_REQUESTED', captured_amount: '60.00', amount: '100.00' });
    const entries = await t.db.prisma.journalEntry.findMany({ where: { referenceId: id } });
    expect(entries.map((e) => e.kind)).toEqual(['PAYMENT_CAPTURE']);
  });

  it('captures the whole authorization when amount_to_capture is left out', async () => {
    const held = await confirmedIntent(c, { autoCapture: false, amount: '42.50' });
    const captured = await c.post(`/v2/payment_intents/${held.payment_intent_id}/capture`, {});
    expect(captured.body).toMatchObject({ intent_status: 'SUCCEEDED', captured_amount: '42.50' });
  });

  it.each([
    ['4000000000000000', 'payment_method.card.number', 'the card number is not valid'],
    ['4242424242424242', 'payment_method.card.expiry_year', 'the card has expired', { expiry_month: '10', expiry_year: '2026' }],
    ['4242424242424242', 'payment_method.card.cvc', 'must be 3 digits for VISA', { cvc: '1234' }],
    ['378282246310005', 'payment_method.card.cvc', 'must be 4 digits for AMEX', { cvc: '123' }],
    ['4242424242424242', 'payment_method.card.billing.email', 'must be an email address', { billing: { email: 'nope' } }],
    ['4242424242424242', 'payment_method.card.billing.address.country_code', 'must be an ISO 3166-1 alpha-2 code', { billing: { address: { country_code: 'GBR' } } }],
  ] as [string, string, string, Record<string, unknown>?][])('checks the card %s: %s', async (number, field, rule, extra = {}) => {
    const intent = await createIntent(c);
    const res = await c.post(`/v2/payment_intents/${intent.payment_intent_id}/confirm`, card(number, extra));
    expect(res.body).toEqual({ code: 400, message: `Invalid value for field '${field}': ${rule}` });
    expect((await c.get(`/v2/payment_intents/${intent.payment_intent_id}`)).body.latest_payment_attempt).toBeNull();
  });

  it('accepts a card through the end of its expiry month on the platform clock', async () => {
    const intent = await createIntent(c);
    const res = await confirmIntent(c, intent.payment_intent_id, '4242424242424242', { expiry_month: '11', expiry_year: '2026' });
    expect(res.intent_status).toBe('SUCCEEDED');
  });
});

describe('the state machine: a 400 naming the state', () => {
  it('refuses capture before confirm, update after success, cancel after capture, confirm twice', async () => {
    const fresh = await createIntent(c);
    const capture = await c.post(`/v2/payment_intents/${fresh.payment_intent_id}/capture`, {});
    expect(capture.body).toEqual({ code: 400, message: 'You cannot capture this PaymentIntent because its intent_status is REQUIRES_PAYMENT_METHOD' });
    const done = await confirmedIntent(c);
    const id = done.payment_intent_id;
    expect((await c.post(`/v2/payment_intents/${id}`, { description: 'x' })).body).toEqual({ code: 400, message: 'You cannot update this PaymentIntent because its intent_status is SUCCEEDED' });
    expect((await c.post(`/v2/payment_intents/${id}/cancel`, {})).body).toEqual({ code: 400, message: 'You cannot cancel this PaymentIntent because its intent_status is SUCCEEDED' });
    expect((await c.post(`/v2/payment_intents/${id}/confirm`, card())).body).toEqual({ code: 400, message: 'You cannot confirm this PaymentIntent because its intent_status is SUCCEEDED' });
  });

  it('updates before confirm, and keeps amount fixed once authorized', async () => {
    const intent = await createIntent(c);
    const id = intent.payment_intent_id;
    const updated = await c.post(`/v2/payment_intents/${id}`, { amount: '12.34', description: 'Red mug', metadata: { a: '1' }, customer_id: 'cus_1' });
    expect(updated.body).toMatchObject({ amount: '12.34', description: 'Red mug', metadata: { a: '1' }, customer_id: 'cus_1', intent_status: 'REQUIRES_PAYMENT_METHOD' });
    expect(updated.body).not.toHaveProperty('client_secret');
    expect((await c.post(`/v2/payment_intents/${id}`, { customer_id: 'c', customer: { name: 'x' } })).body.message).toBe("Invalid value for field 'customer': leave it out when customer_id is given");
    const held = await confirmedIntent(c, { autoCapture: false });
    const changed = await c.post(`/v2/payment_intents/${held.payment_intent_id}`, { amount: '1.00' });
    expect(changed.body).toEqual({ code: 400, message: "Invalid value for field 'amount': it cannot change while intent_status is REQUIRES_CAPTURE" });
    expect((await c.post(`/v2/payment_intents/${held.payment_intent_id}`, { description: 'Gift' })).body.description).toBe('Gift');
  });

  it('cancels: cancel_time only when CANCELLED, complete_time set, an authorization released', async () => {
    const held = await confirmedIntent(c, { autoCapture: false });
    const res = await c.post(`/v2/payment_intents/${held.payment_intent_id}/cancel`, { cancellation_reason: 'requested_by_customer' });
    expect(res.body).toMatchObject({
      intent_status: 'CANCELLED',
      cancellation_reason: 'requested_by_customer',
      cancel_time: '2026-11-21T10:00:00.000Z',
      complete_time: '2026-11-21T10:00:00.000Z',
    });
    expect(res.body.latest_payment_attempt.attempt_status).toBe('CANCELLED');
    expect((await c.post(`/v2/payment_intents/${held.payment_intent_id}/capture`, {})).body.message).toBe('You cannot capture this PaymentIntent because its intent_status is CANCELLED');
    const bad = await c.post(`/v2/payment_intents/${held.payment_intent_id}/cancel`, { cancellation_reason: 'bored' });
    expect(bad.body.message).toBe("Invalid value for field 'cancellation_reason': must be one of duplicate, fraudulent, requested_by_customer, abandoned");
  });

  it('releases an authorization left uncaptured for 7 days: CANCELLED on the clock', async () => {
    const m = await merchant(t, 'Forgetful shop');
    const held = await confirmedIntent(m.c, { autoCapture: false });
    await m.c.post('/v1/simulation/clock/advance', { seconds: 7 * 24 * 3600 - 60 }, { key: null });
    expect((await m.c.get(`/v2/payment_intents/${held.payment_intent_id}`)).body.intent_status).toBe('REQUIRES_CAPTURE');
    await m.c.post('/v1/simulation/clock/advance', { seconds: 60 }, { key: null });
    const after = (await m.c.get(`/v2/payment_intents/${held.payment_intent_id}`)).body;
    expect(after).toMatchObject({ intent_status: 'CANCELLED', cancellation_reason: 'abandoned', cancel_time: '2026-11-28T10:00:00.000Z' });
    expect(after.latest_payment_attempt.attempt_status).toBe('EXPIRED');
    expect(await ledgerBalance(t.services, m.id, 'USD', 'PAYMENT_PENDING')).toBe('0');
  });
});

describe('PA7 list, PA12 and PA13 attempts', () => {
  it('lists intents newest first with filters, and attempts by intent', async () => {
    const m = await merchant(t, 'Lister');
    const a = await createIntent(m.c, { merchant_order_id: 'A' });
    t.clock.advance(1);
    const b = await confirmedIntent(m.c, { autoCapture: false });
    const all = await m.c.get('/v2/payment_intents', { page_size: 10 });
    expect(all.body.total_items).toBe(2);
    expect(all.body.data.map((i: { payment_intent_id: string }) => i.payment_intent_id)).toEqual([b.payment_intent_id, a.payment_intent_id]);
    expect(all.body.data[0].latest_payment_attempt.attempt_status).toBe('AUTHORIZED');
    const held = await m.c.get('/v2/payment_intents', { intent_status: 'REQUIRES_CAPTURE' });
    expect(held.body.data.map((i: { payment_intent_id: string }) => i.payment_intent_id)).toEqual([b.payment_intent_id]);
    const bad = await m.c.get('/v2/payment_intents', { intent_status: 'DONE' });
    expect(bad.status).toBe(400);
    const attempts = await m.c.get('/v2/payment/payment_attempts', { payment_intent_id: b.payment_intent_id });
    expect(attempts.body.total_items).toBe(1);
    const attemptId = attempts.body.data[0].attempt_id;
    const one = await m.c.get(`/v2/payment/payment_attempts/${attemptId}`);
    expect(one.body).toEqual(b.latest_payment_attempt);
    expect((await c.get(`/v2/payment/payment_attempts/${attemptId}`)).body).toEqual({ code: 400, message: 'payment attempt not found' });
  });
});
