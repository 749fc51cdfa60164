import * as openpgp from 'openpgp';
import { createApiKey } from '../../src/domain/developers/keys/api-keys';
import { Permission } from '../../src/platform/auth/permissions';
import type { Json } from '../support/client';
import { fundPaymentBalance } from '../support/payment-balance';
import type { World } from '../support/replay';
import { advance } from '../support/sandbox';
import { individualBody, PNG } from '../onboarding/accounts/onboarding-bodies';
import { individual as subAccountBody } from '../onboarding/accounts/sub-account-bodies';
import { bankAccountBody, createBankAccount } from '../acquiring/bank-accounts/fixtures';
import { individual as individualBeneficiary } from '../wallet/beneficiaries/fixtures';
import { authBody } from '../issuing/transactions/fixtures';
import { holderBody } from '../issuing/cardholders/fixtures';
import { cardBody, plastic, productOf } from '../issuing/cards/fixtures';
import { depositBody } from '../wallet/deposits/fixtures';
import { conversionBody, quoteBody, type RestQuote } from '../wallet/fx/fixtures';
import { card, intentBody } from '../acquiring/payments/fixtures';
import { beneficiaryBody, payoutBody } from '../wallet/payouts/fixtures';
import { answers, subAccountAskedForInformation, rfisOf, uploadedPdf } from '../onboarding/rfis/fixtures';
import { registerBody } from '../acquiring/terminals/fixtures';
import { transferBody } from '../wallet/transfers/fixtures';
import { openActive } from '../wallet/virtual-accounts/fixtures';
import { pumpOnce } from '../developers/webhooks/harness';
import { Receiver } from '../developers/webhooks/receiver';

/**
 * The replay tables: for every mutating REST route of the registry and every GraphQL mutation of
 * the schema, how to prepare a valid call on a fresh world (its prerequisites made through the
 * API), or why the route is not idempotent by design. test/idempotency/replay-*.test.ts walk them.
 */

// --- shared preparations (through the REST door, as a client would) ---

