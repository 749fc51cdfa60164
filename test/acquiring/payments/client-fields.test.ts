import { startTestApp, type TestApp } from '../../support/app';
import type { Client, Json } from '../../support/client';
import { advance } from '../../support/sandbox';
import { createIntent, intentBody, merchant } from './fixtures';

/**
 * The card as the official clients send it (the Python client's TypedDict: card_number,
 * expiry_month, expiry_year, cvc, network, billing, auto_capture, authorization_type,
 * three_ds_action, three_ds; its browser_info), beside the provider's own spelling
 * (number, exp_month, exp_year), on confirm (PA4) and on create (PA1).
 */
let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await merchant(t, 'Client fields shop'));
});
afterAll(() => t.close());

const billing = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone_number: '+44 20 7946 0000',
  address: { country_code: 'GB', state: 'London', city: 'London', street: '12 St James Sq', postcode: 'SW1Y 4JH' },
};

/** payment_method as the Python client types it, every required member present. */
const clientCard = (card: Json = {}) => ({
  type: 'card',
  card: {
    card_name: 'Ada Lovelace',
    card_number: '4242424242424242',
    expiry_month: '12',
    expiry_year: '2030',
    cvc: '123',
    network: 'visa',
    billing,
    authorization_type: 'authorization',
    three_ds_action: 'skip_3ds',
    ...card,
  },
});

const browserInfo = {
  accept_header: 'text/html',
  browser: { java_enabled: false, javascript_enabled: true, user_agent: 'Mozilla/5.0' },
  device_id: 'device-1',
  language: 'en-GB',
  location: { lat: '51.5', lon: '-0.12' },
  mobile: { device_model: 'Pixel 8', os_type: 'ANDROID', os_version: '15' },
  screen_color_depth: 24,
  screen_height: 1080,
  screen_width: 1920,
  timezone: '0',
};

const confirm = async (body: Json, who: Client = c) => {
  const intent = await createIntent(who);
  return who.post(`/v2/payment_intents/${intent.payment_intent_id}/confirm`, body);
};

describe("the official clients' card", () => {
  it('confirms with card_number, expiry_month, expiry_year, network, billing and the client enums', async () => {
    const res = await confirm({ payment_method: clientCard(), ip_address: '203.0.113.7', browser_info: browserInfo });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ intent_status: 'SUCCEEDED', captured_amount: '100.00' });
    expect(res.body.latest_payment_attempt.payment_method.card).toMatchObject({
      card_number: '424242******4242',
      network: 'VISA',
      authorization_type: 'FINAL_AUTH',
      expiry_month: '12',
      expiry_year: '2030',
      auto_capture: true,
      billing: { first_name: 'Ada', address: { street: '12 St James Sq', postcode: 'SW1Y 4JH' } },
    });
    expect(res.body.latest_payment_attempt.authentication_data).toEqual({ cvv_result: 'M', avs_result: 'Y', three_ds: null });
  });

  it("keeps accepting the provider's number, exp_month and exp_year", async () => {
    const res = await confirm({ payment_method: { type: 'card', card: { number: '5555555555554444', exp_month: '7', exp_year: '2031', cvc: '321' } } });
    expect(res.body).toMatchObject({ intent_status: 'SUCCEEDED' });
    expect(res.body.latest_payment_attempt.payment_method.card).toMatchObject({ network: 'MASTERCARD', expiry_month: '07', expiry_year: '2031' });
  });

  it('accepts both spellings of one member when they agree, and refuses them when they differ', async () => {
    const same = await confirm({ payment_method: clientCard({ number: '4242424242424242' }) });
    expect(same.body.intent_status).toBe('SUCCEEDED');
    const different = await confirm({ payment_method: clientCard({ exp_year: '2029' }) });
    expect(different.body).toEqual({ code: 400, message: "Invalid value for field 'payment_method.card.exp_year': send it or expiry_year, not both with different values" });
  });

  it('names a refused card field as the caller spelled it', async () => {
    const theirs = await confirm({ payment_method: clientCard({ card_number: '4000000000000000' }) });
    expect(theirs.body).toEqual({ code: 400, message: "Invalid value for field 'payment_method.card.card_number': the card number is not valid" });
    const provider = await confirm({ payment_method: { type: 'card', card: { number: '4242424242424242', exp_month: '13', exp_year: '2030', cvc: '123' } } });
    expect(provider.body).toEqual({ code: 400, message: "Invalid value for field 'payment_method.card.exp_month': must be a month, 01 to 12" });
    const none = await confirm({ payment_method: { type: 'card', card: { expiry_month: '12', expiry_year: '2030', cvc: '123' } } });
    expect(none.body).toEqual({ code: 400, message: "Field 'payment_method.card.card_number' is required" });
  });

  it('checks network against the card number', async () => {
    const wrong = await confirm({ payment_method: clientCard({ network: 'mastercard' }) });
    expect(wrong.body).toEqual({ code: 400, message: "Invalid value for field 'payment_method.card.network': the card number is a VISA card" });
    const unknown = await confirm({ payment_method: clientCard({ network: 'amex' }) });
    expect(unknown.body).toEqual({ code: 400, message: "Invalid value for field 'payment_method.card.network': must be one of visa, mastercard, unionpay" });
    const unionpay = await confirm({ payment_method: clientCard({ card_number: '6200000000000005', network: 'unionpay' }) });
    expect(unionpay.body.latest_payment_attempt.payment_method.card.network).toBe('UNIONPAY');
  });

  it('checks the types of browser_info', async () => {
    const res = await confirm({ payment_method: clientCard(), browser_info: { ...browserInfo, screen_height: '1080' } });
    expect(res.body).toEqual({ code: 400, message: "Invalid type for field 'browser_info.screen_height'" });
    const os = await confirm({ payment_method: clientCard(), browser_info: { ...browserInfo, mobile: { os_type: 'WINDOWS' } } });
    expect(os.body).toEqual({ code: 400, message: "Invalid value for field 'browser_info.mobile.os_type': must be one of IOS, ANDROID" });
  });
});

