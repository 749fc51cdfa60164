import { randomUUID } from 'node:crypto';
import type { Account } from '../../src/domain/accounts/service';
import { startTestApp, type TestApp } from '../support/app';
import { auth, makeMaster, makeSub, tokenFor, type Tenant } from '../support/tenants';
import { cnLocal, gql, individual, restDoor, sgLocal, swiftCompany, withFields, type Ref } from './fixtures';

/** The GraphQL door over the same domain, and parity with REST. */

let t: TestApp;
let master: Tenant;
let sub: Account;
let token: string;
let door: ReturnType<typeof restDoor>;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Graph' });
  sub = await makeSub(t.services, master, 'Graph Shop');
  token = await tokenFor(t, master);
  door = restDoor(t);
});
afterAll(() => t.close());

const FIELDS = `
  id shortReferenceId entityType paymentMethod beneficiaryStatus companyName firstName lastName idNumber email nickname summary
  bankDetails { bankName bankAddress bankCountryCode accountHolder accountCurrencyCode swiftCode clearingSystem accountNumber iban
    routingCodeType1 routingCodeValue1 routingCodeType2 routingCodeValue2 }
  address { country city streetAddress postalCode state nationality }
  additionalInfo { organizationCode proxyId idType idNumber taxId msisdn }
  createdAt updatedAt`;

const CREATE = `mutation ($input: CreateBeneficiaryInput!) { createBeneficiary(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($input: UpdateBeneficiaryInput!) { updateBeneficiary(input: $input) { ${FIELDS} } }`;
const DELETE = `mutation ($input: DeleteBeneficiaryInput!) { deleteBeneficiary(input: $input) { id beneficiaryStatus } }`;
const ONE = `query ($id: ID!) { beneficiary(id: $id) { ${FIELDS} } }`;
const LIST = `query ($first: Int, $after: String, $filter: BeneficiaryFilterInput) {
  beneficiaries(first: $first, after: $after, filter: $filter) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id shortReferenceId } } } }`;

type Beneficiary = Record<string, unknown> & { id: string; shortReferenceId: string };
type Errors = { message: string; extensions: Record<string, unknown> }[] | undefined;

/** The REST body of a beneficiary, as its GraphQL input (explicit, like the door's mapping). */
function toInput(body: Record<string, unknown>): Record<string, unknown> {
  const camel = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()), v]));
  const out = camel(body);
  for (const key of ['bankDetails', 'address', 'additionalInfo']) if (out[key]) out[key] = camel(out[key] as Record<string, unknown>);
  return out;
}

/** A GraphQL Beneficiary in the REST record's shape, to compare the two doors' views. */
function asRest(b: Beneficiary): Record<string, unknown> {
  const snake = (o: Record<string, unknown> | null) =>
    o && Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(/([A-Z])/g, '_$1').toLowerCase(), v]));
  return {
    beneficiary_id: b.id,
    short_reference_id: b.shortReferenceId,
    entity_type: b.entityType,
    payment_method: b.paymentMethod,
    email: b.email,
    nickname: b.nickname,
    beneficiary_status: b.beneficiaryStatus,
    first_name: b.firstName,
    last_name: b.lastName,
    company_name: b.companyName,
    id_number: b.idNumber,
    summary: b.summary,
    bank_details: snake(b.bankDetails as Record<string, unknown>),
    address: snake(b.address as Record<string, unknown> | null),
    additional_info: snake(b.additionalInfo as Record<string, unknown> | null),
    create_time: b.createdAt,
    update_time: b.updatedAt,
  };
}

const createGql = async (body: Record<string, unknown>, headers = auth(token, { 'x-idempotency-key': randomUUID() })) => {
  const res = await gql<{ createBeneficiary: Beneficiary }>(t, headers, CREATE, { input: toInput(body) });
  expect(res.errors).toBeUndefined();
  return res.data!.createBeneficiary;
};

const withoutIdentity = (r: Record<string, unknown>) => ({ ...r, beneficiary_id: undefined, short_reference_id: undefined });

