import { randomUUID } from 'node:crypto';
import type { Account } from '../../../src/domain/onboarding/accounts/service';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import {
  BeneficiariesDocument,
  BeneficiariesInFullDocument,
  BeneficiaryDocument,
  BeneficiaryPaymentMethodsDocument,
  CheckBeneficiaryDocument,
  CreateBeneficiaryDocument,
  DeleteBeneficiaryDocument,
  UpdateBeneficiaryDocument,
  type BeneficiaryFieldsFragment,
  type CheckBeneficiaryInput,
  type CreateBeneficiaryInput,
} from '../../support/graphql.generated';
import { makeMaster, makeSub, type Tenant } from '../../support/tenants';
import { cnLocal, createBeneficiary, individual, sgLocal, swiftCompany, withFields } from './fixtures';

/** The GraphQL door over the same domain, and parity with REST. */

let t: TestApp;
let master: Tenant;
let sub: Account;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Graph' });
  sub = await makeSub(t.services, master, 'Graph Shop');
  c = await clientOf(t, master);
});
afterAll(() => t.close());

/** The REST body of a beneficiary, as its GraphQL input (the same names in camelCase). */
function toInput(body: Record<string, unknown>): CreateBeneficiaryInput {
  const camel = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_m, ch: string) => ch.toUpperCase()), v]));
  const out = camel(body);
  for (const key of ['bankDetails', 'address', 'additionalInfo']) if (out[key]) out[key] = camel(out[key] as Record<string, unknown>);
  return out as CreateBeneficiaryInput;
}

/** A GraphQL Beneficiary in the REST record's shape, to compare the two doors' views. */
function asRest(b: BeneficiaryFieldsFragment): Record<string, unknown> {
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
    bank_details: snake(b.bankDetails),
    address: snake(b.address),
    additional_info: snake(b.additionalInfo),
    create_time: b.createdAt,
    update_time: b.updatedAt,
  };
}

const createGql = async (body: Record<string, unknown>, client = c, key: string = randomUUID()) => {
  const res = await client.gql(CreateBeneficiaryDocument, { input: toInput(body) }, { key });
  expect(res.errors).toBeUndefined();
  return res.data!.createBeneficiary.beneficiary!;
};

const withoutIdentity = (r: Record<string, unknown>) => ({ ...r, beneficiary_id: undefined, short_reference_id: undefined });