async function ok(res: Promise<{ status: number; raw: string; body: Json }>, what: string): Promise<Json> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what} failed: ${r.status} ${r.raw}`);
  return r.body;
}

let receiver: Receiver | undefined;
/** One receiver for every endpoint the tables make, so a pump delivers on loopback only. */
export async function hookUrl(): Promise<string> {
  receiver ??= await Receiver.start();
  return receiver.url;
}
export async function closeTables(): Promise<void> {
  await receiver?.close();
  receiver = undefined;
}

export const beneficiary = async (w: World): Promise<string> => (await ok(w.c.post('/v1/beneficiaries', beneficiaryBody()), 'beneficiary')).beneficiary_id as string;
export const quoteOf = async (w: World): Promise<RestQuote> => (await ok(w.c.post('/v1/conversion/quote', quoteBody()), 'quote')) as RestQuote;
export const intent = async (w: World): Promise<string> => (await ok(w.c.post('/v2/payment_intents/create', intentBody()), 'intent')).payment_intent_id as string;
/** A confirmed card payment, authorized and held for capture. */
export async function heldIntent(w: World): Promise<string> {
  const id = await intent(w);
  await ok(w.c.post(`/v2/payment_intents/${id}/confirm`, card('4242424242424242', { auto_capture: false })), 'confirm');
  return id;
}
export async function capturedIntent(w: World): Promise<string> {
  const id = await heldIntent(w);
  await ok(w.c.post(`/v2/payment_intents/${id}/capture`, {}), 'capture');
  return id;
}
export const holder = async (w: World): Promise<string> => (await ok(w.c.post('/v1/issuing/cardholders', holderBody()), 'cardholder')).cardholder_id as string;
/** An ACTIVE virtual card, its issuing balance funded first with 500.00 USD. */
export async function activeCard(w: World, over: Json = {}, bin?: string): Promise<string> {
  await ok(w.c.post('/v1/issuing/balances/transfer_in', { currency: 'USD', amount: 500 }), 'transfer_in');
  const made = await ok(w.c.post('/v1/issuing/cards', await cardBody(w.c, over, bin)), 'card');
  await advance(w.c, 3);
  return made.card_id as string;
}
/** An ACTIVE SINGLE card (491090), which recharges and withdrawals move money onto and off. */
export const singleCard = (w: World): Promise<string> => activeCard(w, { card_limit: 100 }, '491090');
export async function assigned(w: World): Promise<Json> {
  return ok(w.c.post('/v1/issuing/cards/assign', { cardholder_id: await holder(w), card_number: plastic(), card_currency: 'USD', card_mode: 'SINGLE' }), 'assign');
}
export async function activePhysical(w: World): Promise<string> {
  const a = await assigned(w);
  await ok(w.c.post('/v1/issuing/cards/activate', { card_id: a.card_id, activation_code: a.activation_code, pin: '246810' }), 'activate');
  await advance(w.c, 3);
  return a.card_id as string;
}
export async function authorization(w: World): Promise<string> {
  const cardId = await activeCard(w);
  return (await ok(w.c.post('/v1/simulation/issuing/authorization', authBody(cardId)), 'authorization')).transaction_id as string;
}
export async function cleared(w: World): Promise<string> {
  const id = await authorization(w);
  await ok(w.c.post('/v1/simulation/issuing/clearing', { transaction_id: id }), 'clearing');
  return id;
}
export async function unsolicited(w: World): Promise<string> {
  const cardId = await activeCard(w);
  return (await ok(w.c.post('/v1/simulation/issuing/unsolicited_refund', { card_id: cardId, amount: 7.25, merchant_name: 'Airline', merchant_category_code: '4511' }), 'unsolicited')).transaction_id as string;
}
export async function subAccount(w: World): Promise<string> {
  return (await ok(w.c.post('/v1/accounts/create_accounts', subAccountBody()), 'sub-account')).account_id as string;
}
export async function returnedAccount(w: World): Promise<string> {
  const id = (await ok(w.c.post('/v1/accounts', individualBody('Returned SIMULATE-RETURN applicant')), 'AF1')).account_id as string;
  await advance(w.c, 60);
  return id;
}
export async function openRfi(w: World): Promise<{ rfiId: string; fileId: string }> {
  const sub = await subAccountAskedForInformation(w.c);
  const rfi = (await rfisOf(w.c)).find((r) => r.account_id === sub);
  if (!rfi) throw new Error('no rfi');
  return { rfiId: rfi.rfi_id, fileId: await uploadedPdf(w.c) };
}
export async function endpoint(w: World): Promise<string> {
  return (await ok(w.c.post('/v1/webhooks/endpoints', { url: await hookUrl() }), 'endpoint')).webhook_endpoint_id as string;
}
/** A SUCCEEDED delivery of the world's own endpoint. */
export async function delivered(w: World): Promise<string> {
  await endpoint(w);
  await beneficiary(w);
  await pumpOnce(w.t);
  const list = await ok(w.c.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10 }), 'deliveries');
  const d = (list.data as Json[]).find((x) => x.status === 'SUCCEEDED');
  if (!d) throw new Error(`no delivered webhook: ${JSON.stringify(list)}`);
  return d.webhook_delivery_id as string;
}
export async function paymentFunds(w: World): Promise<void> {
  await fundPaymentBalance(w.t.services, w.id, 'USD', '500.00');
  await createBankAccount(w.c, 'USD_US');
}
let pgpKey: Promise<string> | undefined;
/** An armored PGP public key for the decision endpoint (one per process: generating one is slow). */
export function publicKey(): Promise<string> {
  pgpKey ??= openpgp.generateKey({ type: 'ecc', curve: 'curve25519Legacy', userIDs: [{ name: 'Replay', email: 'replay@customer.test' }], format: 'armored' }).then((k) => k.publicKey);
  return pgpKey;
}
export async function cardArt(w: World): Promise<string> {
  const arts = await ok(w.c.get('/v1/issuing/cards/arts', { card_product_id: await productOf(w.c, '527735') }), 'arts');
  return (arts.card_arts as Json[])[1]!.card_art_id as string;
}

// --- REST ---

export interface RestCall {
  /** The path under /api, ids filled in. */
  path: string;
  body: Json;
}

export interface RestFixture {
  prepare: (w: World) => Promise<RestCall>;
  /** Members of the first answer that replays leave out (marked secretAnswer: shown once). */
  shownOnce?: string[];
}

const at = (path: string, body: Json = {}): RestCall => ({ path, body });

/** Mutating routes outside the idempotency layer by design, with the reason. */
export const REST_NOT_IDEMPOTENT: Record<string, string> = {
  'POST /v1/connect/token': 'the public token exchange: it authenticates, so there is no account to keep a key under',
  'POST /v1/files/upload': 'the body is a multipart stream read once; it cannot be fingerprinted before it is read',
  'POST /v2/terminal/getPinKey': 'every call answers the same PIN key while it is valid, and a stored answer would keep the key',
  'POST /v1/issuing/cards/:id/token': 'the token is shown once: a replay could not answer it, a retry gets a new token',
  'POST /v1/issuing/cards/manage/pin': 'the body holds a PIN, whose fingerprint would undo the slow hash it is kept under',
};

export const REST_TABLE: Record<string, RestFixture> = {
  'POST /v1/accounts': { prepare: async () => at('/v1/accounts', individualBody('Replay Applicant')) },
  'POST /v1/accounts/create_accounts': { prepare: async () => at('/v1/accounts/create_accounts', subAccountBody()) },
  'POST /v1/accounts/:id/documents': {
    prepare: async (w) => at(`/v1/accounts/${await returnedAccount(w)}/documents`, { documents: [{ type: 'PROOF_OF_ADDRESS', front: PNG }] }),
  },
  'POST /v1/rfis/answer': {
    prepare: async (w) => {
      const { rfiId, fileId } = await openRfi(w);
      return at('/v1/rfis/answer', { rfi_id: rfiId, answer: answers(fileId) });
    },
  },
  'POST /v1/simulation/deposit': { prepare: async () => at('/v1/simulation/deposit', depositBody()) },
  'POST /v1/transfer': { prepare: async (w) => at('/v1/transfer', transferBody(w.id, await subAccount(w))) },
    // The day's rates are fetched once per database, on its first quote: fetch them before measuring.
  'POST /v1/conversion/quote': { prepare: async (w) => (await quoteOf(w), at('/v1/conversion/quote', quoteBody())) },
  'POST /v1/conversion': { prepare: async (w) => at('/v1/conversion', conversionBody(await quoteOf(w))) },
  'POST /v1/beneficiaries': { prepare: async () => at('/v1/beneficiaries', individualBeneficiary()) },
  'POST /v1/beneficiaries/check': { prepare: async () => at('/v1/beneficiaries/check', { entity_type: 'COMPANY', account_number: '004123456789', payment_method: 'SWIFT', currency: 'USD', bank_country_code: 'HK', company_name: 'Acme Trading (HK) Ltd.' }) },
  'POST /v1/beneficiaries/:id': { prepare: async (w) => at(`/v1/beneficiaries/${await beneficiary(w)}`, { nickname: 'Renamed' }) },
  'POST /v1/beneficiaries/:id/delete': { prepare: async (w) => at(`/v1/beneficiaries/${await beneficiary(w)}/delete`) },
  'POST /v1/payouts': { prepare: async (w) => at('/v1/payouts', payoutBody(await beneficiary(w))) },
  'POST /v1/virtual/accounts': { prepare: async () => at('/v1/virtual/accounts', { currency: 'USD' }) },
  'POST /v1/simulation/clock/advance': { prepare: async () => at('/v1/simulation/clock/advance', { seconds: 60 }) },
  'POST /v2/payment/bankaccount/create': { prepare: async () => at('/v2/payment/bankaccount/create', bankAccountBody()) },
  'POST /v2/payment/bankaccount/:id': { prepare: async (w) => at(`/v2/payment/bankaccount/${await createBankAccount(w.c)}`, bankAccountBody('USD_US', { bank_name: 'Another Bank' })) },
  'POST /v2/payment/payout/create': {
    prepare: async (w) => {
      await paymentFunds(w);
      return at('/v2/payment/payout/create', { payout_currency: 'USD', payout_amount: '50.00', statement_descriptor: 'SWEEP' });
    },
  },
  'POST /v2/payment/refunds': { prepare: async (w) => at('/v2/payment/refunds', { payment_intent_id: await capturedIntent(w), amount: '10.00', reason: 'requested_by_customer' }) },
  'POST /v2/payment_intents/create': { prepare: async () => at('/v2/payment_intents/create', intentBody()) },
  'POST /v2/payment_intents/:id': { prepare: async (w) => at(`/v2/payment_intents/${await intent(w)}`, { description: 'Red mug' }) },
  'POST /v2/payment_intents/:id/confirm': { prepare: async (w) => at(`/v2/payment_intents/${await intent(w)}/confirm`, card()) },
  'POST /v2/payment_intents/:id/capture': { prepare: async (w) => at(`/v2/payment_intents/${await heldIntent(w)}/capture`, { amount_to_capture: '40.00' }) },
  'POST /v2/payment_intents/:id/cancel': { prepare: async (w) => at(`/v2/payment_intents/${await intent(w)}/cancel`, { cancellation_reason: 'requested_by_customer' }) },
  'POST /v2/terminal/register': { prepare: async () => at('/v2/terminal/register', registerBody()) },
  'POST /v1/issuing/cardholders': { prepare: async () => at('/v1/issuing/cardholders', holderBody()) },
  'POST /v1/issuing/cardholders/:id': { prepare: async (w) => at(`/v1/issuing/cardholders/${await holder(w)}`, { gender: 'FEMALE', nationality: 'SG' }) },
  'POST /v1/issuing/cards': {
    prepare: async (w) => {
      await w.c.post('/v1/issuing/balances/transfer_in', { currency: 'USD', amount: 100 });
      return at('/v1/issuing/cards', await cardBody(w.c));
    },
  },
  'POST /v1/issuing/cards/:id/status': { prepare: async (w) => at(`/v1/issuing/cards/${await activeCard(w)}/status`, { card_status: 'FROZEN' }) },
  'POST /v1/issuing/cards/activate': {
    prepare: async (w) => {
      const a = await assigned(w);
      return at('/v1/issuing/cards/activate', { card_id: a.card_id, activation_code: a.activation_code, pin: '246810' });
    },
  },
  'POST /v1/issuing/cards/assign': {
    prepare: async (w) => at('/v1/issuing/cards/assign', { cardholder_id: await holder(w), card_number: plastic(), card_currency: 'USD', card_mode: 'SINGLE' }),
    shownOnce: ['activation_code'],
  },
  'POST /v1/issuing/cards/:id': { prepare: async (w) => at(`/v1/issuing/cards/${await activeCard(w)}`, { metadata: { team: 'ops' } }) },
  'POST /v1/issuing/cards/pin': { prepare: async (w) => at('/v1/issuing/cards/pin', { card_id: await activePhysical(w), pin: '654321' }) },
  'POST /v1/issuing/cards/:id/risk': { prepare: async (w) => at(`/v1/issuing/cards/${await activeCard(w)}/risk`, { risk_control: 'network_protection', action_code: '41' }) },
  'DELETE /v1/issuing/cards/:id/risk': {
    prepare: async (w) => {
      const id = await activeCard(w);
      await ok(w.c.post(`/v1/issuing/cards/${id}/risk`, { risk_control: 'network_protection', action_code: '41' }), 'enroll');
      return at(`/v1/issuing/cards/${id}/risk`, { risk_control: 'network_protection' });
    },
  },
  'POST /v1/issuing/balances': { prepare: async () => at('/v1/issuing/balances', { currency: 'USD' }) },
  'POST /v1/issuing/balances/transfer_in': { prepare: async () => at('/v1/issuing/balances/transfer_in', { currency: 'USD', amount: 120.5 }) },
  'POST /v1/issuing/balances/transfer_out': {
    prepare: async (w) => {
      await ok(w.c.post('/v1/issuing/balances/transfer_in', { currency: 'USD', amount: 200 }), 'transfer_in');
      return at('/v1/issuing/balances/transfer_out', { currency: 'USD', amount: 50.5 });
    },
  },
  'POST /v1/issuing/transfers': {
    prepare: async (w) => {
      await ok(w.c.post('/v1/issuing/balances/transfer_in', { currency: 'USD', amount: 200 }), 'transfer_in');
      return at('/v1/issuing/transfers', { source_account_id: w.id, destination_account_id: await subAccount(w), currency: 'USD', amount: 5 });
    },
  },
  'POST /v1/issuing/cards/:id/recharge': { prepare: async (w) => at(`/v1/issuing/cards/${await singleCard(w)}/recharge`, { amount: 25 }) },
  'POST /v1/issuing/cards/:id/withdraw': { prepare: async (w) => at(`/v1/issuing/cards/${await singleCard(w)}/withdraw`, { amount: 25 }) },
  'POST /v1/issuing/cards/:id/elevate_limit': { prepare: async (w) => at(`/v1/issuing/cards/${await activeCard(w, { card_limit: 50 })}/elevate_limit`, { limit_amount: 80 }) },
  'POST /v1/simulation/issuing/authorization': { prepare: async (w) => at('/v1/simulation/issuing/authorization', authBody(await activeCard(w))) },
  'POST /v1/simulation/issuing/reversal': { prepare: async (w) => at('/v1/simulation/issuing/reversal', { transaction_id: await authorization(w) }) },
  'POST /v1/simulation/issuing/clearing': { prepare: async (w) => at('/v1/simulation/issuing/clearing', { transaction_id: await authorization(w) }) },
  'POST /v1/simulation/issuing/refund': { prepare: async (w) => at('/v1/simulation/issuing/refund', { transaction_id: await cleared(w), amount: 4 }) },
  'POST /v1/simulation/issuing/unsolicited_refund': {
    prepare: async (w) => at('/v1/simulation/issuing/unsolicited_refund', { card_id: await activeCard(w), amount: 7.25, merchant_name: 'Airline', merchant_category_code: '4511' }),
  },
  'POST /v1/issuing/transactions/unsolicited_refund/release': {
    prepare: async (w) => at('/v1/issuing/transactions/unsolicited_refund/release', { related_transaction_id: await unsolicited(w), remark: 'not ours, keep it' }),
  },
  'POST /v1/issuing/reports': { prepare: async () => at('/v1/issuing/reports', { report_type: 'TRANSACTION', start_time: '2026-01-01T00:00:00Z', end_time: '2026-11-01T00:00:00Z' }) },
  'POST /v1/files/download_links': { prepare: async (w) => at('/v1/files/download_links', { file_ids: [await uploadedPdf(w.c)] }) },
  'POST /v1/issuing/auth_decision': { prepare: async () => at('/v1/issuing/auth_decision', { url: 'https://decide.example.com/auth', public_key: await publicKey(), timeout_strategy: 'DECLINE' }) },
  'POST /v1/webhooks/endpoints': { prepare: async () => at('/v1/webhooks/endpoints', { url: await hookUrl() }), shownOnce: ['secret'] },
  'POST /v1/webhooks/endpoints/:id': { prepare: async (w) => at(`/v1/webhooks/endpoints/${await endpoint(w)}`, { status: 'DISABLED' }) },
  'POST /v1/webhooks/endpoints/:id/rotate_secret': { prepare: async (w) => at(`/v1/webhooks/endpoints/${await endpoint(w)}/rotate_secret`), shownOnce: ['secret'] },
  'POST /v1/webhooks/endpoints/:id/delete': { prepare: async (w) => at(`/v1/webhooks/endpoints/${await endpoint(w)}/delete`) },
  'POST /v1/webhooks/deliveries/:id/resend': { prepare: async (w) => at(`/v1/webhooks/deliveries/${await delivered(w)}/resend`) },
  'POST /v1/issuing/cards/arts/default': { prepare: async (w) => at('/v1/issuing/cards/arts/default', { card_art_id: await cardArt(w) }) },
};


// --- GraphQL ---

export interface GraphQLFixture {
  /** The mutation's variables, on a world prepared for it. */
  prepare: (w: World) => Promise<Json>;
  /** Fields of the answer (dotted paths in its payload) that replays give as null (secrets: shown once). */
  shownOnce?: string[];
  /** Permissions the world's key holds (a mutation that needs one). */
  permissions?: string[];
}

/** Wire names to GraphQL's, members of nested objects too (`bank_details.account_number` -> `bankDetails.accountNumber`). */
export function camel(value: Json): Json {
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k.replace(/_([a-z0-9])/g, (_m, ch: string) => ch.toUpperCase()),
      v !== null && typeof v === 'object' && !Array.isArray(v) ? camel(v as Json) : v,
    ]),
  );
}

const input = (value: Json): Json => ({ input: value });
/** A REST bank account body as GraphQL's input: camelCase, and the bank code type as its enum value. */
const bankAccountInput = (body: Json): Json => {
  const value = camel(body);
  return typeof value.bankCodeType === 'string' ? { ...value, bankCodeType: value.bankCodeType.toUpperCase() } : value;
};
/** A key of the world's account to disable or rotate (not the one calling, whose token the replays use). */
const apiKeyOf = async (w: World): Promise<string> => (await createApiKey(w.t.services, { accountId: w.id })).record.id;
const visa = (extra: Json = {}): Json => ({ type: 'CARD', card: { number: '4242424242424242', expiryMonth: '12', expiryYear: '2030', cvc: '123', cardName: 'Ada Lovelace', ...extra } });

/** Mutations outside the idempotency layer by design, with the reason. */
export const GRAPHQL_NOT_IDEMPOTENT: Record<string, string> = {
  uploadFile: 'a multipart stream read once, as REST POST /v1/files/upload',
  fileDownloadLinks: 'a read: it signs links to existing files and writes nothing',
  createCardPanToken: 'the token is shown once, as REST POST /v1/issuing/cards/{id}/token',
  terminalPinKey: 'every call answers the same PIN key while it is valid, as REST POST /v2/terminal/getPinKey',
  manageCardPin: 'the input holds a PIN, as REST POST /v1/issuing/cards/manage/pin',
};

export const GRAPHQL_TABLE: Record<string, GraphQLFixture> = {
  activateCard: {
    prepare: async (w) => {
      const a = await assigned(w);
      return input({ cardId: a.card_id, activationCode: a.activation_code, pin: '246810' });
    },
  },
  advanceTestClock: { prepare: async () => input({ seconds: 60 }) },
  answerRfi: {
    prepare: async (w) => {
      const { rfiId, fileId } = await openRfi(w);
      return input({ rfiId, answer: answers(fileId).map(camel) });
    },
  },
  applyForVirtualAccounts: { prepare: async () => input({ country: 'SG', currency: 'SGD', paymentMethod: 'LOCAL', nickname: 'Collections' }) },
  assignCard: {
    prepare: async (w) => input({ cardholderId: await holder(w), cardNumber: plastic(), cardCurrency: 'USD', cardMode: 'SINGLE' }),
    shownOnce: ['cardAssignment.activationCode'],
  },
  cancelPaymentIntent: { prepare: async (w) => input({ id: await intent(w), cancellationReason: 'DUPLICATE' }) },
  capturePaymentIntent: { prepare: async (w) => input({ id: await heldIntent(w), amountToCapture: '40.00' }) },
  claimUnsolicitedRefund: { prepare: async (w) => input({ relatedTransactionId: await unsolicited(w), remark: 'not ours, keep it' }) },
  clearCardTransaction: { prepare: async (w) => input({ transactionId: await authorization(w) }) },
  closeVirtualAccount: { prepare: async (w) => input({ id: (await openActive(w.t, w.c, { currency: 'AUD' })).account_bank_id, reason: 'no longer needed' }) },
  configureAuthDecision: { prepare: async () => input({ url: 'https://decide.example.com/auth', publicKey: await publicKey(), timeoutStrategy: 'DECLINE' }) },
  confirmPaymentIntent: { prepare: async (w) => input({ id: await intent(w), paymentMethod: visa() }) },
  createAccount: { prepare: async () => input(individualBody('Replay GraphQL Applicant')) },
  // GraphQL names the bank code type in SCREAMING_CASE (REST's aba is ABA).
  createBankAccount: { prepare: async () => input(bankAccountInput(bankAccountBody())) },
  createBeneficiary: { prepare: async () => input(camel(beneficiaryBody())) },
  createCard: {
    prepare: async (w) => {
      await ok(w.c.post('/v1/issuing/balances/transfer_in', { currency: 'USD', amount: 100 }), 'transfer_in');
      const body = await cardBody(w.c);
      return input({ cardCurrency: body.card_currency, cardProductId: body.card_product_id, cardholderId: body.cardholder_id });
    },
  },
  createCardholder: { prepare: async () => input(camel(holderBody())) },
  createConversion: {
    prepare: async (w) => {
      const q = await quoteOf(w);
      // Amounts as GraphQL's Decimal takes them: decimal strings.
      return input({ ...camel(conversionBody(q)), sellAmount: String(q.sell_amount), buyAmount: String(q.buy_amount) });
    },
  },
  createIssuingReport: { prepare: async () => input({ reportType: 'TRANSACTION', startTime: '2026-01-01T00:00:00Z', endTime: '2026-11-01T00:00:00Z' }) },
  createIssuingTransfer: {
    prepare: async (w) => {
      await ok(w.c.post('/v1/issuing/balances/transfer_in', { currency: 'USD', amount: 200 }), 'transfer_in');
      return input({ sourceAccountId: w.id, destinationAccountId: await subAccount(w), currency: 'USD', amount: '5' });
    },
  },
  createPaymentIntent: { prepare: async () => input(camel(intentBody())) },
  createPaymentPayout: {
    prepare: async (w) => {
      await paymentFunds(w);
      return input({ payoutCurrency: 'USD', payoutAmount: '50.00', statementDescriptor: 'SWEEP' });
    },
  },
  createPayout: { prepare: async (w) => input(camel(payoutBody(await beneficiary(w)))) },
  // The day's rates are fetched once per database, on its first quote: fetch them before measuring.
  createQuote: { prepare: async (w) => (await quoteOf(w), input(camel(quoteBody()))) },
  createRefund: { prepare: async (w) => input({ paymentIntentId: await capturedIntent(w), amount: '10.00', reason: 'requested_by_customer' }) },
  createSubAccount: { prepare: async () => input({ name: 'Replayed sub-account' }) },
  createTransfer: { prepare: async (w) => input(camel(transferBody(w.id, await subAccount(w)))) },
  createApiKey: { prepare: async () => input({ allowedIps: ['10.0.0.0/8'], expiresAt: '2031-01-01T00:00:00.000Z' }), shownOnce: ['secret'], permissions: [Permission.ManageApiKeys] },
  createWebhookEndpoint: { prepare: async () => input({ url: await hookUrl() }), shownOnce: ['secret'] },
  deleteBeneficiary: { prepare: async (w) => input({ id: await beneficiary(w) }) },
  deleteWebhookEndpoint: { prepare: async (w) => input({ id: await endpoint(w) }) },
  disableApiKey: { prepare: async (w) => input({ id: await apiKeyOf(w) }), permissions: [Permission.ManageApiKeys] },
  elevateCardLimit: { prepare: async (w) => input({ cardId: await activeCard(w, { card_limit: 50 }), limitAmount: '80' }) },
  enrollCardNetworkProtection: { prepare: async (w) => input({ cardId: await activeCard(w), actionCode: '41' }) },
  openVirtualAccount: { prepare: async () => input({ currency: 'USD' }) },
  rechargeCard: { prepare: async (w) => input({ cardId: await singleCard(w), amount: '25' }) },
  refundCardTransaction: { prepare: async (w) => input({ transactionId: await cleared(w), amount: '4' }) },
  registerTerminal: { prepare: async () => input({ ...camel(registerBody()), firmCode: 'PAX' }) },
  removeCardNetworkProtection: {
    prepare: async (w) => {
      const id = await activeCard(w);
      await ok(w.c.post(`/v1/issuing/cards/${id}/risk`, { risk_control: 'network_protection', action_code: '41' }), 'enroll');
      return input({ cardId: id });
    },
  },
  resendWebhookDelivery: { prepare: async (w) => input({ id: await delivered(w) }) },
  resetCardPin: { prepare: async (w) => input({ id: await activePhysical(w), pin: '654321' }) },
  resubmitAccountDocuments: { prepare: async (w) => ({ accountId: await returnedAccount(w), input: { documents: [{ type: 'PROOF_OF_ADDRESS', front: PNG }] } }) },
  rotateApiKey: { prepare: async (w) => input({ id: await apiKeyOf(w) }), shownOnce: ['secret'], permissions: [Permission.ManageApiKeys] },
  rotateWebhookEndpointSecret: { prepare: async (w) => input({ id: await endpoint(w) }), shownOnce: ['secret'] },
  setDefaultCardArt: { prepare: async (w) => input({ cardArtId: await cardArt(w) }) },
  // GraphQL's amounts are Decimal strings (REST sends a JSON number).
  simulateCardAuthorization: {
    prepare: async (w) => {
      const body = camel(authBody(await activeCard(w)));
      return input({ ...body, transactionAmount: String(body.transactionAmount) });
    },
  },
  simulateCardReversal: { prepare: async (w) => input({ transactionId: await authorization(w) }) },
  simulateDeposit: { prepare: async () => input({ ...camel(depositBody()), amount: String(depositBody().amount) }) },
  simulateUnsolicitedRefund: { prepare: async (w) => input({ cardId: await activeCard(w), amount: '7.25', merchantName: 'Airline', merchantCategoryCode: '4511' }) },
  transferFromIssuingBalance: {
    prepare: async (w) => {
      await ok(w.c.post('/v1/issuing/balances/transfer_in', { currency: 'USD', amount: 200 }), 'transfer_in');
      return input({ currency: 'USD', amount: '50.5' });
    },
  },
  transferToIssuingBalance: { prepare: async () => input({ currency: 'USD', amount: '120.5' }) },
  updateBankAccount: {
    prepare: async (w) => {
      const { currency: _c, ...rest } = bankAccountInput(bankAccountBody('USD_US', { bank_name: 'Another Bank' }));
      return input({ id: await createBankAccount(w.c), ...rest });
    },
  },
  updateBeneficiary: { prepare: async (w) => input({ id: await beneficiary(w), nickname: 'Renamed' }) },
  updateCard: { prepare: async (w) => input({ id: await activeCard(w), metadata: { team: 'ops' } }) },
  updateCardStatus: { prepare: async (w) => input({ id: await activeCard(w), status: 'FROZEN' }) },
  updateCardholder: { prepare: async (w) => input({ id: await holder(w), gender: 'FEMALE', nationality: 'SG' }) },
  updatePaymentIntent: { prepare: async (w) => input({ id: await intent(w), description: 'Red mug' }) },
  updateWebhookEndpoint: { prepare: async (w) => input({ id: await endpoint(w), status: 'DISABLED' }) },
  withdrawCard: { prepare: async (w) => input({ cardId: await singleCard(w), amount: '25' }) },
};
