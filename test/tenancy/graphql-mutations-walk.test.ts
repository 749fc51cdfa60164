import { startTestApp, type TestApp } from '../support/app';
import type { Client, GraphQLReply, Json } from '../support/client';
import { quote } from '../wallet/fx/fixtures';
import { plastic } from '../issuing/cards/fixtures';
import { PNG } from '../onboarding/accounts/onboarding-bodies';
import { buildWorld, type World } from './walk-fixtures';

/**
 * Every GraphQL mutation that names an object by id, sent by another tenant (another master, and
 * the owner's sibling sub-account) with the owner's object: refused exactly as the same call with
 * an unknown id, and the object reads back unchanged. The schema is read by introspection: a
 * mutation with an ID field or argument that the table does not name fails the last test.
 */

let t: TestApp;
let w: World;
/** Objects read at set-up: an unused quote, the tree's card art, the owner's virtual account. */
let extra: { quote: string; cardArt: string; virtualAccount: string };

const UNKNOWN = '00000000-0000-4000-8000-00000000d00d';

beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorld(t);
  const arts = await w.owner.gql<Json, Json>('{ cardArts { cardArts { id } } }');
  const vas = await w.owner.gql<Json, Json>('{ virtualAccounts(first: 1) { edges { node { id } } } }');
  extra = {
    quote: (await quote(w.owner, { sell_amount: '10.00' })).quote_id,
    cardArt: arts.data!.cardArts.cardArts[0].id as string,
    virtualAccount: vas.data!.virtualAccounts.edges[0].node.id as string,
  };
}, 120_000);
afterAll(() => t.close());

type Ids = World['ids'];
/**
 * One row per mutation: the input with the owner's object (`ref` names the input field holding
 * the id the test swaps for an unknown one), a REST GET that reads the object back (unchanged by
 * the refusals), and who may not use it: `tree` objects (card products, card arts) are shared by a
 * master's tree, so only another master is an intruder. `secure`: keys with the secure-details
 * permission, as the mutation needs it. `arg`: the id is an argument beside the input.
 */
interface Row {
  field: string;
  ref: string;
  input: (ids: Ids) => Json;
  /** A REST path, or a GraphQL query where REST has no read of the object. */
  readBack: (ids: Ids) => string;
  scope?: 'tree' | 'sibling';
  secure?: true;
  arg?: true;
  /** The object's owner, when it is not Alpha One. */
  owner?: () => Client;
  /** The documented refusal a sibling gets instead of the unknown id's, and where it is documented. */
  sibling?: { refusal: [string, string]; why: string };
}

const cardBack = (ids: Ids) => `/v1/issuing/cards/${ids.card}`;
const API_KEYS = '{ apiKeys(first: 100) { edges { node { id status updatedAt } } } }';
const cardInput = { cvc: '123', expiryMonth: '12', expiryYear: '2030', cardNumber: '4242424242424242' };
const authorization = { merchantCategoryCode: '5814', merchantName: 'Coffee Corner', transactionAmount: '1', transactionCurrency: 'USD' };

