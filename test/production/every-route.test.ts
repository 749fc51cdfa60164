import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { buildGraphQLSchema } from '../../src/resolvers/schema';
import type { TestApp } from '../support/app';
import { clientOf, type Client, type Json } from '../support/client';
import { card, intentBody } from '../payments/fixtures';
import { holderBody } from '../cardholders/fixtures';
import { productionMaster, REFUSAL_CODES, REFUSAL_MESSAGES, REFUSALS, startProductionApp, type Refusal } from './support';

/**
 * PAYRAIL_MODE=production, every registered route and every GraphQL root field, as a production
 * account: each is classified here (a new one fails until it is), the sandbox-only ones refuse with
 * their refusal, and the others never answer with one (nor with an internal error).
 */

interface Setup {
  intentId: string;
  cardholderId: string;
}

/** A refusal, met with any body (the guard comes first), or with the body and path given. */
type Sandbox = Refusal | { refusal: Refusal; path?: (s: Setup) => string; body: (s: Setup) => unknown };

const REST: Record<string, 'open' | Sandbox> = {
  'POST /v1/connect/token': 'open',
  'POST /v1/accounts': 'open',
  'POST /v1/accounts/create_accounts': 'open',
  'GET /v1/accounts/get_additional': 'open',
  'GET /v1/accounts': 'open',
  'POST /v1/accounts/:id/documents': 'open',
  'GET /v1/accounts/:id': 'open',
  'GET /v1/rfis': 'open',
  'POST /v1/rfis/answer': 'open',
  'GET /v1/rfis/:id': 'open',
  'GET /v1/balances': 'open',
  'GET /v1/balances/transactions': 'open',
  'GET /v1/balances/:currency': 'open',
  'POST /v1/simulation/deposit': 'simulations',
  'GET /v1/deposit': 'open',
  'GET /v1/deposit/:id': 'open',
  'POST /v1/transfer': 'open',
  'GET /v1/transfer': 'open',
  'GET /v1/transfer/:id': 'open',
  'GET /v1/exchange/rates': 'open',
  'POST /v1/conversion/quote': 'open',
  'GET /v1/conversion/conversion_dates': 'open',
  'POST /v1/conversion': 'open',
  'GET /v1/conversion': 'open',
  'GET /v1/conversion/:id': 'open',
  'POST /v1/beneficiaries': 'open',
  'GET /v1/beneficiaries': 'open',
  'POST /v1/beneficiaries/check': 'open',
  'GET /v1/beneficiaries/paymentmethods': 'open',
  'GET /v1/beneficiaries/:id': 'open',
  'POST /v1/beneficiaries/:id': 'open',
  'POST /v1/beneficiaries/:id/delete': 'open',
  'POST /v1/payouts': 'open',
  'GET /v1/payouts': 'open',
  'GET /v1/payouts/:id': 'open',
  'POST /v1/virtual/accounts': 'virtualAccounts',
  'GET /v1/virtual/accounts': 'open',
  'GET /v1/virtual/applications': 'open',
  'GET /v1/virtual/applications/:id': 'open',
  'POST /v1/simulation/clock/advance': 'testClock',
  'POST /v2/payment/bankaccount/create': 'open',
  'GET /v2/payment/bankaccount': 'open',
  'GET /v2/payment/bankaccount/:id': 'open',
  'POST /v2/payment/bankaccount/:id': 'open',
  'GET /v2/payment/balances': 'open',
  'GET /v2/payment/balances/:currency': 'open',
  'POST /v2/payment/payout/create': 'open',
  'GET /v2/payment/payout': 'open',
  'GET /v2/payment/payout/:id': 'open',
  'POST /v2/payment/refunds': 'open',
  'GET /v2/payment/refunds': 'open',
  'GET /v2/payment/refunds/:id': 'open',
  'GET /v2/payment/settlements': 'open',
  'POST /v2/payment_intents/create': 'open',
  'GET /v2/payment_intents': 'open',
  'GET /v2/payment_intents/:id': 'open',
  'POST /v2/payment_intents/:id': 'open',
  'POST /v2/payment_intents/:id/confirm': { refusal: 'acquirer', path: (s) => `/v2/payment_intents/${s.intentId}/confirm`, body: () => card('4242424242424242') },
  'POST /v2/payment_intents/:id/capture': 'open',
  'POST /v2/payment_intents/:id/cancel': 'open',
  'GET /v2/payment/payment_attempts': 'open',
  'GET /v2/payment/payment_attempts/:id': 'open',
  'POST /v2/terminal/register': 'open',
  'POST /v2/terminal/getPinKey': 'open',
  'GET /v1/issuing/products': 'open',
  'POST /v1/issuing/cardholders': 'open',
  'GET /v1/issuing/cardholders': 'open',
  'GET /v1/issuing/cardholders/:id': 'open',
  'POST /v1/issuing/cardholders/:id': 'open',
  'POST /v1/issuing/cards': 'open',
  'GET /v1/issuing/cards': 'open',
  'GET /v1/issuing/cards/:id': 'open',
  'POST /v1/issuing/cards/:id/status': 'open',
  'POST /v1/issuing/cards/activate': 'open',
  'POST /v1/issuing/cards/assign': 'open',
  'POST /v1/issuing/cards/:id': 'open',
  'POST /v1/issuing/cards/pin': 'open',
  'POST /v1/issuing/cards/:id/risk': 'open',
  'DELETE /v1/issuing/cards/:id/risk': 'open',
  'GET /v1/issuing/cards/:id/secure': 'open',
  'POST /v1/issuing/cards/:id/token': 'open',
  'GET /v1/issuing/balances': 'open',
  'POST /v1/issuing/balances': 'open',
  'GET /v1/issuing/balances/transactions': 'open',
  'POST /v1/issuing/balances/transfer_in': 'open',
  'POST /v1/issuing/balances/transfer_out': 'open',
  'POST /v1/issuing/transfers': 'open',
  'GET /v1/issuing/transfers/:id': 'open',
  'POST /v1/issuing/cards/:id/recharge': 'open',
  'POST /v1/issuing/cards/:id/withdraw': 'open',
  'GET /v1/issuing/cards/:id/order': 'open',
  'GET /v1/issuing/cards/orders/:card_order_id': 'open',
  'POST /v1/issuing/cards/:id/elevate_limit': 'open',
  'POST /v1/issuing/cards/manage/pin': 'open',
  'POST /v1/simulation/issuing/authorization': 'simulations',
  'POST /v1/simulation/issuing/reversal': 'simulations',
  'POST /v1/simulation/issuing/clearing': 'simulations',
  'POST /v1/simulation/issuing/refund': 'simulations',
  'POST /v1/simulation/issuing/unsolicited_refund': 'simulations',
  'POST /v1/issuing/transactions/unsolicited_refund/release': 'open',
  'GET /v1/issuing/transactions': 'open',
  'GET /v1/issuing/transactions/:id': 'open',
  'POST /v1/issuing/reports': 'open',
  'GET /v1/issuing/reports/:id': 'open',
  'POST /v1/files/upload': 'open',
  'POST /v1/files/download_links': 'open',
  'GET /v1/files/download/:id': 'open',
  'POST /v1/issuing/auth_decision': 'open',
  'GET /v1/issuing/auth_decision': 'open',
  'POST /v1/webhooks/endpoints': 'open',
  'GET /v1/webhooks/endpoints': 'open',
  'POST /v1/webhooks/endpoints/:id': 'open',
  'POST /v1/webhooks/endpoints/:id/rotate_secret': 'open',
  'POST /v1/webhooks/endpoints/:id/delete': 'open',
  'GET /v1/webhooks/deliveries': 'open',
  'POST /v1/webhooks/deliveries/:id/resend': 'open',
  'GET /v1/issuing/cards/arts': 'open',
  'POST /v1/issuing/cards/arts/default': 'open',
  'GET /v1/issuing/merchant_brands': 'open',
};

