import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { schemaMembers } from '../../src/platform/validation/sensitive';
import { startTestApp, type TestApp } from '../support/app';
import type { Client, Json, RestReply } from '../support/client';
import { fundWallet } from '../support/ledger';
import { fundPaymentBalance } from '../support/payment-balance';
import { countChange, rowCounts } from '../support/replay';
import { makeSub } from '../support/tenants';
import { individualBody, companyBody, withField, PNG } from '../onboarding/accounts/onboarding-bodies';
import { company, individual } from '../onboarding/accounts/sub-account-bodies';
import { authBody, fundIssuing } from '../issuing/transactions/fixtures';
import { createHolder } from '../issuing/cardholders/fixtures';
import { createCard, plastic, productOf } from '../issuing/cards/fixtures';
import { conversionBody, quote, type RestQuote } from '../wallet/fx/fixtures';
import { card, intentBody } from '../acquiring/payments/fixtures';
import { createBeneficiary, payoutBody } from '../wallet/payouts/fixtures';
import { rfisOf, subAccountAskedForInformation, uploadedPdf } from '../onboarding/rfis/fixtures';
import { buildWorld, type Ids, type World } from './walk-fixtures';

/**
 * Every REST mutation that names an object in its BODY (and every list filtered by an id in its
 * query), sent by another tenant with the owner's object: refused exactly as the same caller naming
 * an unknown id (spec 4.0: no tenant learns that another's object exists), and nothing changes —
 * the owner's object reads back byte for byte, every ledger balance and every table's row count
 * stay as they were. The intruders are another master, a sub-account of another master acted for
 * by its own master (x-on-behalf-of), and the owner's sibling. Each intruder names its own objects
 * for every other reference of the body, so the only thing that can refuse is the lookup of the
 * owner's object. The registry's request schemas keep the tables complete: a body or query member
 * that names an object and is not walked here fails the last tests.
 */

let t: TestApp;
let w: World;

const UNKNOWN = '00000000-0000-4000-8000-00000000d00d';

/** What an intruder names for the references the row does not walk: objects of its own. */
interface Own {
  beneficiary: string;
  cardholder: string;
  /** A card product of the intruder's own tree. */
  product: string;
  card: string;
  file: string;
  /** A captured payment intent. */
  intent: string;
  /** An RFI the intruder may answer, with the client acting for the sub-account it asks. */
  rfi?: { c: Client; id: string };
}

interface Intruder {
  name: 'another master' | "another master's sub-account" | 'a sibling sub-account';
  c: Client;
  /** The acting account. */
  account: string;
  own: Own;
}

let intruders: Intruder[];
/** Objects of the owner the world does not hold: an unused quote, the tree's card art, list filter values
 * (a settlement batch, an event, an issuing balance transaction, the cardholder of the card), the
 * owner's short reference. */
let extra: { quote: RestQuote; cardArt: string; settlementBatch: string; event: string; issuingTransaction: string; cardCardholder: string; accountReference: string };

function ok(res: RestReply, what: string): Json {
  if (res.status !== 200) throw new Error(`${what} failed: ${res.status} ${res.raw}`);
  return res.body;
}

/** Money and objects of its own, so that a body naming the owner's object is refused by that lookup alone. */
async function equip(c: Client, account: string): Promise<Own> {
  await fundWallet(t.services, account, 'USD', '1000.00');
  await fundIssuing(t, c, account, 'USD', '100.00');
  await fundPaymentBalance(t.services, account, 'USD', '100.00');
  const intent = ok(await c.post('/v2/payment_intents/create', intentBody({ merchant_order_id: `own-${randomUUID().slice(0, 8)}` })), 'intent').payment_intent_id as string;
  ok(await c.post(`/v2/payment_intents/${intent}/confirm`, card()), 'confirm');
  return {
    beneficiary: await createBeneficiary(c),
    cardholder: (await createHolder(c)).cardholder_id as string,
    product: await productOf(c, '428852'),
    card: (await createCard(c)).card_id as string,
    file: await uploadedPdf(c),
    intent,
  };
}

beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorld(t);
  const b = w.intruders.find((i) => i.name === 'another master')!.c;
  const betaOne = await makeSub(t.services, w.beta, 'Beta One');
  const two = w.intruders.find((i) => i.name === 'a sibling sub-account')!.c;
  const betaRfiOwner = await subAccountAskedForInformation(b);
  const [betaRfi] = await rfisOf(b.as(betaRfiOwner));
  intruders = [
    { name: 'another master', c: b, account: w.beta.account.id, own: await equip(b, w.beta.account.id) },
    {
      name: "another master's sub-account",
      c: b.as(betaOne.id),
      account: betaOne.id,
      own: { ...(await equip(b.as(betaOne.id), betaOne.id)), rfi: { c: b.as(betaRfiOwner), id: betaRfi!.rfi_id } },
    },
    // The owner's sibling; the RFI it answers is its other sibling's (the world's RFI owner).
    { name: 'a sibling sub-account', c: two, account: w.two.id, own: { ...(await equip(two, w.two.id)), rfi: { c: w.master.as(w.ids.rfiOwner), id: w.ids.rfi } } },
  ];

  const arts = ok(await w.owner.get('/v1/issuing/cards/arts'), 'arts').card_arts as Json[];
  const settlements = ok(await w.owner.get('/v2/payment/settlements', { page_number: 1, page_size: 100 }, { headers: { 'x-idempotency-key': randomUUID() } }), 'settlements').data as Json[];
  const [delivery] = ok(await w.owner.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 1 }), 'deliveries').data as Json[];
  const [issuingTransaction] = ok(await w.owner.get('/v1/issuing/balances/transactions', { page_number: 1, page_size: 10 }), 'issuing transactions').data as Json[];
  extra = {
    quote: await quote(w.owner, { sell_amount: '10.00' }),
    cardArt: arts[0]!.card_art_id as string,
    settlementBatch: settlements[0]!.settlement_batch_id as string,
    event: delivery!.event_id as string,
    issuingTransaction: issuingTransaction!.transaction_id as string,
    accountReference: ok(await w.owner.get(`/v1/accounts/${w.one.id}`), 'account').short_reference_id as string,
    cardCardholder: ok(await w.owner.get(`/v1/issuing/cards/${w.ids.card}`), 'card').cardholder.cardholder_id as string,
  };
}, 180_000);
afterAll(() => t.close());

/**
 * A refusal that is the lookup's: the route's not-found answer, the files' `no uploaded file has
 * this id` (AF6), the issuing families' `does not exist`, the terminals' `no such terminal`, a
 * refund's `not a captured attempt of this payment intent` and the download links' `Query data
 * error` (the interface spec's answer when "a file id does not exist or is not visible").
 */
const LOOKUP = /not found|not exist|no uploaded file has this id|no such terminal|not a captured attempt of this payment intent|^Query data error$/i;

/**
 * One body member that names an object. `ref` is the member's path as the route's request schema
 * lists it (`[]` for every element of an array). `body` names `id` there and the intruder's own
 * objects everywhere else; `path` fills the route's parameter with the intruder's own object.
 * `readBack`: a GET (as the object's owner) that shows the object, or a GraphQL query where
 * REST has no read of it. `scope: 'tree'`: the object is
 * shared by the owner's tree (a card product, a card art, an account a sibling may pay or transfer
 * to), so only the other tree's callers are intruders. `callers`: the intruders the route serves at
 * all, when not every one (a master's own onboarding; an RFI's sub-account), with the reason.
 */
interface BodyRow {
  route: string;
  ref: string;
  object: (ids: Ids) => string;
  body: (id: string, me: Intruder) => Json;
  path?: (me: Intruder) => string;
  readBack: (ids: Ids) => string;
  owner?: () => Client;
  scope?: 'tree';
  callers?: { only: Intruder['name'][]; why: string };
  /** The documented refusal a sibling gets instead of the unknown id's, and where it is documented. */
  sibling?: { refusal: [number, Json]; why: string };
  /** The client the intruder sends with, when not its own acting client. */
  as?: (me: Intruder) => Client;
  /** A second way to name the object (a short reference), with an unknown value of that form. */
  variant?: { name: string; unknown: string };
}

const cardBack = (i: Ids) => `/v1/issuing/cards/${i.card}`;
const transactionBack = (i: Ids) => `/v1/issuing/transactions/${i.cardTransaction}`;
const fileBack = () => '/v1/files/download_links';
const filesOf = (i: Ids) => i.file;
const onlyMasters = { only: ['another master'] as Intruder['name'][], why: 'onboarding a connected account is a master acting as itself (a sub-account has none)' };
const rfiAnswerers = { only: ["another master's sub-account", 'a sibling sub-account'] as Intruder['name'][], why: 'only a sub-account asked for information answers an RFI' };