describe('authorization_type', () => {
  it('authorization: captured at once by default, held for a capture with auto_capture false', async () => {
    expect((await confirm({ payment_method: clientCard() })).body.intent_status).toBe('SUCCEEDED');
    const held = await confirm({ payment_method: clientCard({ auto_capture: false }) });
    expect(held.body).toMatchObject({ intent_status: 'REQUIRES_CAPTURE', latest_payment_attempt: { attempt_status: 'AUTHORIZED' } });
  });

  it('pre_authorization: never captured at confirm, answered as PRE_AUTH, and refused with auto_capture true', async () => {
    const pre = await confirm({ payment_method: clientCard({ authorization_type: 'pre_authorization' }) });
    expect(pre.body).toMatchObject({ intent_status: 'REQUIRES_CAPTURE', captured_amount: '0.00' });
    expect(pre.body.latest_payment_attempt.payment_method.card).toMatchObject({ authorization_type: 'PRE_AUTH', auto_capture: false });
    const captured = await c.post(`/v2/payment_intents/${pre.body.payment_intent_id}/capture`, { amount_to_capture: '80.00' });
    expect(captured.body).toMatchObject({ intent_status: 'SUCCEEDED', captured_amount: '80.00' });
    const contradiction = await confirm({ payment_method: clientCard({ authorization_type: 'pre_authorization', auto_capture: true }) });
    expect(contradiction.body).toEqual({ code: 400, message: "Invalid value for field 'payment_method.card.auto_capture': must be false when authorization_type is pre_authorization" });
    const unknown = await confirm({ payment_method: clientCard({ authorization_type: 'incremental' }) });
    expect(unknown.body).toEqual({ code: 400, message: "Invalid value for field 'payment_method.card.authorization_type': must be one of authorization, pre_authorization" });
  });

  it('holds a pre-authorization 30 days on the clock, where a final authorization is released after 7', async () => {
    const m = await merchant(t, 'Hotel');
    const pre = (await confirm({ payment_method: clientCard({ authorization_type: 'pre_authorization' }) }, m.c)).body;
    const final = (await confirm({ payment_method: clientCard({ auto_capture: false }) }, m.c)).body;
    await advance(m.c, 7 * 24 * 3600);
    expect((await m.c.get(`/v2/payment_intents/${final.payment_intent_id}`)).body).toMatchObject({ intent_status: 'CANCELLED', cancellation_reason: 'abandoned' });
    expect((await m.c.get(`/v2/payment_intents/${pre.payment_intent_id}`)).body.intent_status).toBe('REQUIRES_CAPTURE');
    await advance(m.c, 23 * 24 * 3600 - 60);
    expect((await m.c.get(`/v2/payment_intents/${pre.payment_intent_id}`)).body.intent_status).toBe('REQUIRES_CAPTURE');
    await advance(m.c, 60);
    const released = (await m.c.get(`/v2/payment_intents/${pre.payment_intent_id}`)).body;
    expect(released).toMatchObject({ intent_status: 'CANCELLED', cancellation_reason: 'abandoned', latest_payment_attempt: { attempt_status: 'EXPIRED' } });
  });
});

