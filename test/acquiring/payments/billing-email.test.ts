import { BILLING_EMAIL } from '../../../src/domain/acquiring/payments/rules';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { card, createIntent, merchant } from './fixtures';

/**
 * `payment_method.card.billing.email`: its length is checked first and aborts, and its pattern reads
 * each character one way (the CPU it costs on 1 MiB values: test/unit/untrusted-input-cpu.test.ts).
 */
let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await merchant(t, 'Billing email shop'));
});
afterAll(() => t.close());

const confirmWithEmail = async (email: string) => {
  const intent = await createIntent(c);
  const body = card('4242424242424242', { billing: { first_name: 'Ada', email } });
  return c.post(`/v2/payment_intents/${intent.payment_intent_id}/confirm`, body);
};

describe('the billing email on confirm', () => {
  it("refuses a@, 40,000 dots and @ by its length, naming the field", async () => {
    const res = await confirmWithEmail(`a@${'.'.repeat(40_000)}@`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid value for field 'payment_method\.card\.billing\.email': .*254/);
  });

  it('refuses an address without a dot inside its domain, and confirms with one', async () => {
    for (const bad of ['ada@example', 'ada@example.', 'ada@.com', 'ada example@x.com', 'a@b@c.com']) {
      const res = await confirmWithEmail(bad);
      expect([bad, res.status, res.body.message]).toEqual([bad, 400, "Invalid value for field 'payment_method.card.billing.email': must be an email address"]);
    }
    expect((await confirmWithEmail('ada@mail.example.com')).status).toBe(200);
  });

  it('accepts exactly what the earlier pattern accepted, on every short value over the characters that matter', () => {
    // The earlier pattern: right, but its two `[^\s@]+` around the dot read a run of dots in every
    // split, the square of the run's length.
    const OLD = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const alphabet = ['a', '.', '@', ' ', 'b'];
    const all = (len: number): string[] => (len === 0 ? [''] : all(len - 1).flatMap((s) => alphabet.map((ch) => s + ch)));
    const differ: string[] = [];
    for (let len = 0; len <= 7; len++) differ.push(...all(len).filter((v) => BILLING_EMAIL.test(v) !== OLD.test(v)));
    expect(differ).toEqual([]);
  });
});