/** AF1 with one file reference at `at` (replacing the inline document beside it). */
const af1 = (base: Json, at: (string | number)[], inline: string) => (id: string): Json => withField(withField(base, [...at.slice(0, -1), inline], undefined), at, id);
/** AF2 with one document at `at` given as a file id. */
const af2 = (base: () => Json, at: (string | number)[], value: (id: string) => unknown) => (id: string): Json => withField(base(), at, value(id));

const BODY_ROWS: BodyRow[] = [
  // Accounts: AF1 file references, AF2 documents given as file ids, a RETURN resubmission.
  { route: 'POST /v1/accounts', ref: 'documents.[].front_file_id', object: filesOf, body: af1(individualBody(), ['documents', 0, 'front_file_id'], 'front'), readBack: fileBack, callers: onlyMasters },
  { route: 'POST /v1/accounts', ref: 'documents.[].back_file_id', object: filesOf, body: (id) => withField(individualBody(), ['documents', 0, 'back_file_id'], id), readBack: fileBack, callers: onlyMasters },
  {
    route: 'POST /v1/accounts',
    ref: 'person_details.identification.documents.front_file_id',
    object: filesOf,
    body: af1(individualBody(), ['person_details', 'identification', 'documents', 'front_file_id'], 'front'),
    readBack: fileBack,
    callers: onlyMasters,
  },
  {
    route: 'POST /v1/accounts',
    ref: 'person_details.identification.documents.back_file_id',
    object: filesOf,
    body: af1(individualBody(), ['person_details', 'identification', 'documents', 'back_file_id'], 'back'),
    readBack: fileBack,
    callers: onlyMasters,
  },
  {
    route: 'POST /v1/accounts',
    ref: 'representatives.[].identification.documents.front_file_id',
    object: filesOf,
    body: af1(companyBody(), ['representatives', 0, 'identification', 'documents', 'front_file_id'], 'front'),
    readBack: fileBack,
    callers: onlyMasters,
  },
  {
    route: 'POST /v1/accounts',
    ref: 'representatives.[].identification.documents.back_file_id',
    object: filesOf,
    body: (id) => withField(companyBody(), ['representatives', 0, 'identification', 'documents', 'back_file_id'], id),
    readBack: fileBack,
    callers: onlyMasters,
  },
  { route: 'POST /v1/accounts/create_accounts', ref: 'company_info.certification_of_incorporation', object: filesOf, body: af2(company, ['company_info', 'certification_of_incorporation'], (id) => [id]), readBack: fileBack, callers: onlyMasters },
  { route: 'POST /v1/accounts/create_accounts', ref: 'identity_verification.identity_docs', object: filesOf, body: af2(individual, ['identity_verification', 'identity_docs'], (id) => [id]), readBack: fileBack, callers: onlyMasters },
  { route: 'POST /v1/accounts/create_accounts', ref: 'identity_verification.face_docs', object: filesOf, body: af2(individual, ['identity_verification', 'face_docs'], (id) => [id]), readBack: fileBack, callers: onlyMasters },
  {
    route: 'POST /v1/accounts/create_accounts',
    ref: 'ownership_details.representatives.[].identity_docs',
    object: filesOf,
    body: af2(company, ['ownership_details', 'representatives', 0, 'identity_docs'], (id) => [id]),
    readBack: fileBack,
    callers: onlyMasters,
  },
  {
    route: 'POST /v1/accounts/create_accounts',
    ref: 'ownership_details.representatives.[].other_documents.[].doc_str',
    object: filesOf,
    body: af2(company, ['ownership_details', 'representatives', 0, 'other_documents'], (id) => [{ type: 'OTHER', doc_str: id }]),
    readBack: fileBack,
    callers: onlyMasters,
  },
  { route: 'POST /v1/accounts/create_accounts', ref: 'ownership_details.shareholder_docs', object: filesOf, body: af2(company, ['ownership_details', 'shareholder_docs'], (id) => [id]), readBack: fileBack, callers: onlyMasters },
  { route: 'POST /v1/accounts/create_accounts', ref: 'proof_documents.proof_of_address', object: filesOf, body: af2(individual, ['proof_documents', 'proof_of_address'], (id) => [id]), readBack: fileBack, callers: onlyMasters },
  { route: 'POST /v1/accounts/create_accounts', ref: 'proof_documents.source_of_funds', object: filesOf, body: af2(individual, ['proof_documents', 'source_of_funds'], (id) => [id]), readBack: fileBack, callers: onlyMasters },
  {
    route: 'POST /v1/accounts/create_accounts',
    ref: 'proof_documents.proof_of_position_and_income',
    object: filesOf,
    body: af2(individual, ['proof_documents', 'proof_of_position_and_income'], (id) => [id]),
    readBack: fileBack,
    callers: onlyMasters,
  },
  { route: 'POST /v1/accounts/create_accounts', ref: 'proof_documents.other_proof', object: filesOf, body: af2(individual, ['proof_documents', 'other_proof'], (id) => [id]), readBack: fileBack, callers: onlyMasters },
  {
    route: 'POST /v1/accounts/create_accounts',
    ref: 'additional_documents.required_docs.[].doc_str',
    object: filesOf,
    body: af2(individual, ['additional_documents'], (id) => ({ required_docs: [{ profile_key: 'proof_of_address', doc_str: id }] })),
    readBack: fileBack,
    callers: onlyMasters,
  },
  {
    route: 'POST /v1/accounts/create_accounts',
    ref: 'additional_documents.option_docs.[].doc_str',
    object: filesOf,
    body: af2(individual, ['additional_documents'], (id) => ({ option_docs: [{ profile_key: 'other', doc_str: id }] })),
    readBack: fileBack,
    callers: onlyMasters,
  },
  {
    route: 'POST /v1/accounts/:id/documents',
    ref: 'documents.[].front_file_id',
    object: filesOf,
    path: (me) => `/v1/accounts/${me.account}/documents`,
    body: (id) => ({ documents: [{ type: 'PROOF_OF_ADDRESS', front_file_id: id }] }),
    readBack: fileBack,
  },
  {
    route: 'POST /v1/accounts/:id/documents',
    ref: 'documents.[].back_file_id',
    object: filesOf,
    path: (me) => `/v1/accounts/${me.account}/documents`,
    body: (id) => ({ documents: [{ type: 'PROOF_OF_ADDRESS', front: PNG, back_file_id: id }] }),
    readBack: fileBack,
  },
  {
    route: 'POST /v1/rfis/answer',
    ref: 'rfi_id',
    object: (i) => i.rfi,
    body: (id) => ({ rfi_id: id, answer: [{ key: 'source_of_funds', type: 'TEXT', text: 'Salary' }] }),
    readBack: (i) => `/v1/rfis/${i.rfi}`,
    owner: () => w.master.as(w.ids.rfiOwner),
  },
  {
    route: 'POST /v1/rfis/answer',
    ref: 'answer.[].attachments',
    object: filesOf,
    body: (id, me) => ({ rfi_id: me.own.rfi!.id, answer: [{ key: 'proof_of_address', type: 'ATTACHMENT', attachments: [id] }, { key: 'source_of_funds', type: 'TEXT', text: 'Salary' }] }),
    readBack: fileBack,
    callers: rfiAnswerers,
    as: (me) => me.own.rfi!.c,
  },

  // Banking: transfers, conversions, payouts.
  {
    route: 'POST /v1/transfer',
    ref: 'source_account_id',
    object: (i) => i.account,
    body: (id, me) => ({ source_account_id: id, target_account_id: me.account, currency: 'USD', amount: '1.00', reason: 'Taken over' }),
    readBack: () => '/v1/balances/USD',
    sibling: {
      refusal: [400, { code: 400, message: "Invalid value for field 'source_account_id': a sub-account can only transfer out of its own wallet" }],
      why: 'docs/decisions.md, Transfers (BT6): a sibling is a target a sub-account may name, so naming it as the source is this refusal',
    },
  },
  {
    route: 'POST /v1/transfer',
    ref: 'target_account_id',
    object: (i) => i.account,
    body: (id, me) => ({ source_account_id: me.account, target_account_id: id, currency: 'USD', amount: '1.00', reason: 'Taken over' }),
    readBack: () => '/v1/balances/USD',
    scope: 'tree',
  },
  { route: 'POST /v1/conversion', ref: 'quote_id', object: () => extra.quote.quote_id, body: (id) => conversionBody(extra.quote, { quote_id: id }), readBack: () => '/v1/conversion?page_size=100' },
  { route: 'POST /v1/payouts', ref: 'beneficiary_id', object: (i) => i.beneficiary, body: (id) => payoutBody(id, { amount: '1.00' }), readBack: (i) => `/v1/beneficiaries/${i.beneficiary}` },
  {
    route: 'POST /v1/payouts',
    ref: 'quote_id',
    object: () => extra.quote.quote_id,
    body: (id, me) =>
      payoutBody(me.own.beneficiary, { quote_id: id, currency: 'USD', amount: String(extra.quote.sell_amount), payout_currency: extra.quote.buy_currency, payout_amount: String(extra.quote.buy_amount) }),
    readBack: () => '/v1/payouts?page_size=100',
  },
  {
    route: 'POST /v1/payouts',
    ref: 'documentation.[].file_id',
    object: filesOf,
    body: (id, me) => payoutBody(me.own.beneficiary, { amount: '1.00', documentation: [{ type: 'INVOICE', file_id: id }] }),
    readBack: fileBack,
  },

  // Payments: refunds, payment payouts, terminals.
  {
    route: 'POST /v2/payment/refunds',
    ref: 'payment_intent_id',
    object: (i) => i.paymentIntent,
    body: (id) => ({ payment_intent_id: id, amount: '1.00', reason: 'requested_by_customer' }),
    readBack: (i) => `/v2/payment_intents/${i.paymentIntent}`,
  },
  {
    route: 'POST /v2/payment/refunds',
    ref: 'payment_attempt_id',
    object: (i) => i.paymentAttempt,
    body: (id, me) => ({ payment_intent_id: me.own.intent, payment_attempt_id: id, amount: '1.00', reason: 'requested_by_customer' }),
    readBack: (i) => `/v2/payment/payment_attempts/${i.paymentAttempt}`,
  },
  {
    route: 'POST /v2/payment/payout/create',
    ref: 'payout_account_id',
    object: (i) => i.account,
    body: (id) => ({ payout_currency: 'USD', payout_amount: '1.00', statement_descriptor: 'PAYRAIL PAYOUT', payout_account_id: id }),
    readBack: () => '/v2/payment/payout?page_size=100',
    scope: 'tree',
  },
  {
    route: 'POST /v2/payment/payout/create',
    ref: 'payout_account_id',
    // No short reference holds a 0: the alphabet leaves it out (src/platform/ids/ids.ts).
    variant: { name: 'by short reference', unknown: 'PA000000' },
    object: () => extra.accountReference,
    body: (id) => ({ payout_currency: 'USD', payout_amount: '1.00', statement_descriptor: 'PAYRAIL PAYOUT', payout_account_id: id }),
    readBack: () => '/v2/payment/payout?page_size=100',
    scope: 'tree',
  },
  { route: 'POST /v2/terminal/getPinKey', ref: 'terminal_id', object: (i) => i.terminal, body: (id) => ({ terminal_id: id, prv_key: 'ab'.repeat(32) }), readBack: () => '{ terminals(first: 100) { edges { node { terminalId pinKeyExpire updatedAt } } } }' },

  // Issuing: cards, card orders, issuing transfers, simulations, card arts.
  { route: 'POST /v1/issuing/cards', ref: 'cardholder_id', object: (i) => i.cardholder, body: (id, me) => ({ card_currency: 'USD', card_product_id: me.own.product, cardholder_id: id }), readBack: (i) => `/v1/issuing/cardholders/${i.cardholder}` },
  {
    route: 'POST /v1/issuing/cards',
    ref: 'card_product_id',
    object: (i) => i.cardProduct,
    body: (id, me) => ({ card_currency: 'USD', card_product_id: id, cardholder_id: me.own.cardholder }),
    readBack: () => '/v1/issuing/cards?page_size=100',
    scope: 'tree',
  },
  { route: 'POST /v1/issuing/cards/activate', ref: 'card_id', object: (i) => i.card, body: (id) => ({ card_id: id, activation_code: '123456', pin: '246810' }), readBack: cardBack },
  {
    route: 'POST /v1/issuing/cards/assign',
    ref: 'cardholder_id',
    object: (i) => i.cardholder,
    body: (id) => ({ cardholder_id: id, card_number: plastic(), card_currency: 'USD', card_mode: 'SINGLE' }),
    readBack: (i) => `/v1/issuing/cardholders/${i.cardholder}`,
  },
  { route: 'POST /v1/issuing/cards/:id', ref: 'card_art_id', object: () => extra.cardArt, path: (me) => `/v1/issuing/cards/${me.own.card}`, body: (id) => ({ card_art_id: id }), readBack: () => '/v1/issuing/cards/arts', scope: 'tree' },
  { route: 'POST /v1/issuing/cards/pin', ref: 'card_id', object: (i) => i.card, body: (id) => ({ card_id: id, pin: '135790' }), readBack: cardBack },
  { route: 'POST /v1/issuing/cards/manage/pin', ref: 'card_id', object: (i) => i.card, body: (id) => ({ card_id: id, type: 'SET', pin: '135790' }), readBack: cardBack },
  {
    route: 'POST /v1/issuing/transfers',
    ref: 'source_account_id',
    object: (i) => i.account,
    body: (id, me) => ({ source_account_id: id, destination_account_id: me.account, currency: 'USD', amount: 1, remark: 'Taken over' }),
    readBack: () => '/v1/issuing/balances',
  },
  {
    route: 'POST /v1/issuing/transfers',
    ref: 'destination_account_id',
    object: (i) => i.account,
    body: (id, me) => ({ source_account_id: me.account, destination_account_id: id, currency: 'USD', amount: 1, remark: 'Taken over' }),
    readBack: () => '/v1/issuing/balances',
    scope: 'tree',
  },
  { route: 'POST /v1/simulation/issuing/authorization', ref: 'card_id', object: (i) => i.card, body: (id) => authBody(id, { transaction_amount: 1 }), readBack: cardBack },
  { route: 'POST /v1/simulation/issuing/reversal', ref: 'transaction_id', object: (i) => i.cardTransaction, body: (id) => ({ transaction_id: id }), readBack: transactionBack },
  { route: 'POST /v1/simulation/issuing/clearing', ref: 'transaction_id', object: (i) => i.cardTransaction, body: (id) => ({ transaction_id: id }), readBack: transactionBack },
  { route: 'POST /v1/simulation/issuing/refund', ref: 'transaction_id', object: (i) => i.cardTransaction, body: (id) => ({ transaction_id: id, amount: 1 }), readBack: transactionBack },
  {
    route: 'POST /v1/simulation/issuing/unsolicited_refund',
    ref: 'card_id',
    object: (i) => i.card,
    body: (id) => ({ card_id: id, amount: 1, merchant_name: 'Coffee Corner', merchant_category_code: '5814' }),
    readBack: cardBack,
  },
  { route: 'POST /v1/issuing/transactions/unsolicited_refund/release', ref: 'related_transaction_id', object: (i) => i.cardTransaction, body: (id) => ({ related_transaction_id: id }), readBack: transactionBack },
  { route: 'POST /v1/issuing/cards/arts/default', ref: 'card_art_id', object: () => extra.cardArt, body: (id) => ({ card_art_id: id }), readBack: () => '/v1/issuing/cards/arts', scope: 'tree' },

  // Files.
  { route: 'POST /v1/files/download_links', ref: 'file_ids', object: filesOf, body: (id) => ({ file_ids: [id] }), readBack: fileBack },
];