describe('parity: one domain behind two doors', () => {
  it.each([
    ['a SWIFT company', swiftCompany],
    ['a CN/CNH local company in Chinese', cnLocal],
    ['an SG/SGD company without name and address', sgLocal],
    ['an individual with an IBAN', individual],
  ])('stores the same object for %s created through REST and through GraphQL', async (_label, body) => {
    const viaRest = (await door.create(token, body())).json() as Ref;
    const viaGql = await createGql(body());
    const restView = (await door.get(token, `/v1/beneficiaries/${viaRest.beneficiary_id}`)).json() as Record<string, unknown>;
    const gqlView = (await door.get(token, `/v1/beneficiaries/${viaGql.id}`)).json() as Record<string, unknown>;
    expect(withoutIdentity(gqlView)).toEqual(withoutIdentity(restView));
    expect(asRest(viaGql)).toEqual(gqlView);
    const [a, b] = await Promise.all(
      [viaRest.beneficiary_id, viaGql.id].map((id) => t.db.prisma.beneficiary.findUniqueOrThrow({ where: { id } })),
    );
    const stored = (r: typeof a) => ({ ...r, id: undefined, shortReferenceId: undefined });
    expect(stored(b)).toEqual(stored(a));
  });

  it('shows the same items in the same order on both doors, with the same filters', async () => {
    const restList = (await door.get(token, '/v1/beneficiaries?page_size=100&page_number=1&entity_type=COMPANY')).json() as {
      total_items: number;
      data: Record<string, unknown>[];
    };
    const res = await gql<{ beneficiaries: { totalCount: number; edges: { node: Beneficiary }[] } }>(t, auth(token), LIST.replace('id shortReferenceId', FIELDS), {
      first: 100,
      filter: { entityType: 'COMPANY' },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.beneficiaries.totalCount).toBe(restList.total_items);
    expect(res.data!.beneficiaries.edges.map((e) => asRest(e.node))).toEqual(restList.data);
  });

  it('answers beneficiary(id) as REST answers PO6', async () => {
    const ref = (await door.create(token, swiftCompany())).json() as Ref;
    const res = await gql<{ beneficiary: Beneficiary }>(t, auth(token), ONE, { id: ref.beneficiary_id });
    expect(asRest(res.data!.beneficiary)).toEqual((await door.get(token, `/v1/beneficiaries/${ref.beneficiary_id}`)).json());
  });
});

describe('queries', () => {
  it('pages beneficiaries as a connection and filters them', async () => {
    const lister = await makeMaster(t.services, { name: 'Graph Lister' });
    const tok = await tokenFor(t, lister);
    const made: string[] = [];
    for (const nickname of ['one', 'two', 'three']) {
      made.unshift((await door.create(tok, withFields(swiftCompany(), { nickname }))).json().beneficiary_id as string);
      t.clock.advance(1);
    }
    type List = { beneficiaries: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; edges: { node: Beneficiary }[] } };
    const first = await gql<List>(t, auth(tok), LIST, { first: 2 });
    expect(first.data!.beneficiaries).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    const rest = await gql<List>(t, auth(tok), LIST, { first: 2, after: first.data!.beneficiaries.pageInfo.endCursor });
    const ids = [...first.data!.beneficiaries.edges, ...rest.data!.beneficiaries.edges].map((e) => e.node.id);
    expect(ids).toEqual(made);
    expect(rest.data!.beneficiaries.pageInfo.hasNextPage).toBe(false);
    const filtered = await gql<List>(t, auth(tok), LIST, { filter: { nickname: 'TW', currency: 'USD' } });
    expect(filtered.data!.beneficiaries.edges.map((e) => e.node.id)).toEqual([made[1]]);
  });

  it('refuses a bad filter value with the domain message', async () => {
    const res = await gql(t, auth(token), LIST, { filter: { currency: 'usd' } });
    expect(res.errors![0]).toMatchObject({
      message: "Invalid value for field 'currency': must be a three-letter ISO 4217 code",
      extensions: { code: 'validation_failed', type: 'validation', httpStatus: 400, field: 'currency' },
    });
  });

  it('answers an unknown or foreign beneficiary(id) as not found', async () => {
    const other = await tokenFor(t, await makeMaster(t.services, { name: 'Other' }));
    const ref = (await door.create(token, swiftCompany())).json() as Ref;
    for (const [tok, id] of [[other, ref.beneficiary_id], [token, randomUUID()], [token, 'nope']] as const) {
      const res = await gql(t, auth(tok), ONE, { id });
      expect(res.errors![0]).toMatchObject({
        message: 'beneficiary not found',
        extensions: { code: 'beneficiary_not_found', type: 'not_found', httpStatus: 400 },
      });
    }
  });

  it('checks a beneficiary: a match on file, or the candidate', async () => {
    const CHECK = `query ($input: CheckBeneficiaryInput!) { checkBeneficiary(input: $input) {
      matched beneficiary { id } entityType paymentMethod companyName summary bankDetails { accountNumber accountCurrencyCode bankCountryCode } } }`;
    const checker = await makeMaster(t.services, { name: 'Graph Checker' });
    const tok = await tokenFor(t, checker);
    const input = { entityType: 'COMPANY', accountNumber: '004123456789', paymentMethod: 'SWIFT', currency: 'USD', bankCountryCode: 'HK' };
    const none = await gql<{ checkBeneficiary: Record<string, unknown> }>(t, auth(tok), CHECK, { input });
    expect(none.data!.checkBeneficiary).toEqual({
      matched: false,
      beneficiary: null,
      entityType: 'COMPANY',
      paymentMethod: 'SWIFT',
      companyName: null,
      summary: 'USD account ending 6789',
      bankDetails: { accountNumber: '004123456789', accountCurrencyCode: 'USD', bankCountryCode: 'HK' },
    });
    const ref = (await door.create(tok, swiftCompany())).json() as Ref;
    const found = await gql<{ checkBeneficiary: Record<string, unknown> }>(t, auth(tok), CHECK, { input });
    expect(found.data!.checkBeneficiary).toMatchObject({ matched: true, beneficiary: { id: ref.beneficiary_id }, companyName: 'Acme Trading (HK) Ltd.' });
    const missing = await gql(t, auth(tok), CHECK, { input: { ...input, accountNumber: null } });
    expect(missing.errors![0]).toMatchObject({ message: "Field 'accountNumber' is required", extensions: { field: 'accountNumber' } });
  });

  it('lists payment methods', async () => {
    const Q = `query ($currency: String!, $country: String!) { beneficiaryPaymentMethods(currency: $currency, country: $country) { paymentMethod name description } }`;
    const res = await gql<{ beneficiaryPaymentMethods: unknown[] }>(t, auth(token), Q, { currency: 'CNH', country: 'CN' });
    const rest = (await door.get(token, '/v1/beneficiaries/paymentmethods?currency=CNH&country=CN')).json() as Record<string, string>[];
    expect(res.data!.beneficiaryPaymentMethods).toEqual(rest.map((m) => ({ paymentMethod: m.payment_method, name: m.name, description: m.description })));
    const bad = await gql(t, auth(token), Q, { currency: 'CNH', country: 'China' });
    expect(bad.errors![0]!.message).toBe("Invalid value for field 'country': must be an ISO 3166-1 alpha-2 country code");
  });
});