/** Open routes that refuse a production account for what the body asks: a card payment, an identity check. */
const REST_WHEN: { route: string; refusal: Refusal; path?: (s: Setup) => string; body: (s: Setup) => unknown }[] = [
  { route: 'POST /v2/payment_intents/create', refusal: 'acquirer', body: () => intentBody(card('4242424242424242')) },
  { route: 'POST /v1/issuing/cardholders', refusal: 'identityCheck', body: () => holderBody({ kyc_verification: { method: 'THIRD_PARTY' } }) },
  {
    route: 'POST /v1/issuing/cardholders/:id',
    refusal: 'identityCheck',
    path: (s) => `/v1/issuing/cardholders/${s.cardholderId}`,
    body: () => ({ kyc_verification: { method: 'IDVPROVIDER_REDIRECT' } }),
  },
];

const GRAPHQL: Record<string, 'open' | Sandbox> = {
  'Query.viewer': 'open',
  'Query.accounts': 'open',
  'Query.accountAdditionalRequirements': 'open',
  'Query.rfis': 'open',
  'Query.rfi': 'open',
  'Query.balances': 'open',
  'Query.balance': 'open',
  'Query.balanceTransactions': 'open',
  'Query.deposits': 'open',
  'Query.deposit': 'open',
  'Query.transfers': 'open',
  'Query.transfer': 'open',
  'Query.exchangeRates': 'open',
  'Query.conversionDates': 'open',
  'Query.conversions': 'open',
  'Query.conversion': 'open',
  'Query.beneficiaries': 'open',
  'Query.beneficiary': 'open',
  'Query.checkBeneficiary': 'open',
  'Query.beneficiaryPaymentMethods': 'open',
  'Query.payouts': 'open',
  'Query.payout': 'open',
  'Query.virtualAccounts': 'open',
  'Query.virtualAccountApplications': 'open',
  'Query.virtualAccountApplication': 'open',
  'Query.bankAccounts': 'open',
  'Query.bankAccount': 'open',
  'Query.paymentBalances': 'open',
  'Query.paymentBalance': 'open',
  'Query.paymentPayouts': 'open',
  'Query.paymentPayout': 'open',
  'Query.refunds': 'open',
  'Query.refund': 'open',
  'Query.settlements': 'open',
  'Query.paymentIntents': 'open',
  'Query.paymentIntent': 'open',
  'Query.cardProducts': 'open',
  'Query.cardholders': 'open',
  'Query.cardholder': 'open',
  'Query.cards': 'open',
  'Query.card': 'open',
  'Query.cardSecureDetails': 'open',
  'Query.terminals': 'open',
  'Query.terminal': 'open',
  'Query.cardOrder': 'open',
  'Query.issuingBalances': 'open',
  'Query.issuingBalance': 'open',
  'Query.issuingBalanceTransactions': 'open',
  'Query.issuingTransfer': 'open',
  'Query.issuingReport': 'open',
  'Query.cardTransactions': 'open',
  'Query.cardTransaction': 'open',
  'Query.files': 'open',
  'Query.authDecisionConfig': 'open',
  'Query.webhookEndpoints': 'open',
  'Query.webhookDeliveries': 'open',
  'Query.cardArts': 'open',
  'Query.merchantBrands': 'open',
  'Mutation.createAccount': 'open',
  'Mutation.resubmitAccountDocuments': 'open',
  'Mutation.createSubAccount': 'open',
  'Mutation.answerRfi': 'open',
  'Mutation.simulateDeposit': 'simulations',
  'Mutation.createTransfer': 'open',
  'Mutation.createQuote': 'open',
  'Mutation.createConversion': 'open',
  'Mutation.createBeneficiary': 'open',
  'Mutation.updateBeneficiary': 'open',
  'Mutation.deleteBeneficiary': 'open',
  'Mutation.createPayout': 'open',
  'Mutation.advanceTestClock': 'testClock',
  'Mutation.openVirtualAccount': 'virtualAccounts',
  'Mutation.closeVirtualAccount': 'open',
  'Mutation.applyForVirtualAccounts': 'virtualAccounts',
  'Mutation.createBankAccount': 'open',
  'Mutation.updateBankAccount': 'open',
  'Mutation.createPaymentPayout': 'open',
  'Mutation.createRefund': 'open',
  'Mutation.createPaymentIntent': 'open',
  'Mutation.updatePaymentIntent': 'open',
  'Mutation.confirmPaymentIntent': {
    refusal: 'acquirer',
    body: (s) => ({ id: s.intentId, paymentMethod: { type: 'card', card: { cardNumber: '4242424242424242', expiryMonth: '12', expiryYear: '2030', cvc: '123' } } }),
  },
  'Mutation.capturePaymentIntent': 'open',
  'Mutation.cancelPaymentIntent': 'open',
  'Mutation.createCardholder': 'open',
  'Mutation.updateCardholder': 'open',
  'Mutation.createCard': 'open',
  'Mutation.updateCardStatus': 'open',
  'Mutation.updateCard': 'open',
  'Mutation.activateCard': 'open',
  'Mutation.assignCard': 'open',
  'Mutation.resetCardPin': 'open',
  'Mutation.enrollCardNetworkProtection': 'open',
  'Mutation.removeCardNetworkProtection': 'open',
  'Mutation.createCardPanToken': 'open',
  'Mutation.registerTerminal': 'open',
  'Mutation.terminalPinKey': 'open',
  'Mutation.rechargeCard': 'open',
  'Mutation.withdrawCard': 'open',
  'Mutation.elevateCardLimit': 'open',
  'Mutation.manageCardPin': 'open',
  'Mutation.transferToIssuingBalance': 'open',
  'Mutation.transferFromIssuingBalance': 'open',
  'Mutation.createIssuingTransfer': 'open',
  'Mutation.createIssuingReport': 'open',
  'Mutation.simulateCardAuthorization': 'simulations',
  'Mutation.simulateCardReversal': 'simulations',
  'Mutation.clearCardTransaction': 'simulations',
  'Mutation.refundCardTransaction': 'simulations',
  'Mutation.simulateUnsolicitedRefund': 'simulations',
  'Mutation.claimUnsolicitedRefund': 'open',
  'Mutation.uploadFile': 'open',
  'Mutation.fileDownloadLinks': 'open',
  'Mutation.configureAuthDecision': 'open',
  'Mutation.createWebhookEndpoint': 'open',
  'Mutation.updateWebhookEndpoint': 'open',
  'Mutation.rotateWebhookEndpointSecret': 'open',
  'Mutation.deleteWebhookEndpoint': 'open',
  'Mutation.resendWebhookDelivery': 'open',
  'Mutation.setDefaultCardArt': 'open',
  'Subscription.events': 'open',
};