/**
 * Lists filtered by an id in the query: another tenant filtering by the owner's object gets what a
 * filter by an unknown id gets, while the owner's own filter shows the object (so the filter is real).
 */
interface QueryRow {
  route: string;
  ref: string;
  object: (ids: Ids) => string;
  scope?: 'tree';
  /** What shows the owner's filter found something, when the answer does not repeat the id. */
  found?: (body: Json) => boolean;
}

const QUERY_ROWS: QueryRow[] = [
  { route: '/v2/payment/refunds', ref: 'payment_intent_id', object: (i) => i.paymentIntent },
  { route: '/v2/payment/settlements', ref: 'payment_intent_id', object: (i) => i.settledIntent },
  { route: '/v2/payment/settlements', ref: 'settlement_batch_id', object: () => extra.settlementBatch },
  { route: '/v2/payment/payment_attempts', ref: 'payment_intent_id', object: (i) => i.paymentIntent },
  { route: '/v1/issuing/cards', ref: 'cardholder_id', object: () => extra.cardCardholder },
  { route: '/v1/issuing/balances/transactions', ref: 'transaction_id', object: () => extra.issuingTransaction },
  { route: '/v1/issuing/transactions', ref: 'card_id', object: (i) => i.card },
  { route: '/v1/webhooks/deliveries', ref: 'endpoint_id', object: (i) => i.webhookEndpoint },
  { route: '/v1/webhooks/deliveries', ref: 'event_id', object: () => extra.event },
  { route: '/v1/issuing/cards/arts', ref: 'card_product_id', object: (i) => i.cardProduct, scope: 'tree', found: (b) => (b.card_arts as Json[]).length > 0 },
];