describe('three_ds_action', () => {
  it('enforce_3ds challenges a card that needs no authentication; completing it captures as a confirm would', async () => {
    const res = await confirm({ payment_method: clientCard({ three_ds_action: 'enforce_3ds' }), ip_address: '203.0.113.7', browser_info: browserInfo });
    expect(res.body).toMatchObject({ intent_status: 'REQUIRES_CUSTOMER_ACTION', next_action: { type: 'redirect_to_url' } });
    expect(res.body.latest_payment_attempt).toMatchObject({ attempt_status: 'AUTHENTICATION_REDIRECTED', authentication_data: { cvv_result: 'M', three_ds: { three_ds_authentication_status: 'C' } } });
    const page = new URL(res.body.next_action.redirect_to_url.url).pathname;
    expect((await t.inject({ method: 'POST', url: `${page}/complete` })).statusCode).toBe(303);
    const after = (await c.get(`/v2/payment_intents/${res.body.payment_intent_id}`)).body;
    expect(after).toMatchObject({ intent_status: 'SUCCEEDED', captured_amount: '100.00' });
    expect(after.latest_payment_attempt.authentication_data.three_ds).toMatchObject({ three_ds_authentication_status: 'Y', eci: '05' });
  });

  it('enforce_3ds keeps the frictionless card frictionless and a declined card declined', async () => {
    const frictionless = await confirm({ payment_method: clientCard({ card_number: '4000000000003055', three_ds_action: 'enforce_3ds' }), ip_address: '203.0.113.7', browser_info: browserInfo });
    expect(frictionless.body).toMatchObject({ intent_status: 'SUCCEEDED', latest_payment_attempt: { authentication_data: { three_ds: { three_ds_authentication_status: 'Y' } } } });
    const declined = await confirm({ payment_method: clientCard({ card_number: '4000000000009995', three_ds_action: 'enforce_3ds' }), ip_address: '203.0.113.7', browser_info: browserInfo });
    expect(declined.body).toMatchObject({ intent_status: 'REQUIRES_PAYMENT_METHOD', latest_payment_attempt: { attempt_status: 'FAILED', failure_code: 'insufficient_funds' } });
  });

  it('enforce_3ds needs ip_address and browser_info, sent with the confirm or at create', async () => {
    const noIp = await confirm({ payment_method: clientCard({ three_ds_action: 'enforce_3ds' }), browser_info: browserInfo });
    expect(noIp.body).toEqual({ code: 400, message: "Field 'ip_address' is required when 'payment_method.card.three_ds_action' is enforce_3ds" });
    const noBrowser = await confirm({ payment_method: clientCard({ three_ds_action: 'enforce_3ds' }), ip_address: '203.0.113.7' });
    expect(noBrowser.body).toEqual({ code: 400, message: "Field 'browser_info' is required when 'payment_method.card.three_ds_action' is enforce_3ds" });
    const intent = await createIntent(c, { ip_address: '203.0.113.7', browser_info: browserInfo });
    const fromCreate = await c.post(`/v2/payment_intents/${intent.payment_intent_id}/confirm`, { payment_method: clientCard({ three_ds_action: 'enforce_3ds' }) });
    expect(fromCreate.body.intent_status).toBe('REQUIRES_CUSTOMER_ACTION');
  });

  it('sends the customer back to three_ds.return_url when the caller gives one', async () => {
    const res = await confirm({
      payment_method: clientCard({ card_number: '4000000000003220', three_ds_action: 'enforce_3ds', three_ds: { return_url: 'https://shop.example/3ds-done', ds_transaction_id: 'ds-1' } }),
      ip_address: '203.0.113.7',
      browser_info: browserInfo,
    });
    expect(res.body.next_action.redirect_to_url.return_url).toBe('https://shop.example/3ds-done');
    expect(res.body.return_url).toBe('https://shop.example/return');
  });

  it('skip_3ds authorizes the frictionless card without 3-D Secure and declines the card that requires it', async () => {
    const frictionless = await confirm({ payment_method: clientCard({ card_number: '4000000000003055' }) });
    expect(frictionless.body).toMatchObject({ intent_status: 'SUCCEEDED', latest_payment_attempt: { authentication_data: { three_ds: null } } });
    const required = await confirm({ payment_method: clientCard({ card_number: '4000000000003220' }) });
    expect(required.body).toMatchObject({ intent_status: 'REQUIRES_PAYMENT_METHOD', next_action: null });
    expect(required.body.latest_payment_attempt).toMatchObject({ attempt_status: 'FAILED', failure_code: 'authentication_required', advice_code: '02' });
    const retried = await c.post(`/v2/payment_intents/${required.body.payment_intent_id}/confirm`, {
      payment_method: clientCard({ card_number: '4000000000003220', three_ds_action: 'enforce_3ds' }),
      ip_address: '203.0.113.7',
      browser_info: browserInfo,
    });
    expect(retried.body.intent_status).toBe('REQUIRES_CUSTOMER_ACTION');
  });

  it('refuses a value the clients do not name', async () => {
    const res = await confirm({ payment_method: clientCard({ three_ds_action: 'maybe' }) });
    expect(res.body).toEqual({ code: 400, message: "Invalid value for field 'payment_method.card.three_ds_action': must be one of enforce_3ds, skip_3ds" });
  });
});

