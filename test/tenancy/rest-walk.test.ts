import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { startTestApp, type TestApp } from '../support/app';
import type { Client, Json, RestReply } from '../support/client';
import { PNG } from '../onboarding/accounts/onboarding-bodies';
import { bankAccountBody } from '../acquiring/bank-accounts/fixtures';
import { card } from '../acquiring/payments/fixtures';
import { buildWorld, type Ids, type World } from './walk-fixtures';

/**
 * Every object type on the REST door, read, listed and changed by another tenant (another master,
 * and the owner's sibling sub-account): each answers exactly as an unknown id does (spec 4.0: no
 * tenant learns that another's object exists), its lists show nothing of the owner's, and a change
 * refused leaves the object as it was. The tables must name every REST route with an id parameter
 * and every paged list: a route added later joins them, or the last tests fail.
 */

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorld(t);
}, 120_000);
afterAll(() => t.close());

const UNKNOWN = '00000000-0000-4000-8000-00000000d00d';

type Id = keyof Ids;
/** The object's owner acting: Alpha One, except the RFI, whose owner is the sub-account it asks. */
const ownerOf = (id: Id): Client => (id === 'rfi' ? w.master.as(w.ids.rfiOwner) : w.owner);
const path = (route: string, id: string) => route.replace(/:[a-z_]+/, id);

const ENTITY_NOT_FOUND: [number, Json] = [400, { code: 400, message: 'entity not found' }];
const CARD_NOT_FOUND: [number, Json] = [400, { type: 'card_error', code: 'card_not_found', message: 'card not found or deactivated' }];

/**
 * GET routes with an id: the object each reads and the answer an unknown id gets (the route's
 * not-found refusal). `secure`: the route needs the secure-details permission, so every caller
 * uses a key that holds it (a refusal for want of it would prove nothing about tenancy).
 */
const READS: { route: string; id: Id; refusal: [number, Json]; secure?: true }[] = [
  { route: '/v1/accounts/:id', id: 'account', refusal: ENTITY_NOT_FOUND },
  { route: '/v1/beneficiaries/:id', id: 'beneficiary', refusal: [400, { code: 400, message: 'beneficiary not found' }] },
  { route: '/v1/payouts/:id', id: 'payout', refusal: ENTITY_NOT_FOUND },
  { route: '/v1/deposit/:id', id: 'deposit', refusal: ENTITY_NOT_FOUND },
  { route: '/v1/conversion/:id', id: 'conversion', refusal: ENTITY_NOT_FOUND },
  { route: '/v1/transfer/:id', id: 'transfer', refusal: ENTITY_NOT_FOUND },
  { route: '/v2/payment_intents/:id', id: 'paymentIntent', refusal: [400, { code: 400, message: 'payment intent not found' }] },
  { route: '/v2/payment/payment_attempts/:id', id: 'paymentAttempt', refusal: [400, { code: 400, message: 'payment attempt not found' }] },
  { route: '/v2/payment/refunds/:id', id: 'refund', refusal: ENTITY_NOT_FOUND },
  { route: '/v2/payment/bankaccount/:id', id: 'bankAccount', refusal: ENTITY_NOT_FOUND },
  { route: '/v2/payment/payout/:id', id: 'paymentPayout', refusal: ENTITY_NOT_FOUND },
  { route: '/v1/issuing/cardholders/:id', id: 'cardholder', refusal: [400, { type: 'cardholder_error', code: 'cardholder_not_found', message: 'cardholder not found or deactivated' }] },
  { route: '/v1/issuing/cards/:id', id: 'card', refusal: CARD_NOT_FOUND },
  { route: '/v1/issuing/cards/:id/order', id: 'card', refusal: CARD_NOT_FOUND },
  { route: '/v1/issuing/cards/:id/secure', id: 'card', refusal: CARD_NOT_FOUND, secure: true },
  { route: '/v1/issuing/cards/orders/:card_order_id', id: 'cardOrder', refusal: [400, { code: 400, message: 'Card order is not exists' }] },
  { route: '/v1/issuing/transactions/:id', id: 'cardTransaction', refusal: [400, { type: 'invalid_request_error', code: 'invalid_request_error', message: "Invalid value for field 'id': transaction not found" }] },
  { route: '/v1/issuing/transfers/:id', id: 'issuingTransfer', refusal: [400, { code: 400, message: 'Transfer does not exists' }] },
  { route: '/v1/issuing/reports/:id', id: 'issuingReport', refusal: [400, { code: 400, message: 'Report does not exist' }] },
  { route: '/v1/virtual/applications/:id', id: 'virtualAccountApplication', refusal: [400, { code: 400, message: 'Virtual account application not found' }] },
  { route: '/v1/rfis/:id', id: 'rfi', refusal: ENTITY_NOT_FOUND },
];

