import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client, type Json } from '../support/client';
import { makeMaster } from '../support/tenants';
import { createHolder } from '../issuing/cardholders/fixtures';
import { plastic } from '../issuing/cards/fixtures';

/**
 * A one-time secret (a webhook endpoint's signing secret, a card's activation code) is shown once:
 * in the first answer, never in the answers kept for idempotent replays, and never by a cache.
 */

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await clientOf(t, await makeMaster(t.services, { name: 'Shown once' }));
});
afterAll(() => t.close());

const kept = async (key: string): Promise<string> => {
  const { rows } = await t.db.pool.query<{ response_body: string }>('SELECT response_body FROM idempotency_keys WHERE key = $1', [key]);
  expect(rows).toHaveLength(1);
  return rows[0]!.response_body;
};

const gql = (query: string, variables: Json, key: string) =>
  t.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { 'x-auth-token': `Bearer ${c.token}`, 'x-idempotency-key': key } });

describe('REST', () => {
  it('webhook endpoint create and rotate_secret: the secret in the first answer only, never cached', async () => {
    const key = randomUUID();
    const body = { url: 'https://hooks.example.com/payrail' };
    const first = await c.post('/v1/webhooks/endpoints', body, { key });
    expect(first.body.secret).toMatch(/^whsec_/);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(await kept(key)).not.toContain(first.body.secret);
    const replay = await c.post('/v1/webhooks/endpoints', body, { key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['cache-control']).toBe('no-store');
    const { secret, ...rest } = first.body;
    expect(replay.body).toEqual(rest);

    const id = first.body.webhook_endpoint_id as string;
    const rotateKey = randomUUID();
    const rotated = await c.post(`/v1/webhooks/endpoints/${id}/rotate_secret`, {}, { key: rotateKey });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    expect(rotated.headers['cache-control']).toBe('no-store');
    expect(await kept(rotateKey)).not.toContain(rotated.body.secret);
    const rotatedAgain = await c.post(`/v1/webhooks/endpoints/${id}/rotate_secret`, {}, { key: rotateKey });
    expect(rotatedAgain.headers['idempotent-replayed']).toBe('true');
    expect(rotatedAgain.body.secret).toBeUndefined();
  });

  it("card assignment: the activation code in the first answer only", async () => {
    const holder = await createHolder(c);
    const key = randomUUID();
    const body = { cardholder_id: holder.cardholder_id, card_number: plastic(), card_currency: 'USD', card_mode: 'SINGLE' };
    const first = await c.post('/v1/issuing/cards/assign', body, { key });
    expect(first.body.activation_code).toMatch(/^\d{8}$/);
    expect(await kept(key)).not.toContain(first.body.activation_code);
    const replay = await c.post('/v1/issuing/cards/assign', body, { key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const { activation_code: _code, ...rest } = first.body;
    expect(replay.body).toEqual(rest);
  });

  it('the token endpoint: an access token is never cached either (RFC 6749 5.1)', async () => {
    const tenant = await makeMaster(t.services, { name: 'Token cache' });
    const res = await t.inject({ method: 'POST', url: '/api/v1/connect/token', payload: { client_id: tenant.clientId, api_key: tenant.apiKey } });
    expect([res.statusCode, res.headers['cache-control']]).toEqual([200, 'no-store']);
  });
});

describe('GraphQL', () => {
  it('createWebhookEndpoint and rotateWebhookEndpointSecret: the secret in the first answer only (null after), never cached', async () => {
    const create = 'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { webhookEndpoint { id url } secret userErrors { field message code } } }';
    const key = randomUUID();
    const first = await gql(create, { input: { url: 'https://hooks.example.com/gql' } }, key);
    const made = first.json().data.createWebhookEndpoint as Json;
    expect(made.secret).toMatch(/^whsec_/);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(await kept(key)).not.toContain(made.secret);
    const replay = await gql(create, { input: { url: 'https://hooks.example.com/gql' } }, key);
    expect(replay.json()).toEqual({ data: { createWebhookEndpoint: { ...made, secret: null } }, extensions: { cost: { requested: 3, limit: 5000 } } });
    expect(replay.headers['cache-control']).toBe('no-store');

    const rotate = 'mutation($id: ID!) { rotateWebhookEndpointSecret(input: { id: $id }) { webhookEndpoint { id } secret userErrors { field message code } } }';
    const rotateKey = randomUUID();
    const rotated = await gql(rotate, { id: made.webhookEndpoint.id }, rotateKey);
    const secret = rotated.json().data.rotateWebhookEndpointSecret.secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(rotated.headers['cache-control']).toBe('no-store');
    expect(await kept(rotateKey)).not.toContain(secret);
    expect((await gql(rotate, { id: made.webhookEndpoint.id }, rotateKey)).json().data.rotateWebhookEndpointSecret.secret).toBeNull();
  });

  it('assignCard: the activation code in the first answer only', async () => {
    const holder = await createHolder(c);
    const assign = 'mutation($input: AssignCardInput!) { assignCard(input: $input) { cardAssignment { activationCode card { id } } userErrors { field message code } } }';
    const input = { cardholderId: holder.cardholder_id, cardNumber: plastic(), cardCurrency: 'USD', cardMode: 'SINGLE' };
    const key = randomUUID();
    const first = (await gql(assign, { input }, key)).json().data.assignCard as Json;
    expect(first.cardAssignment.activationCode).toMatch(/^\d{8}$/);
    expect(await kept(key)).not.toContain(first.cardAssignment.activationCode);
    const replayed = { ...first, cardAssignment: { ...first.cardAssignment, activationCode: null } };
    expect((await gql(assign, { input }, key)).json()).toEqual({ data: { assignCard: replayed }, extensions: { cost: { requested: 4, limit: 5000 } } });
  });

  it('says no-store only when a secret field is selected', async () => {
    const list = await gql('{ webhookEndpoints(first: 5) { edges { node { id } } } }', {}, randomUUID());
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBeUndefined();
  });
});