const GRAPHQL_WHEN: { field: string; refusal: Refusal; body: (s: Setup) => unknown }[] = [
  {
    field: 'Mutation.createPaymentIntent',
    refusal: 'acquirer',
    body: () => ({
      amount: '5000.00',
      currency: 'USD',
      merchantOrderId: 'order-1',
      description: 'Blue mug',
      returnUrl: 'https://shop.example/return',
      paymentMethod: { type: 'card', card: { cardNumber: '4242424242424242', expiryMonth: '12', expiryYear: '2030', cvc: '123' } },
    }),
  },
  {
    field: 'Mutation.createCardholder',
    refusal: 'identityCheck',
    body: () => {
      const h = holderBody();
      return { email: h.email, firstName: h.first_name, lastName: 'Smith', countryCode: 'SG', phoneNumber: h.phone_number, dateOfBirth: '1990-05-17', kycVerification: { method: 'THIRD_PARTY' } };
    },
  },
  { field: 'Mutation.updateCardholder', refusal: 'identityCheck', body: (s) => ({ id: s.cardholderId, kycVerification: { method: 'SUMSUB_REDIRECT' } }) },
];

let t: TestApp;
let c: Client;
let schema: GraphQLSchema;
let setup: Setup;

beforeAll(async () => {
  t = await startProductionApp();
  const tenant = await productionMaster(t.services, 'Production merchant');
  c = (await clientOf(t, tenant)).withHeaders({ 'x-client-id': tenant.clientId });
  schema = await buildGraphQLSchema();
  const intent = await c.post('/v2/payment_intents/create', intentBody());
  const holder = await c.post('/v1/issuing/cardholders', holderBody());
  if (intent.status !== 200 || holder.status !== 200) throw new Error(`set-up failed: ${intent.raw} ${holder.raw}`);
  setup = { intentId: intent.body.payment_intent_id as string, cardholderId: holder.body.cardholder_id as string };
});
afterAll(() => t.close());

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const refusalOf = (s: Sandbox): Refusal => (typeof s === 'string' ? s : s.refusal);