/** Routes with a parameter that names no object of a tenant, and why they are not in READS. */
const NOT_OBJECT_READS: Record<string, string> = {
  '/v1/balances/:currency': "a currency: the acting account's own balance, whatever the caller names",
  '/v2/payment/balances/:currency': "a currency: the acting account's own payment balance",
  '/v1/files/download/:id': 'a signed link (a bearer credential, no caller): its signature is checked in test/onboarding/files/links.test.ts',
};

/**
 * Every paged list: the field naming each item, and whose the items are. `catalogue`: items that
 * are not a tenant's own (`tree`: shared by a master's tree, so only another master is an
 * intruder; `global`: the same for every tenant). The owner's list must show something, and no
 * intruder's list any item of it.
 */
const LISTS: { route: string; key: string; owner?: () => Client; catalogue?: 'tree' | 'global' }[] = [
  { route: '/v1/accounts', key: 'account_id', owner: () => w.master },
  { route: '/v1/balances', key: 'balance_id' },
  { route: '/v1/balances/transactions', key: 'transaction_id' },
  { route: '/v1/beneficiaries', key: 'beneficiary_id' },
  { route: '/v1/payouts', key: 'payout_id' },
  { route: '/v1/deposit', key: 'deposit_id' },
  { route: '/v1/conversion', key: 'conversion_id' },
  { route: '/v1/transfer', key: 'transfer_id' },
  { route: '/v1/virtual/accounts', key: 'account_bank_id' },
  { route: '/v1/virtual/applications', key: 'application_id' },
  { route: '/v1/rfis', key: 'rfi_id', owner: () => ownerOf('rfi') },
  { route: '/v2/payment_intents', key: 'payment_intent_id' },
  { route: '/v2/payment/payment_attempts', key: 'attempt_id' },
  { route: '/v2/payment/refunds', key: 'payment_refund_id' },
  { route: '/v2/payment/settlements', key: 'settlement_id' },
  { route: '/v2/payment/balances', key: 'currency' },
  { route: '/v2/payment/bankaccount', key: 'id' },
  { route: '/v2/payment/payout', key: 'payout_id' },
  { route: '/v1/issuing/products', key: 'product_id', catalogue: 'tree' },
  { route: '/v1/issuing/balances', key: 'balance_id' },
  { route: '/v1/issuing/balances/transactions', key: 'transaction_id' },
  { route: '/v1/issuing/cardholders', key: 'cardholder_id' },
  { route: '/v1/issuing/cards', key: 'card_id' },
  { route: '/v1/issuing/transactions', key: 'transaction_id' },
  { route: '/v1/issuing/merchant_brands', key: 'merchant_code', catalogue: 'global' },
  { route: '/v1/webhooks/endpoints', key: 'webhook_endpoint_id' },
  { route: '/v1/webhooks/deliveries', key: 'webhook_delivery_id' },
];

/**
 * POST and DELETE routes with an id: a body that passes the route's validation (so the refusal is
 * the lookup's, not the body's), and a GET that reads the object back, unchanged by the refusals.
 */