const ROWS: Row[] = [
  { field: 'activateCard', ref: 'cardId', input: (i) => ({ cardId: i.card, activationCode: '123456', pin: '246810' }), readBack: cardBack },
  {
    field: 'answerRfi',
    ref: 'rfiId',
    input: (i) => ({ rfiId: i.rfi, answer: [{ key: 'source_of_funds', type: 'TEXT', text: 'Salary' }] }),
    readBack: (i) => `/v1/rfis/${i.rfi}`,
    owner: () => w.master.as(w.ids.rfiOwner),
  },
  { field: 'assignCard', ref: 'cardholderId', input: (i) => ({ cardholderId: i.cardholder, cardCurrency: 'USD', cardMode: 'SINGLE', cardNumber: plastic() }), readBack: (i) => `/v1/issuing/cardholders/${i.cardholder}` },
  { field: 'cancelPaymentIntent', ref: 'id', input: (i) => ({ id: i.paymentIntent }), readBack: (i) => `/v2/payment_intents/${i.paymentIntent}` },
  { field: 'capturePaymentIntent', ref: 'id', input: (i) => ({ id: i.paymentIntent }), readBack: (i) => `/v2/payment_intents/${i.paymentIntent}` },
  { field: 'claimUnsolicitedRefund', ref: 'relatedTransactionId', input: (i) => ({ relatedTransactionId: i.cardTransaction }), readBack: (i) => `/v1/issuing/transactions/${i.cardTransaction}` },
  { field: 'clearCardTransaction', ref: 'transactionId', input: (i) => ({ transactionId: i.cardTransaction }), readBack: (i) => `/v1/issuing/transactions/${i.cardTransaction}` },
  { field: 'closeVirtualAccount', ref: 'id', input: () => ({ id: extra.virtualAccount, reason: 'Taken over' }), readBack: () => '/v1/virtual/accounts?page_size=100' },
  { field: 'confirmPaymentIntent', ref: 'id', input: (i) => ({ id: i.paymentIntent, paymentMethod: { type: 'card', card: cardInput } }), readBack: (i) => `/v2/payment_intents/${i.paymentIntent}` },
  // Two references: the cardholder is the owner's alone (a sibling, sharing the tree's products,
  // names a valid product with it), the product is the tree's (another master naming it is refused
  // before any cardholder is read).
  { field: 'createCard', ref: 'cardholderId', input: (i) => ({ cardholderId: i.cardholder, cardProductId: i.cardProduct, cardCurrency: 'USD' }), readBack: (i) => `/v1/issuing/cardholders/${i.cardholder}`, scope: 'sibling' },
  { field: 'createCard', ref: 'cardProductId', input: (i) => ({ cardProductId: i.cardProduct, cardCurrency: 'USD' }), readBack: () => '/v1/issuing/cards?page_size=100', scope: 'tree' },
  { field: 'createCardPanToken', ref: 'cardId', input: (i) => ({ cardId: i.card }), readBack: cardBack, secure: true },
  { field: 'createConversion', ref: 'quoteId', input: () => ({ quoteId: extra.quote, sellCurrency: 'USD', buyCurrency: 'SGD', conversionDate: '2026-11-21' }), readBack: () => '/v1/conversion?page_size=100' },
  { field: 'createIssuingTransfer', ref: 'sourceAccountId', input: (i) => ({ sourceAccountId: i.account, destinationAccountId: w.alpha.account.id, currency: 'USD', amount: '1' }), readBack: () => '/v1/issuing/balances' },
  { field: 'createPayout', ref: 'beneficiaryId', input: (i) => ({ beneficiaryId: i.beneficiary, currency: 'USD', amount: '1.00', purposeCode: 'WAGES_SALARY', payoutDate: '2026-11-21' }), readBack: (i) => `/v1/beneficiaries/${i.beneficiary}` },
  { field: 'createRefund', ref: 'paymentIntentId', input: (i) => ({ paymentIntentId: i.paymentIntent, amount: '1.00', reason: 'requested_by_customer' }), readBack: (i) => `/v2/payment_intents/${i.paymentIntent}` },
  {
    field: 'createTransfer',
    ref: 'sourceAccountId',
    input: (i) => ({ sourceAccountId: i.account, targetAccountId: w.alpha.account.id, currency: 'USD', amount: '1.00', reason: 'Taken over' }),
    readBack: () => '/v1/balances/USD',
    sibling: {
      refusal: ["Invalid value for field 'sourceAccountId': a sub-account can only transfer out of its own wallet", 'transfer_source_not_permitted'],
      why: 'docs/decisions/wallet/transfers.md, Transfers (BT6): a sibling is a target a sub-account may name, so naming it as the source is this refusal',
    },
  },
  { field: 'deleteBeneficiary', ref: 'id', input: (i) => ({ id: i.beneficiary }), readBack: (i) => `/v1/beneficiaries/${i.beneficiary}` },
  { field: 'deleteWebhookEndpoint', ref: 'id', input: (i) => ({ id: i.webhookEndpoint }), readBack: () => '/v1/webhooks/endpoints' },
  { field: 'disableApiKey', ref: 'id', input: (i) => ({ id: i.apiKey }), readBack: () => API_KEYS, secure: true },
  { field: 'elevateCardLimit', ref: 'cardId', input: (i) => ({ cardId: i.card, limitAmount: '60' }), readBack: cardBack },
  { field: 'enrollCardNetworkProtection', ref: 'cardId', input: (i) => ({ cardId: i.card, actionCode: '41' }), readBack: cardBack },
  { field: 'fileDownloadLinks', ref: 'fileIds', input: (i) => ({ fileIds: [i.file] }), readBack: () => '{ files(first: 100) { edges { node { id fileName size } } } }' },
  { field: 'manageCardPin', ref: 'cardId', input: (i) => ({ cardId: i.card, type: 'SET', pin: '246810' }), readBack: cardBack },
  { field: 'rechargeCard', ref: 'cardId', input: (i) => ({ cardId: i.card, amount: '1' }), readBack: cardBack },
  { field: 'refundCardTransaction', ref: 'transactionId', input: (i) => ({ transactionId: i.cardTransaction, amount: '1' }), readBack: (i) => `/v1/issuing/transactions/${i.cardTransaction}` },
  { field: 'removeCardNetworkProtection', ref: 'cardId', input: (i) => ({ cardId: i.card }), readBack: cardBack },
  { field: 'resendWebhookDelivery', ref: 'id', input: (i) => ({ id: i.webhookDelivery }), readBack: () => '/v1/webhooks/deliveries' },
  { field: 'resetCardPin', ref: 'id', input: (i) => ({ id: i.card, pin: '246810' }), readBack: cardBack },
  { field: 'resubmitAccountDocuments', ref: 'accountId', arg: true, input: (i) => ({ accountId: i.account, input: { documents: [{ type: 'PROOF_OF_ADDRESS', front: PNG }] } }), readBack: (i) => `/v1/accounts/${i.account}` },
  { field: 'rotateApiKey', ref: 'id', input: (i) => ({ id: i.apiKey }), readBack: () => API_KEYS, secure: true },
  { field: 'rotateWebhookEndpointSecret', ref: 'id', input: (i) => ({ id: i.webhookEndpoint }), readBack: () => '/v1/webhooks/endpoints' },
  { field: 'setDefaultCardArt', ref: 'cardArtId', input: () => ({ cardArtId: extra.cardArt }), readBack: () => '/v1/issuing/cards/arts', scope: 'tree' },
  { field: 'simulateCardAuthorization', ref: 'cardId', input: (i) => ({ cardId: i.card, ...authorization }), readBack: cardBack },
  { field: 'simulateCardReversal', ref: 'transactionId', input: (i) => ({ transactionId: i.cardTransaction }), readBack: (i) => `/v1/issuing/transactions/${i.cardTransaction}` },
  { field: 'simulateUnsolicitedRefund', ref: 'cardId', input: (i) => ({ cardId: i.card, amount: '1', merchantCategoryCode: '5814', merchantName: 'Coffee Corner' }), readBack: cardBack },
  { field: 'terminalPinKey', ref: 'terminalId', input: (i) => ({ terminalId: i.terminal, prvKey: 'ab'.repeat(32) }), readBack: () => '{ terminals(first: 100) { edges { node { terminalId pinKeyExpire updatedAt } } } }' },
  { field: 'updateBankAccount', ref: 'id', input: (i) => ({ id: i.bankAccount, accountNumber: '00000000', bankAddress: '1 Other Street', bankCountryCode: 'GB', bankName: 'Another Bank', swiftCode: 'HBUKGB4B' }), readBack: (i) => `/v2/payment/bankaccount/${i.bankAccount}` },
  { field: 'updateBeneficiary', ref: 'id', input: (i) => ({ id: i.beneficiary, nickname: 'Taken over' }), readBack: (i) => `/v1/beneficiaries/${i.beneficiary}` },
  { field: 'updateCard', ref: 'id', input: (i) => ({ id: i.card, cardLimit: '40' }), readBack: cardBack },
  { field: 'updateCardStatus', ref: 'id', input: (i) => ({ id: i.card, status: 'FROZEN' }), readBack: cardBack },
  { field: 'updateCardholder', ref: 'id', input: (i) => ({ id: i.cardholder, dateOfBirth: '1991-02-03' }), readBack: (i) => `/v1/issuing/cardholders/${i.cardholder}` },
  { field: 'updatePaymentIntent', ref: 'id', input: (i) => ({ id: i.paymentIntent, description: 'Taken over' }), readBack: (i) => `/v2/payment_intents/${i.paymentIntent}` },
  { field: 'updateWebhookEndpoint', ref: 'id', input: (i) => ({ id: i.webhookEndpoint, url: 'https://attacker.example/hook' }), readBack: () => '/v1/webhooks/endpoints' },
  { field: 'withdrawCard', ref: 'cardId', input: (i) => ({ cardId: i.card, amount: '1' }), readBack: cardBack },
];

