import { createHash, randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';
import type { Client, Json } from '../support/client';
import { advance } from '../support/sandbox';
import { createHolder, issuer } from '../issuing/cardholders/fixtures';
import { plastic } from '../issuing/cards/fixtures';
import { card, createIntent, merchant } from '../acquiring/payments/fixtures';

/**
 * Idempotency records keep a fingerprint of each request. An unkeyed hash of the body gives its
 * cardholder data away to anyone who reads the table: the PIN is one of 10^6, the CVC one of 1,000,
 * the PAN one of ~42,000 Luhn-valid numbers once its BIN, last four and expiry are known. So the
 * records must hold nothing a reader could test candidates against (PCI DSS 3.3.1, 3.5.1).
 */

let t: TestApp;
let issuing: Client;
let shop: Client;

beforeAll(async () => {
  t = await startTestApp();
  issuing = await issuer(t, 'Fingerprints');
  ({ c: shop } = await merchant(t, 'Fingerprint shop'));
});
afterAll(() => t.close());

/** What an attacker who knows the old recipe computes for a candidate body: sha256(endpoint \n sorted JSON). */
const sorted = (v: unknown): string => {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(sorted).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .filter((k) => o[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${sorted(o[k])}`)
    .join(',')}}`;
};
const unkeyed = (endpoint: string, body: unknown) => createHash('sha256').update(`${endpoint}\n${sorted(body)}`).digest('hex');

async function recordOf(key: string): Promise<{ request_hash: string; response_body: string; account_id: string }> {
  const { rows } = await t.db.pool.query<{ request_hash: string; response_body: string; account_id: string }>(
    'SELECT request_hash, response_body, account_id FROM idempotency_keys WHERE key = $1',
    [key],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** The record of `key` holds neither the secrets nor a hash a candidate can be tested against. */
async function expectNothingToTest(key: string, endpoint: string, body: Json, secrets: string[]): Promise<void> {
  const record = await recordOf(key);
  expect(record.request_hash).not.toBe(unkeyed(endpoint, body));
  expect(record.request_hash).toMatch(/^[A-Za-z0-9_-]+:[0-9a-f]{64}$/);
  for (const secret of secrets) {
    expect(record.request_hash).not.toContain(secret);
    expect(record.response_body).not.toContain(secret);
  }
}

async function assigned(): Promise<{ cardId: string; code: string; pan: string; key: string; body: Json }> {
  const holder = await createHolder(issuing);
  const pan = plastic();
  const key = randomUUID();
  const body = { cardholder_id: holder.cardholder_id, card_number: pan, card_currency: 'USD', card_mode: 'SINGLE' };
  const res = await issuing.post('/v1/issuing/cards/assign', body, { key });
  expect(res.status).toBe(200);
  return { cardId: res.body.card_id as string, code: res.body.activation_code as string, pan, key, body };
}

describe('REST: fingerprints keyed, cardholder data tokenized', () => {
  it('card assignment (card_number), activation (activation_code, pin) and PIN reset (pin)', async () => {
    const { cardId, code, pan, key, body } = await assigned();
    await expectNothingToTest(key, 'POST /api/v1/issuing/cards/assign', body, [pan]);

    const activateKey = randomUUID();
    const activate = { card_id: cardId, activation_code: code, pin: '135790' };
    expect((await issuing.post('/v1/issuing/cards/activate', activate, { key: activateKey })).status).toBe(200);
    await expectNothingToTest(activateKey, 'POST /api/v1/issuing/cards/activate', activate, [code, '135790']);
    await advance(issuing, 3);

    const resetKey = randomUUID();
    const reset = { card_id: cardId, pin: '864213' };
    expect((await issuing.post('/v1/issuing/cards/pin', reset, { key: resetKey })).status).toBe(200);
    await expectNothingToTest(resetKey, 'POST /api/v1/issuing/cards/pin', reset, ['864213']);

    // The fingerprint still tells a retry (replayed) from another PIN under the same key (refused).
    const again = await issuing.post('/v1/issuing/cards/pin', reset, { key: resetKey });
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await issuing.post('/v1/issuing/cards/pin', { card_id: cardId, pin: '864214' }, { key: resetKey });
    expect(other.body).toMatchObject({ type: 'idempotency_error', code: 'key_mismatch_request' });
  });

  it('payment confirmation (card_number, cvc), in both spellings of the card', async () => {
    for (const spelling of ['number', 'card_number']) {
      const intent = await createIntent(shop);
      const endpoint = `/v2/payment_intents/${intent.payment_intent_id as string}/confirm`;
      const body = card('4242424242424242') as Json;
      if (spelling === 'card_number') {
        const { number, ...rest } = body.payment_method.card as Json;
        body.payment_method.card = { ...rest, card_number: number };
      }
      const key = randomUUID();
      expect((await shop.post(endpoint, body, { key })).status).toBe(200);
      await expectNothingToTest(key, `POST /api${endpoint}`, body, ['4242424242424242']);
      const again = await shop.post(endpoint, body, { key });
      expect(again.headers['idempotent-replayed']).toBe('true');
      const otherCvc = card('4242424242424242', { cvc: '124' });
      expect((await shop.post(endpoint, otherCvc, { key })).body).toEqual({ code: 400, message: 'Idempotency key error: the key was already used with a different request body' });
    }
  });
});

describe('GraphQL: the same treatment', () => {
  const gql = (c: Client, query: string, variables: Json, key: string) =>
    t.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { 'x-auth-token': `Bearer ${c.token}`, 'x-idempotency-key': key } });

  it('activateCard, resetCardPin and confirmPaymentIntent keep no testable fingerprint', async () => {
    const { cardId, code } = await assigned();
    const activateKey = randomUUID();
    const activate = await gql(issuing, 'mutation($input: ActivateCardInput!) { activateCard(input: $input) { card { id } userErrors { field message code } } }', { input: { cardId, activationCode: code, pin: '246813' } }, activateKey);
    expect(activate.json().errors).toBeUndefined();
    await expectNothingToTest(activateKey, 'graphql:activateCard', { card_id: cardId, activation_code: code, pin: '246813' }, [code, '246813']);
    await advance(issuing, 3);

    const resetKey = randomUUID();
    const reset = await gql(issuing, 'mutation($input: ResetCardPinInput!) { resetCardPin(input: $input) { card { id } userErrors { field message code } } }', { input: { id: cardId, pin: '975310' } }, resetKey);
    expect(reset.json().errors).toBeUndefined();
    await expectNothingToTest(resetKey, 'graphql:resetCardPin', { card_id: cardId, pin: '975310' }, ['975310']);

    const intent = await createIntent(shop);
    const confirmKey = randomUUID();
    const paymentMethod = { type: 'CARD', card: { cardNumber: '4242424242424242', expiryMonth: '12', expiryYear: '2030', cvc: '321', cardName: 'Ada Lovelace' } };
    const confirmed = await gql(shop, 'mutation($input: ConfirmPaymentIntentInput!) { confirmPaymentIntent(input: $input) { paymentIntent { id } userErrors { field message code } } }', { input: { id: intent.payment_intent_id, paymentMethod } }, confirmKey);
    expect(confirmed.json().errors).toBeUndefined();
    const wire = { id: intent.payment_intent_id, payment_method: { type: 'card', card: { card_number: '4242424242424242', expiry_month: '12', expiry_year: '2030', cvc: '321', card_name: 'Ada Lovelace' } } };
    await expectNothingToTest(confirmKey, 'graphql:confirmPaymentIntent', wire, ['4242424242424242']);
  });
});

describe('records kept from before fingerprints were keyed', () => {
  it('answer a reuse of their key as an expired key: never replayed, never run twice', async () => {
    const { cardId } = await assigned();
    const key = randomUUID();
    const { rows } = await t.db.pool.query<{ account_id: string }>('SELECT account_id FROM cards WHERE id = $1', [cardId]);
    await t.db.pool.query(
      `INSERT INTO idempotency_keys (key, account_id, endpoint, request_hash, response_status, response_body, created_at)
       VALUES ($1, $2, 'POST /api/v1/issuing/cards/pin', 'retired', 200, '', $3)`,
      [key, rows[0]!.account_id, t.clock.now()],
    );
    const reuse = await issuing.post('/v1/issuing/cards/pin', { card_id: cardId, pin: '111333' }, { key });
    expect(reuse.body).toEqual({ type: 'idempotency_error', code: 'invalid_key_format', message: 'idempotency key expired: it was used before an upgrade and is not reusable' });
  });
});