const CHANGES: { method: 'POST' | 'DELETE'; route: string; id: Id; body: Json; readBack: string; secure?: true }[] = [
  { method: 'POST', route: '/v1/accounts/:id/documents', id: 'account', body: { documents: [{ type: 'PROOF_OF_ADDRESS', front: PNG }] }, readBack: '/v1/accounts/:id' },
  { method: 'POST', route: '/v1/beneficiaries/:id', id: 'beneficiary', body: { nickname: 'Taken over' }, readBack: '/v1/beneficiaries/:id' },
  { method: 'POST', route: '/v1/beneficiaries/:id/delete', id: 'beneficiary', body: {}, readBack: '/v1/beneficiaries/:id' },
  { method: 'POST', route: '/v2/payment_intents/:id', id: 'paymentIntent', body: { description: 'Taken over' }, readBack: '/v2/payment_intents/:id' },
  { method: 'POST', route: '/v2/payment_intents/:id/confirm', id: 'paymentIntent', body: card(), readBack: '/v2/payment_intents/:id' },
  { method: 'POST', route: '/v2/payment_intents/:id/capture', id: 'paymentIntent', body: {}, readBack: '/v2/payment_intents/:id' },
  { method: 'POST', route: '/v2/payment_intents/:id/cancel', id: 'paymentIntent', body: { cancellation_reason: 'requested_by_customer' }, readBack: '/v2/payment_intents/:id' },
  { method: 'POST', route: '/v2/payment/bankaccount/:id', id: 'bankAccount', body: bankAccountBody('GBP', { account_number: '00000000' }), readBack: '/v2/payment/bankaccount/:id' },
  { method: 'POST', route: '/v1/issuing/cardholders/:id', id: 'cardholder', body: { date_of_birth: '1991-02-03' }, readBack: '/v1/issuing/cardholders/:id' },
  { method: 'POST', route: '/v1/issuing/cards/:id', id: 'card', body: { card_limit: 40 }, readBack: '/v1/issuing/cards/:id' },
  { method: 'POST', route: '/v1/issuing/cards/:id/status', id: 'card', body: { card_status: 'CANCELLED' }, readBack: '/v1/issuing/cards/:id' },
  { method: 'POST', route: '/v1/issuing/cards/:id/recharge', id: 'card', body: { amount: 5 }, readBack: '/v1/issuing/cards/:id' },
  { method: 'POST', route: '/v1/issuing/cards/:id/withdraw', id: 'card', body: { amount: 5 }, readBack: '/v1/issuing/cards/:id' },
  { method: 'POST', route: '/v1/issuing/cards/:id/elevate_limit', id: 'card', body: { limit_amount: 60 }, readBack: '/v1/issuing/cards/:id' },
  { method: 'POST', route: '/v1/issuing/cards/:id/risk', id: 'card', body: { risk_control: 'network_protection', action_code: '41' }, readBack: '/v1/issuing/cards/:id' },
  { method: 'DELETE', route: '/v1/issuing/cards/:id/risk', id: 'card', body: { risk_control: 'network_protection' }, readBack: '/v1/issuing/cards/:id' },
  { method: 'POST', route: '/v1/issuing/cards/:id/token', id: 'card', body: {}, readBack: '/v1/issuing/cards/:id', secure: true },
  { method: 'POST', route: '/v1/webhooks/endpoints/:id', id: 'webhookEndpoint', body: { url: 'https://attacker.example/hook' }, readBack: '/v1/webhooks/endpoints' },
  { method: 'POST', route: '/v1/webhooks/endpoints/:id/rotate_secret', id: 'webhookEndpoint', body: {}, readBack: '/v1/webhooks/endpoints' },
  { method: 'POST', route: '/v1/webhooks/endpoints/:id/delete', id: 'webhookEndpoint', body: {}, readBack: '/v1/webhooks/endpoints' },
  { method: 'POST', route: '/v1/webhooks/deliveries/:id/resend', id: 'webhookDelivery', body: {}, readBack: '/v1/webhooks/deliveries' },
];

const outcome = (res: RestReply) => [res.status, res.body];
const send = (c: Client, method: 'POST' | 'DELETE', route: string, body: Json) => (method === 'POST' ? c.post(route, body) : c.delete(route, body));

describe('another tenant reads an object by id: the answer of an unknown id', () => {
  it.each(READS.map((r) => [r.route, r] as const))('GET %s', async (_route, r) => {
    const id = w.ids[r.id];
    const owner = r.secure ? w.secure.owner : ownerOf(r.id);
    expect((await owner.get(path(r.route, id))).status).toBe(200);
    expect(outcome(await owner.get(path(r.route, UNKNOWN)))).toEqual(r.refusal);
    for (const intruder of r.secure ? w.secure.intruders : w.intruders) {
      expect([intruder.name, ...outcome(await intruder.c.get(path(r.route, id)))]).toEqual([intruder.name, ...r.refusal]);
    }
  });
});

