import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { call } from './fixtures';

/**
 * Payment acceptance (issue 8) in the bench: a scenario is one request shape, so the intents each
 * request consumes are made before the run. Two templates are made through payrail's API — an
 * intent waiting for a card, and one authorized with auto_capture false — and the pools hold
 * copies of them that differ only in their ids (SQL, column by column whatever the columns are).
 * Both servers draw from the same pools.
 */
export interface PaymentTemplates {
  /** REQUIRES_PAYMENT_METHOD: what `payment confirm` confirms. */
  openIntentId: string;
  /** REQUIRES_CAPTURE with an AUTHORIZED attempt: what `payment capture` captures. */
  authorizedIntentId: string;
  authorizedAttemptId: string;
  /** SUCCEEDED, a large capture: what `payment refund` refunds a cent of, again and again. */
  refundableIntentId: string;
}

export const benchCard = {
  payment_method: { type: 'card', card: { number: '4242424242424242', expiry_month: '12', expiry_year: '2035', cvc: '123', card_name: 'Bench Card' } },
};

const intentBody = { amount: '10.00', currency: 'USD', merchant_order_id: 'bench', description: 'bench', return_url: 'https://bench.example/return' };

export async function makePaymentTemplates(base: string, auth: Record<string, string>, clientId: string): Promise<PaymentTemplates> {
  const headers = () => ({ ...auth, 'x-client-id': clientId, 'x-idempotency-key': randomUUID() });
  const open = await call(base, 'POST', '/api/v2/payment_intents/create', headers(), intentBody);
  const held = await call(base, 'POST', '/api/v2/payment_intents/create', headers(), intentBody);
  const confirmed = await call(base, 'POST', `/api/v2/payment_intents/${String(held.payment_intent_id)}/confirm`, headers(), {
    payment_method: { ...benchCard.payment_method, card: { ...benchCard.payment_method.card, auto_capture: false } },
  });
  const attempt = confirmed.latest_payment_attempt as { attempt_id: string };
  const large = await call(base, 'POST', '/api/v2/payment_intents/create', headers(), { ...intentBody, amount: '1000000.00' });
  await call(base, 'POST', `/api/v2/payment_intents/${String(large.payment_intent_id)}/confirm`, headers(), benchCard);
  return {
    openIntentId: String(open.payment_intent_id),
    authorizedIntentId: String(held.payment_intent_id),
    authorizedAttemptId: attempt.attempt_id,
    refundableIntentId: String(large.payment_intent_id),
  };
}

/** Copies of one template intent (and its attempt, when it has one), handed out one per request. */
export class IntentPool {
  private ids: string[] = [];
  private exhausted = 0;

  constructor(private readonly url: string, private readonly template: { intentId: string; attemptId?: string }) {}

  async ensure(count: number): Promise<void> {
    const missing = Math.ceil(count) - this.ids.length;
    if (missing <= 0) return;
    const intents = Array.from({ length: missing }, () => randomUUID());
    const attempts = intents.map(() => randomUUID());
    const c = new pg.Client({ connectionString: this.url });
    await c.connect();
    try {
      await c.query('BEGIN');
      await c.query(
        `INSERT INTO payment_intents
         SELECT (jsonb_populate_record(NULL::payment_intents, to_jsonb(i) || jsonb_build_object('id', s.iid, 'latest_attempt_id', CASE WHEN $4 THEN s.aid END))).*
         FROM payment_intents i CROSS JOIN unnest($2::uuid[], $3::uuid[]) AS s(iid, aid) WHERE i.id = $1::uuid`,
        [this.template.intentId, intents, attempts, this.template.attemptId !== undefined],
      );
      if (this.template.attemptId !== undefined) {
        await c.query(
          `INSERT INTO payment_attempts
           SELECT (jsonb_populate_record(NULL::payment_attempts, to_jsonb(a) || jsonb_build_object('id', s.aid, 'payment_intent_id', s.iid))).*
           FROM payment_attempts a CROSS JOIN unnest($2::uuid[], $3::uuid[]) AS s(iid, aid) WHERE a.id = $1::uuid`,
          [this.template.attemptId, intents, attempts],
        );
      }
      await c.query('COMMIT');
      this.ids.push(...intents);
    } catch (e) {
      await c.query('ROLLBACK');
      throw e;
    } finally {
      await c.end();
    }
  }

  /** A fresh intent; a run that outdraws the pool reuses the template, which payrail then refuses (non-2xx). */
  take(): string {
    const id = this.ids.pop();
    if (id !== undefined) return id;
    this.exhausted++;
    return this.template.intentId;
  }

  get misses(): number {
    return this.exhausted;
  }
}