describe('PA1 with a payment_method', () => {
  it('creates and confirms in one commit, with the client_secret of a create', async () => {
    const res = await c.post('/v2/payment_intents/create', intentBody({ merchant_order_id: 'direct-1', payment_method: clientCard(), browser_info: browserInfo }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ intent_status: 'SUCCEEDED', captured_amount: '100.00', latest_payment_attempt: { attempt_status: 'CAPTURE_REQUESTED' } });
    expect(res.body.client_secret).toMatch(/_secret_/);
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: res.body.payment_intent_id }, orderBy: { seq: 'asc' } });
    expect(events.map((e) => e.eventName)).toEqual(['payment_intent.create.succeeded', 'payment_intent.confirm.succeeded', 'payment_intent.capture.succeeded']);
  });

  it("takes the provider's spelling too, and writes nothing when the card is refused", async () => {
    const held = await c.post('/v2/payment_intents/create', intentBody({ merchant_order_id: 'direct-2', payment_method: { type: 'card', card: { number: '4242424242424242', exp_month: '12', exp_year: '2030', cvc: '123', auto_capture: false } } }));
    expect(held.body.intent_status).toBe('REQUIRES_CAPTURE');
    const refused = await c.post('/v2/payment_intents/create', intentBody({ merchant_order_id: 'direct-3', payment_method: { type: 'card', card: { number: '4242424242424241', exp_month: '12', exp_year: '2030', cvc: '123' } } }));
    expect(refused.body).toEqual({ code: 400, message: "Invalid value for field 'payment_method.card.number': the card number is not valid" });
    expect(await t.db.prisma.paymentIntent.count({ where: { merchantOrderId: 'direct-3' } })).toBe(0);
  });
});

describe('PA5 amount_to_capture', () => {
  it('takes the JSON number the Python client sends as well as the string of the spec and the Node client', async () => {
    const held = await confirm({ payment_method: clientCard({ auto_capture: false }) });
    const captured = await c.post(`/v2/payment_intents/${held.body.payment_intent_id}/capture`, { amount_to_capture: 60.5 });
    expect(captured.body).toMatchObject({ intent_status: 'SUCCEEDED', captured_amount: '60.50' });
    const other = await confirm({ payment_method: clientCard({ auto_capture: false }) });
    const tooPrecise = await c.post(`/v2/payment_intents/${other.body.payment_intent_id}/capture`, { amount_to_capture: 10.005 });
    expect(tooPrecise.body).toEqual({ code: 400, message: "Invalid value for field 'amount_to_capture': USD amounts have at most 2 decimals" });
  });
});
