import { TEST_CARDS, luhnValid } from '../../../src/domain/acquiring/payments/cards/test-cards';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { card, confirmIntent, createIntent, merchant } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await merchant(t, 'Card tester'));
});
afterAll(() => t.close());

const confirmWith = async (number: string, extra: Record<string, unknown> = {}) => {
  const intent = await createIntent(c);
  return confirmIntent(c, intent.payment_intent_id, number, extra);
};

describe('the test card table (docs/acquiring.md "Test cards")', () => {
  it('holds only numbers that pass Luhn', () => {
    for (const { number } of TEST_CARDS) expect(luhnValid(number)).toBe(true);
  });

  it.each([
    ['4242424242424242', 'VISA'],
    ['5555555555554444', 'MASTERCARD'],
    ['378282246310005', 'AMEX'],
    ['4012888888881881', 'VISA'],
  ])('authorizes %s (%s); unknown valid numbers succeed too', async (number, network) => {
    const res = await confirmWith(number);
    expect(res.intent_status).toBe('SUCCEEDED');
    expect(res.latest_payment_attempt.payment_method.card).toMatchObject({ network, brand: network, last4: number.slice(-4) });
  });

  it.each([
    ['4000000000009995', 'insufficient_funds', '01', 'REQUIRES_PAYMENT_METHOD'],
    ['4000000000000002', 'do_not_honor', '02', 'REQUIRES_PAYMENT_METHOD'],
    ['4000000000000069', 'expired_card', '02', 'REQUIRES_PAYMENT_METHOD'],
    ['4000000000000127', 'incorrect_cvc', '01', 'REQUIRES_PAYMENT_METHOD'],
    ['4000000000009987', 'lost_card', '03', 'FAILED'],
    ['4000000000009979', 'stolen_card', '03', 'FAILED'],
    ['4100000000000019', 'fraudulent', '03', 'FAILED'],
  ])('declines %s with failure_code %s (advice %s): the intent is %s', async (number, failureCode, adviceCode, status) => {
    const res = await confirmWith(number);
    expect(res).toMatchObject({ intent_status: status, captured_amount: '0.00', next_action: null });
    expect(res.latest_payment_attempt).toMatchObject({ attempt_status: 'FAILED', failure_code: failureCode, advice_code: adviceCode, auth_code: null });
    expect(res.complete_time).toBe(status === 'FAILED' ? '2026-11-21T10:00:00.000Z' : null);
    expect(await t.db.prisma.journalEntry.count({ where: { referenceId: res.payment_intent_id } })).toBe(0);
  });

  it('lets a soft-declined intent be confirmed again with another card', async () => {
    const intent = await createIntent(c);
    const declined = await confirmIntent(c, intent.payment_intent_id, '4000000000009995');
    const retried = await confirmIntent(c, intent.payment_intent_id, '4242424242424242');
    expect(retried.intent_status).toBe('SUCCEEDED');
    expect(retried.latest_payment_attempt.attempt_id).not.toBe(declined.latest_payment_attempt.attempt_id);
    const attempts = await c.get('/v2/payment/payment_attempts', { payment_intent_id: intent.payment_intent_id });
    expect(attempts.body.data.map((a: { attempt_status: string }) => a.attempt_status).sort()).toEqual(['CAPTURE_REQUESTED', 'FAILED']);
  });

  it.each([
    ['4000000000000101', { cvv_result: 'N', avs_result: 'Y' }],
    ['4000000000000010', { cvv_result: 'M', avs_result: 'N' }],
  ])('authorizes %s although a check fails (%j)', async (number, checks) => {
    const res = await confirmWith(number);
    expect(res.intent_status).toBe('SUCCEEDED');
    expect(res.latest_payment_attempt.authentication_data).toMatchObject(checks);
  });

  it('reports avs_result U when no billing address is sent', async () => {
    const res = await confirmWith('4242424242424242', { billing: { first_name: 'Ada' } });
    expect(res.latest_payment_attempt.authentication_data.avs_result).toBe('U');
  });

  it('captures 4000000000000606 PENDING until the network answers 2 seconds later on the clock: posted then', async () => {
    const m = await merchant(t, 'Pending shop');
    const intent = await createIntent(m.c);
    const pending = await confirmIntent(m.c, intent.payment_intent_id, '4000000000000606');
    expect(pending).toMatchObject({ intent_status: 'PENDING', captured_amount: '100.00', complete_time: null });
    expect(pending.latest_payment_attempt).toMatchObject({ attempt_status: 'CAPTURE_REQUESTED', captured_amount: '100.00' });
    expect(await t.db.prisma.journalEntry.count({ where: { referenceId: intent.payment_intent_id } })).toBe(0);
    const cancel = await m.c.post(`/v2/payment_intents/${intent.payment_intent_id}/cancel`, {});
    expect(cancel.body.message).toBe('You cannot cancel this PaymentIntent because its intent_status is PENDING');
    await m.c.post('/v1/simulation/clock/advance', { seconds: 2 }, { key: null });
    const done = (await m.c.get(`/v2/payment_intents/${intent.payment_intent_id}`)).body;
    expect(done).toMatchObject({ intent_status: 'SUCCEEDED', complete_time: '2026-11-21T10:00:02.000Z' });
    expect(await t.db.prisma.journalEntry.count({ where: { referenceId: intent.payment_intent_id, kind: 'PAYMENT_CAPTURE' } })).toBe(1);
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: intent.payment_intent_id }, orderBy: { createdAt: 'asc' } });
    // Events of one commit share a time: compared as a set.
    expect(events.map((e) => e.eventName).sort()).toEqual([
      'payment_intent.capture.pending', 'payment_intent.capture.succeeded', 'payment_intent.confirm.succeeded', 'payment_intent.create.succeeded',
    ]);
    expect(events.every((e) => e.eventType === 'ACQUIRING')).toBe(true);
  });

  it('authenticates 4000000000003055 frictionlessly and authorizes', async () => {
    const res = await confirmWith('4000000000003055');
    expect(res.intent_status).toBe('SUCCEEDED');
    expect(res.latest_payment_attempt.authentication_data.three_ds).toMatchObject({ three_ds_version: '2.2.0', eci: '05', three_ds_authentication_status: 'Y', three_ds_cancellation_reason: '' });
  });

  it('asks 4000000000003220 for a challenge: REQUIRES_CUSTOMER_ACTION with a same-origin redirect_to_url', async () => {
    const res = await confirmWith('4000000000003220');
    expect(res).toMatchObject({ intent_status: 'REQUIRES_CUSTOMER_ACTION', captured_amount: '0.00' });
    expect(res.next_action).toEqual({
      type: 'redirect_to_url',
      redirect_to_url: { url: expect.stringMatching(/^http:\/\/localhost(:80)?\/pay\/3ds\/[0-9a-f-]{36}\.[\w-]{43}$/), return_url: 'https://shop.example/return' },
    });
    expect(res.latest_payment_attempt).toMatchObject({ attempt_status: 'AUTHENTICATION_REDIRECTED', authentication_data: { three_ds: { three_ds_authentication_status: 'C' } } });
    const capture = await c.post(`/v2/payment_intents/${res.payment_intent_id}/capture`, {});
    expect(capture.body.message).toBe('You cannot capture this PaymentIntent because its intent_status is REQUIRES_CUSTOMER_ACTION');
  });

  it('refuses a forged or used challenge link', async () => {
    const res = await confirmWith('4000000000003220');
    const path = new URL(res.next_action.redirect_to_url.url).pathname;
    const forged = path.replace(/.$/, (ch: string) => (ch === 'A' ? 'B' : 'A'));
    expect((await t.inject({ method: 'GET', url: forged })).statusCode).toBe(400);
    const page = await t.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('Fail authentication');
    const failed = await t.inject({ method: 'POST', url: `${path}/fail` });
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`https://shop.example/return?payment_intent_id=${res.payment_intent_id}`);
    const after = (await c.get(`/v2/payment_intents/${res.payment_intent_id}`)).body;
    expect(after).toMatchObject({ intent_status: 'REQUIRES_PAYMENT_METHOD', next_action: null });
    expect(after.latest_payment_attempt).toMatchObject({ attempt_status: 'FAILED', failure_code: 'authentication_failed', authentication_data: { three_ds: { three_ds_authentication_status: 'N' } } });
    expect((await t.inject({ method: 'POST', url: `${path}/complete` })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: path })).statusCode).toBe(400);
  });

  it('never puts the card number or the CVC into the logs', async () => {
    await confirmWith('4000000000009995');
    await c.post('/v2/payment_intents/create', { ...card('4242424242424242', { cvc: '987' }) });
    const all = t.rawLogs.join('\n');
    expect(all).not.toContain('4242424242424242');
    expect(all).not.toContain('4000000000009995');
  });
});