describe('parity: one domain behind two doors', () => {
  it.each([
    ['a SWIFT company', swiftCompany],
    ['a CN/CNH local company in Chinese', cnLocal],
    ['an SG/SGD company without name and address', sgLocal],
    ['an individual with an IBAN', individual],
  ])('stores the same object for %s created through REST and through GraphQL', async (_label, body) => {
    const viaRest = await createBeneficiary(c, body());
    const viaGql = await createGql(body());
    const restView = (await c.get(`/v1/beneficiaries/${viaRest.beneficiary_id}`)).body;
    const gqlView = (await c.get(`/v1/beneficiaries/${viaGql.id}`)).body;
    expect(withoutIdentity(gqlView)).toEqual(withoutIdentity(restView));
    expect(asRest(viaGql)).toEqual(gqlView);
    const [a, b] = await Promise.all(
      [viaRest.beneficiary_id, viaGql.id].map((id) => t.db.prisma.beneficiary.findUniqueOrThrow({ where: { id } })),
    );
    const stored = (r: typeof a) => ({ ...r, id: undefined, shortReferenceId: undefined });
    expect(stored(b)).toEqual(stored(a));
  });

  it('shows the same items in the same order on both doors, with the same filters', async () => {
    const restList = (await c.get('/v1/beneficiaries?page_size=100&page_number=1&entity_type=COMPANY')).body as {
      total_items: number;
      data: Record<string, unknown>[];
    };
    const res = await c.gql(BeneficiariesInFullDocument, { first: 100, filter: { entityType: 'COMPANY' } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.beneficiaries.totalCount).toBe(restList.total_items);
    expect(res.data!.beneficiaries.edges.map((e) => asRest(e.node))).toEqual(restList.data);
  });

  it('answers beneficiary(id) as REST answers PO6', async () => {
    const ref = await createBeneficiary(c, swiftCompany());
    const res = await c.gql(BeneficiaryDocument, { id: ref.beneficiary_id });
    expect(asRest(res.data!.beneficiary!)).toEqual((await c.get(`/v1/beneficiaries/${ref.beneficiary_id}`)).body);
  });
});

describe('queries', () => {
  it('pages beneficiaries as a connection and filters them', async () => {
    const lister = await clientOf(t, await makeMaster(t.services, { name: 'Graph Lister' }));
    const made: string[] = [];
    for (const nickname of ['one', 'two', 'three']) {
      made.unshift((await createBeneficiary(lister, withFields(swiftCompany(), { nickname }))).beneficiary_id);
      t.clock.advance(1);
    }
    const first = await lister.gql(BeneficiariesDocument, { first: 2 });
    expect(first.data!.beneficiaries).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    const rest = await lister.gql(BeneficiariesDocument, { first: 2, after: first.data!.beneficiaries.pageInfo.endCursor });
    const ids = [...first.data!.beneficiaries.edges, ...rest.data!.beneficiaries.edges].map((e) => e.node.id);
    expect(ids).toEqual(made);
    expect(rest.data!.beneficiaries.pageInfo.hasNextPage).toBe(false);
    const filtered = await lister.gql(BeneficiariesDocument, { filter: { nickname: 'TW', currency: 'USD' } });
    expect(filtered.data!.beneficiaries.edges.map((e) => e.node.id)).toEqual([made[1]]);
  });

  it('refuses a bad filter value with the domain message, naming the filter field as GraphQL does', async () => {
    // A lower-case currency is refused by the CurrencyCode scalar before the list runs.
    const res = await c.gql(BeneficiariesDocument, { filter: { currency: 'usd' } });
    expect(res.errors![0]).toMatchObject({
      message: expect.stringContaining('CurrencyCode must be 3 upper-case letters'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const long = await c.gql(BeneficiariesDocument, { filter: { companyName: 'x'.repeat(121) } });
    expect(long.errors![0]).toMatchObject({
      message: "Invalid value for field 'companyName': must be at most 120 characters",
      extensions: { field: 'companyName' },
    });
  });

  it('answers an unknown, malformed or foreign beneficiary(id) as null, with no error', async () => {
    const other = await clientOf(t, await makeMaster(t.services, { name: 'Other' }));
    const ref = await createBeneficiary(c, swiftCompany());
    for (const [client, id] of [[other, ref.beneficiary_id], [c, randomUUID()], [c, 'nope']] as const) {
      const res = await client.gql(BeneficiaryDocument, { id });
      expect(res.errors).toBeUndefined();
      expect(res.data!.beneficiary).toBeNull();
    }
  });

  it('checks a beneficiary: a match on file, or the candidate', async () => {
    const checker = await clientOf(t, await makeMaster(t.services, { name: 'Graph Checker' }));
    const input: CheckBeneficiaryInput = { entityType: 'COMPANY', accountNumber: '004123456789', paymentMethod: 'SWIFT', currency: 'USD', bankCountryCode: 'HK' };
    const none = await checker.gql(CheckBeneficiaryDocument, { input });
    expect(none.data!.checkBeneficiary).toEqual({
      matched: false,
      beneficiary: null,
      entityType: 'COMPANY',
      paymentMethod: 'SWIFT',
      companyName: null,
      summary: 'USD account ending 6789',
      bankDetails: { accountNumber: '004123456789', accountCurrencyCode: 'USD', bankCountryCode: 'HK' },
    });
    const ref = await createBeneficiary(checker, swiftCompany());
    const found = await checker.gql(CheckBeneficiaryDocument, { input });
    expect(found.data!.checkBeneficiary).toMatchObject({ matched: true, beneficiary: { id: ref.beneficiary_id }, companyName: 'Acme Trading (HK) Ltd.' });
    const missing = await checker.gql(CheckBeneficiaryDocument, { input: { ...input, accountNumber: null } });
    expect(missing.errors![0]).toMatchObject({ message: "Field 'accountNumber' is required", extensions: { field: 'accountNumber' } });
  });

  it('lists payment methods', async () => {
    const res = await c.gql(BeneficiaryPaymentMethodsDocument, { currency: 'CNH', country: 'CN' });
    const rest = (await c.get('/v1/beneficiaries/paymentmethods?currency=CNH&country=CN')).body as unknown as Record<string, string>[];
    expect(res.data!.beneficiaryPaymentMethods).toEqual(rest.map((m) => ({ paymentMethod: m.payment_method, name: m.name, description: m.description })));
    const bad = await c.gql(BeneficiaryPaymentMethodsDocument, { currency: 'CNH', country: 'China' });
    // A country is a CountryCode: a name is refused by the scalar before the query runs.
    expect(bad.errors![0]!.message).toContain('CountryCode must be 2 upper-case letters');
  });
});

describe('mutations', () => {
  it('refuses a SWIFT companyName with Chinese characters, naming the field as GraphQL does', async () => {
    const res = await c.gql(CreateBeneficiaryDocument, { input: toInput(withFields(swiftCompany(), { company_name: '星辰贸易' })) });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createBeneficiary).toEqual({
      beneficiary: null,
      userErrors: [{
        message: "Invalid value for field 'companyName': with payment_method SWIFT only English letters, digits, spaces and - / ? : ( ) . ' + , are allowed",
        code: 'VALIDATION_FAILED',
        field: ['input', 'companyName'],
      }],
    });
  });

  it('refuses a missing nested field with its GraphQL path', async () => {
    const res = await c.gql(CreateBeneficiaryDocument, { input: toInput(withFields(swiftCompany(), { bank_details: { swift_code: undefined } })) });
    expect(res.data!.createBeneficiary.userErrors[0]).toMatchObject({ message: "Field 'bankDetails.swiftCode' is required", field: ['input', 'bankDetails', 'swiftCode'] });
  });

  it('names an invalid nested field the GraphQL way, where REST names it the wire way', async () => {
    const body = withFields(swiftCompany(), { bank_details: { account_number: '0041-2345' } });
    const rule = 'must be 1 to 60 letters and digits';
    const rest = await c.post('/v1/beneficiaries', body);
    expect([rest.status, rest.body]).toEqual([400, { code: 400, message: `Invalid value for field 'bank_details.account_number': ${rule}` }]);
    const res = await c.gql(CreateBeneficiaryDocument, { input: toInput(body) });
    expect(res.data!.createBeneficiary.userErrors[0]).toEqual({
      message: `Invalid value for field 'bankDetails.accountNumber': ${rule}`,
      code: 'VALIDATION_FAILED',
      field: ['input', 'bankDetails', 'accountNumber'],
    });
    const created = await createGql(swiftCompany());
    const update = await c.gql(UpdateBeneficiaryDocument, { input: { id: created.id, additionalInfo: { msisdn: 'call me' } } });
    expect(update.data!.updateBeneficiary.userErrors[0]).toMatchObject({
      message: "Invalid value for field 'additionalInfo.msisdn': must be 6 to 20 digits, optionally after +",
      field: ['input', 'additionalInfo', 'msisdn'],
    });
  });

  it('replays createBeneficiary retried with its idempotency key: one beneficiary', async () => {
    const key = randomUUID();
    const before = await t.db.prisma.beneficiary.count({ where: { accountId: master.account.id } });
    const first = await createGql(cnLocal(), c, key);
    const again = await createGql(cnLocal(), c, key);
    expect(again).toEqual(first);
    expect(await t.db.prisma.beneficiary.count({ where: { accountId: master.account.id } })).toBe(before + 1);
  });

  it('updates with a subset, merging nested objects, and clears with null', async () => {
    const created = await createGql(swiftCompany());
    const res = await c.gql(UpdateBeneficiaryDocument, {
      input: { id: created.id, nickname: null, bankDetails: { accountNumber: '111122223333' }, address: { city: 'Kowloon' } },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateBeneficiary.beneficiary!).toMatchObject({
      id: created.id,
      shortReferenceId: created.shortReferenceId,
      nickname: null,
      bankDetails: { accountNumber: '111122223333', swiftCode: 'HSBCHKHHHKH' },
      address: { city: 'Kowloon', streetAddress: '18 Harbour Road' },
    });
    expect((await c.get(`/v1/beneficiaries/${created.id}`)).body).toEqual(asRest(res.data!.updateBeneficiary.beneficiary!));
  });

  it('re-validates an update as a whole', async () => {
    const created = await createGql(sgLocal());
    const res = await c.gql(UpdateBeneficiaryDocument, { input: { id: created.id, paymentMethod: 'SWIFT' } });
    expect(res.data!.updateBeneficiary.userErrors[0]!.message).toBe("Field 'bankDetails.swiftCode' is required");
  });

  it('deletes: the answer shows DELETED, then the beneficiary is gone from both doors', async () => {
    const created = await createGql(individual());
    const res = await c.gql(DeleteBeneficiaryDocument, { input: { id: created.id } });
    expect(res.data!.deleteBeneficiary.beneficiary!).toEqual({ id: created.id, beneficiaryStatus: 'DELETED' });
    const rest = await c.get(`/v1/beneficiaries/${created.id}`);
    expect([rest.status, rest.body]).toEqual([400, { code: 400, message: 'beneficiary not found' }]);
    const again = await c.gql(DeleteBeneficiaryDocument, { input: { id: created.id } });
    expect(again.data!.deleteBeneficiary).toEqual({ beneficiary: null, userErrors: [expect.objectContaining({ code: 'BENEFICIARY_NOT_FOUND', field: ['input', 'id'] })] });
  });

  it('acts for the sub-account named by x-on-behalf-of', async () => {
    const created = await createGql(swiftCompany(), c.as(sub.id));
    expect((await c.as(sub.id).get(`/v1/beneficiaries/${created.id}`)).status).toBe(200);
    const asMaster = await c.gql(BeneficiaryDocument, { id: created.id });
    expect(asMaster.errors).toBeUndefined();
    expect(asMaster.data!.beneficiary).toBeNull();
  });
});