/**
 * Request members named like an id that name no object of a tenant, and why they are not walked.
 * Keyed `METHOD path member`.
 */
const NOT_OBJECT_REFS: Record<string, string> = {
  'POST /v1/connect/token client_id': "the caller's own credential: the token endpoint authenticates it (test/auth)",
  'POST /v1/beneficiaries additional_info.proxy_id': "the beneficiary's payment proxy at its bank (PayNow, DuitNow...)",
  'POST /v1/beneficiaries additional_info.tax_id': "the beneficiary's tax number",
  'POST /v1/beneficiaries/check additional_info.proxy_id': "the beneficiary's payment proxy at its bank",
  'POST /v1/beneficiaries/check additional_info.tax_id': "the beneficiary's tax number",
  'POST /v1/payouts payer_id': 'kept for the record, never looked up: funds always come from the acting wallet (docs/decisions.md, Payouts)',
  'POST /v2/payment_intents/create merchant_order_id': "the merchant's own order reference",
  'POST /v2/payment_intents/create customer_id': "the merchant's own customer reference",
  'POST /v2/payment_intents/create browser_info.device_id': "the shopper's device, as the browser reports it",
  'POST /v2/payment_intents/create payment_method.card.three_ds.ds_transaction_id': "the 3-D Secure directory server's transaction",
  'POST /v2/payment_intents/:id merchant_order_id': "the merchant's own order reference",
  'POST /v2/payment_intents/:id customer_id': "the merchant's own customer reference",
  'POST /v2/payment_intents/:id/confirm browser_info.device_id': "the shopper's device, as the browser reports it",
  'POST /v2/payment_intents/:id/confirm payment_method.card.three_ds.ds_transaction_id': "the 3-D Secure directory server's transaction",
  'GET /v2/payment_intents merchant_order_id': "the merchant's own order reference, a text filter of the caller's own intents",
  'GET /v2/payment/refunds merchant_order_id': "the merchant's own order reference, a text filter of the caller's own refunds",
};

