import { startTestApp, type TestApp } from '../support/app';
import type { Client, Json, RestReply } from '../support/client';
import { buildWorld, type Ids, type World } from './walk-fixtures';

/**
 * Every object type on the REST door, read, listed and changed by another tenant (another master,
 * and the owner's sibling sub-account): each answers exactly as an unknown id does (spec 4.0: no
 * tenant learns that another's object exists), its lists show nothing of the owner's, and a change
 * refused leaves the object as it was. The table must name every REST route with an id parameter:
 * a route added later joins it, or the last test fails.
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
  '/v1/files/download/:id': 'a signed link (a bearer credential, no caller): its signature is checked in test/files/links.test.ts',
};

/** Lists: the owner's list shows its object (the sub-account itself in its master's AF3); no intruder's shows it. */
const LISTS: { route: string; id: Id; owner?: () => Client }[] = [
  { route: '/v1/accounts', id: 'account', owner: () => w.master },
  { route: '/v1/beneficiaries', id: 'beneficiary' },
  { route: '/v1/payouts', id: 'payout' },
  { route: '/v1/deposit', id: 'deposit' },
  { route: '/v1/conversion', id: 'conversion' },
  { route: '/v1/transfer', id: 'transfer' },
  { route: '/v2/payment_intents', id: 'paymentIntent' },
  { route: '/v2/payment/refunds', id: 'refund' },
  { route: '/v2/payment/bankaccount', id: 'bankAccount' },
  { route: '/v2/payment/payout', id: 'paymentPayout' },
  { route: '/v1/issuing/cardholders', id: 'cardholder' },
  { route: '/v1/issuing/cards', id: 'card' },
  { route: '/v1/issuing/transactions', id: 'cardTransaction' },
  { route: '/v1/virtual/applications', id: 'virtualAccountApplication' },
  { route: '/v1/rfis', id: 'rfi' },
  { route: '/v1/webhooks/endpoints', id: 'webhookEndpoint' },
  { route: '/v1/webhooks/deliveries', id: 'webhookDelivery' },
];

const outcome = (res: RestReply) => [res.status, res.body];

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
    const id = w.ids[l.id];
    const query = { page_number: 1, page_size: 100 };
    const mine = await (l.owner ? l.owner() : ownerOf(l.id)).get(l.route, query);
    expect(mine.status).toBe(200);
    expect(mine.raw).toContain(id);
    for (const intruder of w.intruders) {
      const theirs = await intruder.c.get(l.route, query);
      expect([intruder.name, theirs.status, theirs.raw.includes(id)]).toEqual([intruder.name, 200, false]);
    }
  });
});

describe('the table is complete', () => {
  it('names every REST GET route with a parameter', () => {
    const covered = new Set([...READS.map((r) => r.route), ...Object.keys(NOT_OBJECT_READS)]);
    const withParam = t.app.restRoutes.routes.filter((r) => r.method === 'GET' && r.path.includes(':')).map((r) => r.path);
    expect(withParam.filter((p) => !covered.has(p))).toEqual([]);
    expect([...covered].filter((p) => !withParam.includes(p))).toEqual([]);
  });
});