describe("another tenant's lists show nothing of the owner's", () => {
  it.each(LISTS.map((l) => [l.route, l] as const))('GET %s', async (_route, l) => {
    const keysOf = async (c: Client): Promise<unknown[]> => {
      // PA11 takes an idempotency key, as its reference sends one; a fresh one reads afresh.
      const res = await c.get(l.route, { page_number: 1, page_size: 100 }, { headers: { 'x-idempotency-key': randomUUID() } });
      expect([res.status, Array.isArray(res.body.data)]).toEqual([200, true]);
      return (res.body.data as Json[]).map((item) => item[l.key]);
    };
    const mine = await keysOf(l.owner ? l.owner() : w.owner);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine).not.toContain(undefined);
    const intruders = l.catalogue === 'tree' ? w.intruders.filter((i) => i.name === 'another master') : w.intruders;
    for (const intruder of intruders) {
      const shared = (await keysOf(intruder.c)).filter((k) => mine.includes(k));
      expect([intruder.name, shared.length]).toEqual([intruder.name, l.catalogue === 'global' ? mine.length : 0]);
    }
  });
});

describe('another tenant changes an object by id: refused as an unknown id, the object unchanged', () => {
  it.each(CHANGES.map((m) => [`${m.method} ${m.route}`, m] as const))('%s', async (_name, m) => {
    const id = w.ids[m.id];
    const owner = m.secure ? w.secure.owner : ownerOf(m.id);
    // The attempt read back by id, or the owner's list for objects with no GET of their own.
    const readBack = async () => {
      const target = m.readBack.includes(':id') ? path(m.readBack, id) : m.readBack;
      const res = await w.owner.get(target, m.readBack.includes(':id') ? {} : { page_number: 1, page_size: 100 });
      expect([res.status, res.raw.includes(id) || m.readBack.includes(':id')]).toEqual([200, true]);
      return res.raw;
    };
    const before = await readBack();
    const unknown = await send(owner, m.method, path(m.route, UNKNOWN), m.body);
    expect(unknown.status).toBe(400);
    // The body passed validation: what refused the unknown id is the lookup.
    expect(String(unknown.body.message)).toMatch(/not found|not exist|does not exist/i);
    for (const intruder of m.secure ? w.secure.intruders : w.intruders) {
      expect([intruder.name, ...outcome(await send(intruder.c, m.method, path(m.route, id), m.body))]).toEqual([intruder.name, ...outcome(unknown)]);
    }
    expect(await readBack()).toBe(before);
  });
});

describe('the table is complete', () => {
  it('names every REST GET route with a parameter', () => {
    const covered = new Set([...READS.map((r) => r.route), ...Object.keys(NOT_OBJECT_READS)]);
    const withParam = t.app.restRoutes.routes.filter((r) => r.method === 'GET' && r.path.includes(':')).map((r) => r.path);
    expect(withParam.filter((p) => !covered.has(p))).toEqual([]);
    expect([...covered].filter((p) => !withParam.includes(p))).toEqual([]);
  });

  it('names every paged REST list', () => {
    const paged = t.app.restRoutes.routes
      .filter((r) => r.method === 'GET' && (r.query ?? []).some((q) => 'page_number' in ((q as z.ZodObject).shape ?? {})))
      .map((r) => r.path)
      .sort();
    expect(paged).toEqual(LISTS.map((l) => l.route).sort());
  });

  it('names every REST POST and DELETE route with a parameter', () => {
    const withParam = t.app.restRoutes.routes.filter((r) => r.method !== 'GET' && r.path.includes(':')).map((r) => `${r.method} ${r.path}`);
    const covered = CHANGES.map((m) => `${m.method} ${m.route}`);
    expect(withParam.filter((p) => !covered.includes(p))).toEqual([]);
    expect(covered.filter((p) => !withParam.includes(p))).toEqual([]);
  });
});