// --- REST ---

const withIds = (path: string) => path.replace(/:[a-z_]+/g, ANY_ID);

async function callRest(key: string, path: string, body: unknown) {
  const method = key.split(' ')[0] as 'GET' | 'POST' | 'DELETE';
  if (method === 'GET') return c.get(path);
  return method === 'POST' ? c.post(path, body) : c.delete(path, body);
}

/** The refusal as the route's family renders it. */
function restRefusal(key: string, refusal: Refusal): Json {
  const route = t.app.restRoutes.routes.find((r) => `${r.method} ${r.path}` === key)!;
  const { code, message } = REFUSALS[refusal];
  if (route.family === 'account_center') return { code: 400, message };
  return { type: refusal === 'identityCheck' ? 'cardholder_error' : 'account_error', code, message };
}

describe('REST in production mode: every registered route', () => {
  it('is classified here, and nothing more', () => {
    const registered = t.app.restRoutes.routes.map((r) => `${r.method} ${r.path}`).sort();
    expect(registered).toEqual(Object.keys(REST).sort());
  });

  it('answers a sandbox-only route with its refusal', async () => {
    const seen: Record<string, unknown> = {};
    const want: Record<string, unknown> = {};
    for (const [key, how] of Object.entries(REST)) {
      if (how === 'open') continue;
      const path = typeof how === 'object' && how.path ? how.path(setup) : withIds(key.slice(key.indexOf(' ') + 1));
      const res = await callRest(key, path, typeof how === 'object' ? how.body(setup) : {});
      seen[key] = { status: res.status, body: res.body };
      want[key] = { status: 400, body: restRefusal(key, refusalOf(how)) };
    }
    expect(seen).toEqual(want);
  });

  it('refuses a card payment and an identity check asked of an open route', async () => {
    for (const w of REST_WHEN) {
      const res = await callRest(w.route, w.path ? w.path(setup) : w.route.slice(w.route.indexOf(' ') + 1), w.body(setup));
      expect({ route: w.route, status: res.status, body: res.body }).toEqual({ route: w.route, status: 400, body: restRefusal(w.route, w.refusal) });
    }
  });

  it('never answers an open route with a sandbox refusal or an internal error', async () => {
    const bad: string[] = [];
    for (const [key, how] of Object.entries(REST)) {
      if (how !== 'open' || key === 'POST /v1/connect/token') continue;
      const res = await callRest(key, withIds(key.slice(key.indexOf(' ') + 1)), {});
      const body = res.body as Json;
      if (res.status >= 500 || REFUSAL_MESSAGES.has(body?.message) || REFUSAL_CODES.has(body?.code)) bad.push(`${key}: ${res.status} ${res.raw}`);
    }
    expect(bad).toEqual([]);
  });
});