interface TypeRef { kind: string; name: string | null; ofType: TypeRef | null }
interface Field { name: string; args: { name: string; type: TypeRef }[] }
const named = (t: TypeRef): string => t.name ?? named(t.ofType!);
const REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';

let mutations: Field[];
const inputTypes = new Map<string, { name: string; type: TypeRef }[]>();

beforeAll(async () => {
  const res = await w.owner.gql<Json, Json>(`{ __schema { mutationType { fields { name args { name type { ${REF} } } } } types { name kind inputFields { name type { ${REF} } } } } }`);
  mutations = res.data!.__schema.mutationType.fields;
  for (const ty of res.data!.__schema.types as { name: string; kind: string; inputFields: { name: string; type: TypeRef }[] | null }[]) {
    if (ty.kind === 'INPUT_OBJECT') inputTypes.set(ty.name, ty.inputFields!);
  }
});

/** The mutation's text, with variables typed as the schema declares its arguments. */
function documentOf(field: string): string {
  const f = mutations.find((m) => m.name === field)!;
  const print = (t: TypeRef): string => (t.kind === 'NON_NULL' ? `${print(t.ofType!)}!` : t.kind === 'LIST' ? `[${print(t.ofType!)}]` : t.name!);
  const vars = f.args.map((a) => `$${a.name}: ${print(a.type)}`).join(', ');
  const args = f.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  // Every mutation answers a payload: its userErrors are what a refusal the client acts on reads as.
  return `mutation (${vars}) { ${field}(${args}) { __typename userErrors { field message code } } }`;
}

