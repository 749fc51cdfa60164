import { IntentPool } from '../../bench/payment-intents';
import { startTestApp, type TestApp } from '../support/app';
import type { Client } from '../support/client';
import { card, confirmedIntent, createIntent, merchant } from '../acquiring/payments/fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await merchant(t, 'Bench shop'));
});
afterAll(() => t.close());

describe('the bench intent pools (payment confirm and capture scenarios)', () => {
  it('copies an open intent into intents payrail confirms once each', async () => {
    const template = await createIntent(c);
    const pool = new IntentPool(t.url, { intentId: template.payment_intent_id });
    await pool.ensure(2);
    const [a, b] = [pool.take(), pool.take()];
    expect(pool.take()).toBe(template.payment_intent_id);
    expect(pool.misses).toBe(1);
    for (const id of [a, b]) expect((await c.post(`/v2/payment_intents/${id}/confirm`, card())).body.intent_status).toBe('SUCCEEDED');
    expect((await c.post(`/v2/payment_intents/${a}/confirm`, card())).status).toBe(400);
  });

  it('copies an authorized intent with its attempt into intents payrail captures', async () => {
    const held = await confirmedIntent(c, { autoCapture: false });
    const pool = new IntentPool(t.url, { intentId: held.payment_intent_id, attemptId: held.latest_payment_attempt.attempt_id });
    await pool.ensure(1);
    const id = pool.take();
    const copy = (await c.get(`/v2/payment_intents/${id}`)).body;
    expect(copy).toMatchObject({ intent_status: 'REQUIRES_CAPTURE', latest_payment_attempt: { attempt_status: 'AUTHORIZED', payment_intent_id: id } });
    expect(copy.latest_payment_attempt.attempt_id).not.toBe(held.latest_payment_attempt.attempt_id);
    expect((await c.post(`/v2/payment_intents/${id}/capture`, {})).body.intent_status).toBe('SUCCEEDED');
  });
});