// --- GraphQL ---

const rootFields = (): [string, GraphQLField<unknown, unknown>][] =>
  (['Query', 'Mutation', 'Subscription'] as const).flatMap((name) => {
    const type = schema.getType(name) as GraphQLObjectType | undefined;
    return type ? Object.values(type.getFields()).map((f) => [`${name}.${f.name}`, f] as [string, GraphQLField<unknown, unknown>]) : [];
  });

/** A value of an input type with every required member filled: enough to pass GraphQL's own validation. */
function sample(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0]!.value as unknown;
  if (isInputObjectType(type)) {
    return Object.fromEntries(Object.values(type.getFields()).filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => [f.name, sample(f.type)]));
  }
  const scalars: Record<string, unknown> = { ID: ANY_ID, String: 'x', Int: 1, Float: 1, Boolean: false, Decimal: '1', DateTime: '2026-11-21T10:00:00Z', Upload: null };
  return getNamedType(type).name in scalars ? scalars[getNamedType(type).name] : {};
}

/** `<op> { field(required args) { __typename } }` with its variables; `input` replaces the generated `input` argument. */
function probe(key: string, field: GraphQLField<unknown, unknown>, input?: unknown): { query: string; variables: Json } {
  const op = key.startsWith('Query.') ? 'query' : key.startsWith('Mutation.') ? 'mutation' : 'subscription';
  const args = field.args.filter((a) => isNonNullType(a.type) || (input !== undefined && a.name === 'input'));
  const decl = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const call = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  const variables = Object.fromEntries(args.map((a) => [a.name, a.name === 'input' && input !== undefined ? input : sample(a.type)]));
  return { query: `${op} Probe${decl ? `(${decl})` : ''} { ${field.name}${call ? `(${call})` : ''}${selection} }`, variables };
}