describe('mutations', () => {
  it('refuses a SWIFT companyName with Chinese characters, naming the field', async () => {
    const res = await gql(t, auth(token), CREATE, { input: toInput(withFields(swiftCompany(), { company_name: '星辰贸易' })) });
    expect(res.data).toBeNull();
    expect(res.errors![0]).toMatchObject({
      message: "Invalid value for field 'companyName': with payment_method SWIFT only English letters, digits, spaces and - / ? : ( ) . ' + , are allowed",
      extensions: { code: 'validation_failed', type: 'validation', httpStatus: 400, field: 'companyName' },
    });
  });

  it('refuses a missing nested field with its path', async () => {
    const res = await gql(t, auth(token), CREATE, { input: toInput(withFields(swiftCompany(), { bank_details: { swift_code: undefined } })) });
    expect(res.errors![0]).toMatchObject({ message: "Field 'bankDetails.swiftCode' is required", extensions: { field: 'bankDetails.swiftCode' } });
  });

  it('replays createBeneficiary retried with its idempotency key: one beneficiary', async () => {
    const headers = auth(token, { 'x-idempotency-key': randomUUID() });
    const before = await t.db.prisma.beneficiary.count({ where: { accountId: master.account.id } });
    const first = await createGql(cnLocal(), headers);
    const again = await createGql(cnLocal(), headers);
    expect(again).toEqual(first);
    expect(await t.db.prisma.beneficiary.count({ where: { accountId: master.account.id } })).toBe(before + 1);
  });

  it('updates with a subset, merging nested objects, and clears with null', async () => {
    const created = await createGql(swiftCompany());
    const res = await gql<{ updateBeneficiary: Beneficiary }>(t, auth(token), UPDATE, {
      input: { id: created.id, nickname: null, bankDetails: { accountNumber: '111122223333' }, address: { city: 'Kowloon' } },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateBeneficiary).toMatchObject({
      id: created.id,
      shortReferenceId: created.shortReferenceId,
      nickname: null,
      bankDetails: { accountNumber: '111122223333', swiftCode: 'HSBCHKHHHKH' },
      address: { city: 'Kowloon', streetAddress: '18 Harbour Road' },
    });
    expect((await door.get(token, `/v1/beneficiaries/${created.id}`)).json()).toEqual(asRest(res.data!.updateBeneficiary));
  });

  it('re-validates an update as a whole', async () => {
    const created = await createGql(sgLocal());
    const res = await gql(t, auth(token), UPDATE, { input: { id: created.id, paymentMethod: 'SWIFT' } });
    expect(res.errors![0]!.message).toBe("Field 'bankDetails.swiftCode' is required");
  });

  it('deletes: the answer shows DELETED, then the beneficiary is gone from both doors', async () => {
    const created = await createGql(individual());
    const res = await gql<{ deleteBeneficiary: unknown }>(t, auth(token), DELETE, { input: { id: created.id } });
    expect(res.data!.deleteBeneficiary).toEqual({ id: created.id, beneficiaryStatus: 'DELETED' });
    expect((await door.get(token, `/v1/beneficiaries/${created.id}`)).json()).toEqual({ code: 400, message: 'beneficiary not found' });
    const again = await gql(t, auth(token), DELETE, { input: { id: created.id } });
    expect(again.errors![0]!.extensions).toMatchObject({ code: 'beneficiary_not_found' });
  });

  it('acts for the sub-account named by x-on-behalf-of', async () => {
    const created = await createGql(swiftCompany(), auth(token, { 'x-on-behalf-of': sub.id }));
    expect((await door.get(token, `/v1/beneficiaries/${created.id}`, { 'x-on-behalf-of': sub.id })).statusCode).toBe(200);
    const asMaster = await gql(t, auth(token), ONE, { id: created.id });
    expect(asMaster.errors![0]!.extensions).toMatchObject({ code: 'beneficiary_not_found' });
  });
});