/** Every ledger balance, by ledger account. */
async function balances(): Promise<string[]> {
  const rows = await t.db.prisma.ledgerAccount.findMany({ orderBy: [{ accountId: 'asc' }, { currency: 'asc' }, { purpose: 'asc' }] });
  return rows.map((r) => `${r.accountId} ${r.currency} ${r.purpose} ${r.balance.toFixed()}`);
}

const outcome = (res: RestReply): [number, Json] => [res.status, res.body];
const routeOf = (row: { route: string }) => t.app.restRoutes.routes.find((r) => `${r.method} ${r.path}` === row.route)!;
const intrudersOf = (row: { scope?: 'tree'; callers?: BodyRow['callers'] }) =>
  intruders.filter((i) => (row.scope !== 'tree' || i.name !== 'a sibling sub-account') && (!row.callers || row.callers.only.includes(i.name)));

describe("another tenant names the owner's object in a request body: refused as an unknown id, nothing changed", () => {
  it.each(BODY_ROWS.map((r) => [`${r.route} ${r.ref}${r.variant ? ` (${r.variant.name})` : ''}`, r] as const))('%s', async (_name, row) => {
    const owner = row.owner ? row.owner() : w.owner;
    const id = row.object(w.ids);
    // The routes that require an idempotency key store every complete answer, refusals included.
    const keyed = routeOf(row).idempotency === 'required';
    const send = (me: Intruder, named: string) =>
      (row.as ? row.as(me) : me.c).post(row.path ? row.path(me) : row.route.slice('POST '.length), row.body(named, me), { key: keyed ? randomUUID() : null });
    const readBack = async (): Promise<string> => {
      const target = row.readBack(w.ids);
      if (target.startsWith('{')) {
        const res = await owner.gql<Json, Json>(target);
        expect(res.errors).toBeUndefined();
        return JSON.stringify(res.data);
      }
      // A file has no GET of its own: its download link shows it.
      const res = target === fileBack() ? await owner.post(target, { file_ids: [id] }, { key: null }) : await owner.get(target);
      expect(res.status).toBe(200);
      return res.raw;
    };
    const before = { object: await readBack(), balances: await balances(), counts: await rowCounts(t) };
    let calls = 0;
    for (const me of intrudersOf(row)) {
      const unknown = await send(me, row.variant?.unknown ?? UNKNOWN);
      expect([me.name, unknown.status, String(unknown.body.message)]).toEqual([me.name, 400, expect.stringMatching(LOOKUP)]);
      const theirs = await send(me, id);
      calls += 2;
      const expected = me.name === 'a sibling sub-account' && row.sibling ? row.sibling.refusal : outcome(unknown);
      expect([me.name, ...outcome(theirs)]).toEqual([me.name, ...expected]);
    }
    expect(calls).toBeGreaterThan(0);
    expect(await readBack()).toBe(before.object);
    expect(await balances()).toEqual(before.balances);
    expect(countChange(before.counts, await rowCounts(t))).toEqual(keyed ? { idempotency_keys: calls } : {});
  });
});