const gql = (p: { query: string; variables: Json }) => c.gql(p.query, p.variables);

describe('GraphQL in production mode: every root field', () => {
  it('is classified here, and nothing more', () => {
    expect(rootFields().map(([k]) => k).sort()).toEqual(Object.keys(GRAPHQL).sort());
  });

  it('answers a sandbox-only field with its refusal', async () => {
    const seen: Record<string, unknown> = {};
    const want: Record<string, unknown> = {};
    for (const [key, field] of rootFields()) {
      const how = GRAPHQL[key]!;
      if (how === 'open') continue;
      const res = await gql(probe(key, field, typeof how === 'object' ? how.body(setup) : undefined));
      seen[key] = res.errors?.map((e) => e.extensions?.code);
      want[key] = [REFUSALS[refusalOf(how)].code];
    }
    expect(seen).toEqual(want);
  });

  it('refuses a card payment and an identity check asked of an open field', async () => {
    const fields = new Map(rootFields());
    for (const w of GRAPHQL_WHEN) {
      const res = await gql(probe(w.field, fields.get(w.field)!, w.body(setup)));
      expect({ field: w.field, codes: res.errors?.map((e) => e.extensions?.code) }).toEqual({ field: w.field, codes: [REFUSALS[w.refusal].code] });
    }
  });

  it('never answers an open field with a sandbox refusal or an internal error', async () => {
    const bad: string[] = [];
    for (const [key, field] of rootFields()) {
      if (GRAPHQL[key] !== 'open') continue;
      const res = await gql(probe(key, field));
      const wrong = (res.errors ?? []).filter((e) => REFUSAL_CODES.has(String(e.extensions?.code)) || e.extensions?.type === 'internal');
      if (res.status >= 500 || wrong.length > 0) bad.push(`${key}: ${res.status} ${JSON.stringify(res.errors)}`);
    }
    expect(bad).toEqual([]);
  });
});
