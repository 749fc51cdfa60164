import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type Refusable, type RestReply } from '../../support/client';
import { makeMaster, type Tenant } from '../../support/tenants';
import { companyBody, individualBody, withField } from './onboarding-bodies';

let t: TestApp;
let master: Tenant;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Onboarding Platform' });
  c = await clientOf(t, master);
});
afterAll(() => t.close());

const outcome = (res: RestReply) => [res.status, res.body];
const refusal = (message: string) => [400, { code: 400, message }];
const create = (body: unknown) => c.post('/v1/accounts', body);

describe('POST /v1/accounts (AF1, spec 4.14): INDIVIDUAL', () => {
  it('creates a connected account, ACTIVE and PENDING verification (AccountCreated, spec 2.14)', async () => {
    const res = await create(individualBody());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ account_id: expect.any(String), short_reference_id: expect.any(String), status: 'ACTIVE', verification_status: 'PENDING' });
    const got = await c.get(`/v1/accounts/${res.body.account_id}`);
    expect(got.body).toMatchObject({ entity_type: 'INDIVIDUAL', account_name: 'Jane Doe', business_code: ['BANKING'], verification_status: 'PENDING', parent_account_id: master.account.id });
  });

  const ind = individualBody();
  it.each<[string, unknown, string]>([
    ['a missing entity_type', withField(ind, ['entity_type'], undefined), 'Entity type is required and must be one of COMPANY, INDIVIDUAL'],
    ['an unknown entity_type', withField(ind, ['entity_type'], 'TRUST'), 'Entity type is required and must be one of COMPANY, INDIVIDUAL'],
    ['a missing name', withField(ind, ['name'], undefined), "Field 'name' is required"],
    ['a missing contact_details block', withField(ind, ['contact_details'], undefined), "Field 'contact_details' is required"],
    ['a missing person_details block', withField(ind, ['person_details'], undefined), "Field 'person_details' is required"],
    ['a missing residential_address block', withField(ind, ['residential_address'], undefined), "Field 'residential_address' is required"],
    ['a missing documents array', withField(ind, ['documents'], undefined), "Field 'documents' is required"],
    ['an empty documents array', withField(ind, ['documents'], []), 'check that you have submitted the necessary documents'],
    ['a document with no front', withField(ind, ['documents', 0, 'front'], undefined), 'check that you have submitted the necessary documents'],
    ['a missing tos_acceptance', withField(ind, ['tos_acceptance'], undefined), "Field 'tos_acceptance' is required"],
    ['a tos_acceptance date that is not a date-time', withField(ind, ['tos_acceptance', 'date'], 'yesterday'), "Invalid value for field 'tos_acceptance.date': must be an ISO 8601 date-time"],
    ['a tos_acceptance ip that is not an IP', withField(ind, ['tos_acceptance', 'ip'], 'home'), "Invalid value for field 'tos_acceptance.ip': must be an IP address"],
    ['a bad email', withField(ind, ['contact_details', 'email'], 'jane@'), "Invalid value for field 'contact_details.email': must be an email address"],
    ['a bad phone', withField(ind, ['contact_details', 'phone'], '12-34'), 'Invalid phone number format'],
    ['a missing country', withField(ind, ['residential_address', 'country'], undefined), 'Country or territory is required'],
    ['an empty country', withField(ind, ['residential_address', 'country'], ''), 'Country or territory is required'],
    ['an unknown country code', withField(ind, ['residential_address', 'country'], 'XX'), "Invalid value for field 'residential_address.country': must be an ISO 3166-1 alpha-2 country code"],
    ['an unknown nationality', withField(ind, ['person_details', 'nationality'], 'Singapore'), "Invalid value for field 'person_details.nationality': must be an ISO 3166-1 alpha-2 country code"],
    ['a bad banking country', withField(ind, ['person_details', 'banking_countries', 1], 'ZZ'), "Invalid value for field 'person_details.banking_countries[1]': must be an ISO 3166-1 alpha-2 country code"],
    ['a bad currency code', withField(ind, ['person_details', 'banking_currencies', 0], 'usd'), "Invalid value for field 'person_details.banking_currencies[0]': must be a three-letter ISO 4217 code"],
    ['an unsupported currency', withField(ind, ['person_details', 'monthly_estimated_revenue', 'currency'], 'XYZ'), "Invalid value for field 'person_details.monthly_estimated_revenue.currency': currency is not supported"],
    ['a revenue range outside TM001-TM005', withField(ind, ['person_details', 'monthly_estimated_revenue', 'amount'], 'TM009'), "Invalid value for field 'person_details.monthly_estimated_revenue.amount': Invalid option: expected one of \"TM001\"|\"TM002\"|\"TM003\"|\"TM004\"|\"TM005\""],
    ['internationally other than 0 or 1', withField(ind, ['person_details', 'internationally'], 2), "Invalid value for field 'person_details.internationally': must be 0 (domestic) or 1 (international)"],
    ['OTHERS without other_purpose', withField(ind, ['person_details', 'account_purpose'], ['OTHERS']), "Field 'person_details.other_purpose' is required"],
    ['a date_of_birth that is not a date', withField(ind, ['person_details', 'date_of_birth'], '01/04/1990'), "Invalid value for field 'person_details.date_of_birth': must be a date YYYY-MM-DD"],
    ['a missing identification', withField(ind, ['person_details', 'identification'], undefined), "Field 'person_details.identification' is required"],
    ['identification documents with no front', withField(ind, ['person_details', 'identification', 'documents'], {}), 'check that you have submitted the necessary documents'],
    ['a sanctioned country', withField(ind, ['residential_address', 'country'], 'KP'), 'The country is a sanctioned country'],
    ['an unsupported jurisdiction', withField(ind, ['residential_address', 'country'], 'YE'), 'The country is not allowed to be used for onboarding'],
  ])('refuses %s with its own message', async (_case, body, message) => {
    expect(outcome(await create(body))).toEqual(refusal(message));
  });

  it('refuses an applicant under 18 on the platform clock (2026-11-21): 18 today passes, 18 tomorrow does not', async () => {
    const young = withField(ind, ['person_details', 'date_of_birth'], '2008-11-22');
    expect(outcome(await create(young))).toEqual(refusal('Individual must be over 18 years old'));
    const adult = withField(ind, ['person_details', 'date_of_birth'], '2008-11-21');
    expect((await create(adult)).status).toBe(200);
  });

  it('refuses INDIVIDUAL under a master without the banking product', async () => {
    const acquirer = await clientOf(t, await makeMaster(t.services, { name: 'Acquirer only', businessTypes: ['ACQUIRING'] }));
    expect(outcome(await acquirer.post('/v1/accounts', ind))).toEqual(refusal('only banking can create individual accounts'));
  });
});