function variablesOf(row: Row, ids: Ids, unknown: boolean): Json {
  const raw = row.input(ids);
  const swap = (input: Json): Json => (unknown ? { ...input, [row.ref]: Array.isArray(input[row.ref]) ? [UNKNOWN] : UNKNOWN } : input);
  return row.arg ? swap(raw) : { input: swap(raw) };
}

const refusalOf = (r: GraphQLReply<Json>) => [r.data ?? null, r.errors?.map((e) => [e.message, e.extensions.code])];

describe('another tenant names the owner\'s object in a mutation: refused as an unknown id, the object unchanged', () => {
  it.each(ROWS.map((r) => [`${r.field} (${r.ref})`, r] as const))('%s', async (_field, row) => {
    const owner = row.secure ? w.secure.owner : row.owner ? row.owner() : w.owner;
    const everyone = row.secure ? w.secure.intruders : w.intruders;
    const intruders = everyone.filter((i) => !row.scope || i.name === (row.scope === 'tree' ? 'another master' : 'a sibling sub-account'));
    const readBack = async (): Promise<string> => {
      const target = row.readBack(w.ids);
      if (target.startsWith('{')) {
        const res = await owner.gql<Json, Json>(target);
        expect(res.errors).toBeUndefined();
        return JSON.stringify(res.data);
      }
      const res = await owner.get(target);
      expect(res.status).toBe(200);
      return res.raw;
    };
    const before = await readBack();
    const doc = documentOf(row.field);
    const unknown = await owner.gql<Json, Json>(doc, variablesOf(row, w.ids, true));
    // What refused the unknown id is the lookup, not the rest of the input (the files API words it
    // `Query data error`, the interface spec's answer when "a file id does not exist or is not visible").
    // A refusal the payload lists is a userError (data not null); the comparison below holds both forms.
    const listed = (unknown.data?.[row.field] as { userErrors?: { message: string }[] } | null | undefined)?.userErrors;
    expect(unknown.errors?.[0]?.message ?? listed?.[0]?.message).toMatch(/not found|not exist|no such|^Query data error$/i);
    for (const intruder of intruders) {
      const theirs = await intruder.c.gql<Json, Json>(doc, variablesOf(row, w.ids, false));
      const expected = intruder.name === 'a sibling sub-account' && row.sibling ? [null, [row.sibling.refusal]] : refusalOf(unknown);
      expect([intruder.name, ...refusalOf(theirs)]).toEqual([intruder.name, ...expected]);
    }
    expect(await readBack()).toBe(before);
  });
});

describe('the table is complete', () => {
  it('names every mutation with an ID argument or an ID field in its input', () => {
    const idFields = (f: Field): boolean =>
      f.args.some((a) => named(a.type) === 'ID' || (inputTypes.get(named(a.type)) ?? []).some((x) => named(x.type) === 'ID'));
    const withId = mutations.filter(idFields).map((f) => f.name).sort();
    expect(withId).toEqual([...new Set(ROWS.map((r) => r.field))].sort());
  });
});