describe("another tenant filters a list by the owner's object: the answer of an unknown id", () => {
  it.each(QUERY_ROWS.map((r) => [`GET ${r.route}?${r.ref}`, r] as const))('%s', async (_name, row) => {
    const list = (c: Client, named: string) =>
      c.get(row.route, { page_number: 1, page_size: 100, [row.ref]: named }, { headers: { 'x-idempotency-key': randomUUID() } });
    const id = row.object(w.ids);
    const mine = await list(w.owner, id);
    expect(mine.status).toBe(200);
    if (row.found) expect(row.found(mine.body)).toBe(true);
    else expect(mine.raw).toContain(id);
    for (const me of intrudersOf(row)) {
      const unknown = outcome(await list(me.c, UNKNOWN));
      expect([me.name, ...outcome(await list(me.c, id))]).toEqual([me.name, ...unknown]);
    }
  });
});

describe('the tables are complete', () => {
  /** Every request member named like an id (`*_id`, `*_ids`, `*Id`), as `METHOD path member`. */
  const idMembers = (where: 'body' | 'query'): string[] =>
    t.app.restRoutes.routes.flatMap((r) => {
      const schemas: z.ZodType[] = where === 'body' ? (r.body ? [r.body] : []) : (r.query ?? []);
      const paths = schemas.flatMap((s) => schemaMembers(s).map((m) => m.path.join('.')));
      return [...new Set(paths)].filter((p) => /(_ids?|Ids?)$/.test(p)).map((p) => `${r.method} ${r.path} ${p}`);
    });
  const walkedBodies = () => BODY_ROWS.map((r) => `${r.route} ${r.ref}`);

  it('walks or names every body member named like an id', () => {
    const covered = new Set([...walkedBodies(), ...Object.keys(NOT_OBJECT_REFS)]);
    expect(idMembers('body').filter((m) => !covered.has(m))).toEqual([]);
  });

  it('walks or names every query member named like an id', () => {
    const covered = new Set([...QUERY_ROWS.map((r) => `GET ${r.route} ${r.ref}`), ...Object.keys(NOT_OBJECT_REFS)]);
    expect(idMembers('query').filter((m) => !covered.has(m))).toEqual([]);
  });

  it('names only members the request schemas have', () => {
    const members = new Set(
      t.app.restRoutes.routes.flatMap((r) => [r.body, ...(r.query ?? [])].flatMap((s) => (s ? schemaMembers(s).map((m) => `${r.method} ${r.path} ${m.path.join('.')}`) : []))),
    );
    const named = [...walkedBodies(), ...QUERY_ROWS.map((r) => `GET ${r.route} ${r.ref}`), ...Object.keys(NOT_OBJECT_REFS)];
    expect(named.filter((m) => !members.has(m))).toEqual([]);
  });
});