describe('POST /v1/accounts (AF1): COMPANY (payrail fields, docs/decisions/onboarding/accounts.md)', () => {
  it("creates a company with the master's products, PENDING", async () => {
    const res = await create(companyBody());
    expect(res.body).toMatchObject({ status: 'ACTIVE', verification_status: 'PENDING' });
    expect((await c.get(`/v1/accounts/${res.body.account_id}`)).body).toMatchObject({ entity_type: 'COMPANY', business_code: ['BANKING', 'ACQUIRING', 'ISSUING'] });
  });

  const co = companyBody();
  it.each<[string, unknown, string]>([
    ['a missing legal name in English', withField(co, ['business_details', 'legal_entity_name_english'], undefined), 'Legal business name in English is required'],
    ['a missing country of incorporation', withField(co, ['country'], undefined), 'Country or territory is required'],
    ['a sanctioned country of incorporation', withField(co, ['country'], 'IR'), 'The country is a sanctioned country'],
    ['a missing business_details block', withField(co, ['business_details'], undefined), "Field 'business_details' is required"],
    ['a missing registration number', withField(co, ['business_details', 'registration_number'], undefined), "Field 'business_details.registration_number' is required"],
    ['a missing registration_address', withField(co, ['registration_address'], undefined), "Field 'registration_address' is required"],
    ['no representatives', withField(co, ['representatives'], []), 'representatives is empty'],
    ['no applicant', withField(co, ['representatives', 0, 'as_applicant'], false), 'one representative must be an applicant'],
    ['two applicants', withField(co, ['representatives', 1, 'as_applicant'], true), 'one representative must be an applicant'],
    ['a representative under 18', withField(co, ['representatives', 1, 'date_of_birth'], '2010-01-01'), 'Individual must be over 18 years old'],
    ['a representative with no identity document', withField(co, ['representatives', 1, 'identification', 'documents'], {}), 'representative identification documents are empty'],
    ['an unknown representative role', withField(co, ['representatives', 0, 'roles'], 'CEO'), "Invalid value for field 'representatives[0].roles': Invalid option: expected one of \"DIRECTOR\"|\"BENEFICIAL_OWNER\"|\"DIRECTOR_BENEFICIAL_OWNER\"|\"AUTHORISED_PERSON\""],
  ])('refuses %s with its own message', async (_case, body, message) => {
    expect(outcome(await create(body))).toEqual(refusal(message));
  });
});

describe('GraphQL createAccount and accounts', () => {
  const CREATE = 'mutation($input: JSONObject!) { createAccount(input: $input) { account { id entityType verificationStatus parentId } userErrors { field message code } } }';

  it('creates the same account from the camelCase body, PENDING, listed by accounts with its verificationStatus', async () => {
    const input = { ...individualBody('Graph Doe'), entityType: 'INDIVIDUAL' } as Record<string, unknown>;
    delete input.entity_type;
    const res = await c.gql<{ createAccount: { account: { id: string } } }, unknown>(CREATE, { input });
    expect(res.data?.createAccount?.account).toEqual({ id: expect.any(String), entityType: 'INDIVIDUAL', verificationStatus: 'PENDING', parentId: master.account.id });
    const list = await c.gql<{ accounts: { edges: { node: { id: string; verificationStatus: string } }[] } }, unknown>('{ accounts(first: 100) { edges { node { id verificationStatus } } } }');
    expect(list.data!.accounts.edges.map((e) => e.node)).toContainEqual({ id: res.data!.createAccount.account!.id, verificationStatus: 'PENDING' });
  });

  it('names the GraphQL field in its messages', async () => {
    const res = await c.gql<Refusable<'createAccount'>, unknown>(CREATE, { input: { entityType: 'INDIVIDUAL', name: 'No contact' } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createAccount.userErrors[0]).toMatchObject({ message: "Field 'contactDetails' is required", code: 'VALIDATION_FAILED', field: ['input', 'contactDetails'] });
    const young = await c.gql<Refusable<'createAccount'>, unknown>(CREATE, { input: { ...withField(individualBody(), ['person_details', 'date_of_birth'], '2010-01-01') } });
    expect(young.data!.createAccount.userErrors[0]!.message).toBe('Individual must be over 18 years old');
  });
});
