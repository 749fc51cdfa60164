import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { makeMaster } from '../../support/tenants';
import { productionMaster, startProductionApp } from '../../production/support';
import { card, createIntent, intentBody, merchant } from './fixtures';

const RULE = 'must be an https URL (http only to a loopback address, for sandbox accounts)';
const refusal = (field: string) => ({ status: 400, body: { code: 400, message: `Invalid value for field '${field}': ${RULE}` } });
const pick = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });

const REFUSED = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'myapp://checkout/done',
  'ftp://shop.example/return',
  'file:///etc/passwd',
  'http://shop.example/return',
  'http://10.0.0.1/return',
  'https://shop.example@evil.example/return',
  '//evil.example/return',
  '/relative/return',
];
const ACCEPTED = ['https://shop.example/return?order=1', 'http://127.0.0.1:3000/back', 'http://localhost/back', 'http://[::1]:8080/back'];

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = (await merchant(t, 'Return merchant')).c;
});
afterAll(() => t.close());

describe('return_url takes https, and http to a loopback address in the sandbox (REST)', () => {
  it.each(REFUSED)('refuses %s on create, naming the field', async (url) => {
    expect(pick(await c.post('/v2/payment_intents/create', intentBody({ return_url: url })))).toEqual(refusal('return_url'));
  });

  it.each(ACCEPTED)('takes %s', async (url) => {
    const res = await c.post('/v2/payment_intents/create', intentBody({ return_url: url }));
    expect(res.status).toBe(200);
    expect(res.body.return_url).toBe(url);
  });

  it('refuses it on update and confirm, and in payment_method.card.three_ds', async () => {
    const intent = await createIntent(c);
    const id = intent.payment_intent_id as string;
    expect(pick(await c.post(`/v2/payment_intents/${id}`, { return_url: 'javascript:alert(1)' }))).toEqual(refusal('return_url'));
    expect(pick(await c.post(`/v2/payment_intents/${id}/confirm`, { ...card(), return_url: 'data:text/html,x' }))).toEqual(refusal('return_url'));
    const threeDs = card('4000000000003220', { three_ds: { return_url: 'javascript:alert(1)' } });
    expect(pick(await c.post(`/v2/payment_intents/${id}/confirm`, threeDs))).toEqual(refusal('payment_method.card.three_ds.return_url'));
    expect(pick(await c.post('/v2/payment_intents/create', intentBody(threeDs)))).toEqual(refusal('payment_method.card.three_ds.return_url'));
  });
});

describe('the same rule through GraphQL, fields named as GraphQL names them', () => {
  const CREATE = 'mutation C($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { paymentIntent { id returnUrl } userErrors { field message code } } }';
  const CONFIRM = 'mutation F($input: ConfirmPaymentIntentInput!) { confirmPaymentIntent(input: $input) { paymentIntent { id } userErrors { field message code } } }';
  const base = { amount: '10.00', currency: 'USD', merchantOrderId: 'o-1', description: 'Mug' };
  const gqlCard = (extra: Record<string, unknown> = {}) => ({ type: 'CARD', card: { cardNumber: '4000000000003220', expiryMonth: '12', expiryYear: '2030', cvc: '123', ...extra } });
  /** A refusal as the payload lists it: each userError's field path and message (none top-level). */
  const fieldOf = (r: { data?: unknown; errors?: unknown[] }, mutation: string) => {
    const payload = (r.data as Record<string, { userErrors: { field: string[] | null; message: string }[] }> | null | undefined)?.[mutation];
    return r.errors ?? payload?.userErrors.map((e) => [e.field, e.message]);
  };

  it('refuses javascript: in returnUrl and in paymentMethod.card.threeDs.returnUrl', async () => {
    const bad = await c.gql(CREATE, { input: { ...base, returnUrl: 'javascript:alert(1)' } });
    expect(fieldOf(bad, 'createPaymentIntent')).toEqual([[['input', 'returnUrl'], `Invalid value for field 'returnUrl': ${RULE}`]]);
    const ok = await c.gql(CREATE, { input: { ...base, returnUrl: 'https://shop.example/return' } });
    const id = (ok.data as { createPaymentIntent: { paymentIntent: { id: string } } }).createPaymentIntent.paymentIntent!.id;
    const threeDs = await c.gql(CONFIRM, { input: { id, paymentMethod: gqlCard({ threeDs: { returnUrl: 'vbscript:x' } }) } });
    expect(fieldOf(threeDs, 'confirmPaymentIntent')).toEqual([
      [['input', 'paymentMethod', 'card', 'threeDs', 'returnUrl'], `Invalid value for field 'paymentMethod.card.threeDs.returnUrl': ${RULE}`],
    ]);
  });
});

describe('a production account gets https only', () => {
  let prod: TestApp;
  let p: Client;
  beforeAll(async () => {
    prod = await startProductionApp();
    const tenant = await productionMaster(prod.services, 'Live shop');
    p = (await clientOf(prod, tenant)).withHeaders({ 'x-client-id': tenant.clientId });
  });
  afterAll(() => prod.close());

  it('refuses http to a loopback address, in both doors', async () => {
    expect(pick(await p.post('/v2/payment_intents/create', intentBody({ return_url: 'http://127.0.0.1:3000/back' })))).toEqual(refusal('return_url'));
    const gql = await p.gql('mutation C($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { paymentIntent { id } userErrors { field message code } } }', {
      input: { amount: '10.00', currency: 'USD', merchantOrderId: 'o-1', description: 'Mug', returnUrl: 'http://localhost/back' },
    });
    expect(gql.errors).toBeUndefined();
    expect((gql.data as { createPaymentIntent: { userErrors: { field: string[] }[] } }).createPaymentIntent.userErrors.map((e) => e.field)).toEqual([['input', 'returnUrl']]);
    expect((await p.post('/v2/payment_intents/create', intentBody({ return_url: 'https://shop.example/return' }))).status).toBe(200);
  });
});

describe('the 3-D Secure page follows no return_url it would refuse today', () => {
  it('answers a completion page instead of redirecting to a javascript: URL stored earlier', async () => {
    const tenant = await makeMaster(t.services, { name: 'Old rows' });
    const s = (await clientOf(t, tenant)).withHeaders({ 'x-client-id': tenant.clientId });
    const challenged = (await s.post('/v2/payment_intents/create', intentBody(card('4000000000003220')))).body;
    const path = new URL(challenged.next_action.redirect_to_url.url).pathname;
    // A row written before the rule: the next action carries what the caller sent then.
    await t.db.prisma.paymentIntent.update({
      where: { id: challenged.payment_intent_id },
      data: { returnUrl: 'javascript:alert(1)', nextAction: { type: 'redirect_to_url', redirect_to_url: { url: path, return_url: 'javascript:alert(1)' } } },
    });
    const done = await t.inject({ method: 'POST', url: `${path}/complete` });
    expect(done.statusCode).toBe(200);
    expect(done.headers.location).toBeUndefined();
    expect(done.body).toContain('Authentication completed');
  });
});
