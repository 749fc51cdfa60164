import { createApiKey } from '../../../src/domain/developers/keys/api-keys';
import { SAME_UEN_LIMIT } from '../../../src/domain/onboarding/accounts/sub-account-rules';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type RestReply } from '../../support/client';
import { makeMaster, makeSub, type Tenant } from '../../support/tenants';
import { withField } from './onboarding-bodies';
import { company, individual } from './sub-account-bodies';

let t: TestApp;
let master: Tenant;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Sub Platform' });
  c = await clientOf(t, master);
});
afterAll(() => t.close());

const outcome = (res: RestReply) => [res.status, res.body];
const refusal = (message: string) => [400, { code: 400, message }];
const create = (body: unknown, as: Client = c) => as.post('/v1/accounts/create_accounts', body);

describe('POST /v1/accounts/create_accounts (AF2)', () => {
  it('creates a COMPANY sub-account, PENDING, through the same service as GraphQL createSubAccount', async () => {
    const res = await create(company('UEN-OK-1'));
    expect(res.body).toEqual({
      account_id: expect.any(String), short_reference_id: expect.any(String), status: 'ACTIVE', verification_status: 'PENDING',
      business_type: 'ISSUING', entity_type: 'COMPANY', nickname: 'Acme Cards',
    });
    const seen = await c.gql<{ accounts: { edges: { node: { id: string; verificationStatus: string } }[] } }, unknown>('{ accounts(first: 100) { edges { node { id verificationStatus } } } }');
    expect(seen.data!.accounts.edges.map((e) => e.node)).toContainEqual({ id: res.body.account_id, verificationStatus: 'PENDING' });
  });

  it('creates an INDIVIDUAL banking sub-account', async () => {
    expect((await create(individual())).body).toMatchObject({ entity_type: 'INDIVIDUAL', business_type: 'BANKING', nickname: 'Jane Doe', verification_status: 'PENDING' });
  });

  it("reads a representative as the official clients send it: job_title in any case, ownership_percentage as a decimal string", async () => {
    const body = withField(company('UEN-CASE-1'), ['ownership_details', 'representatives', 0, 'job_title'], 'DIRECTOR');
    expect((await create(withField(body, ['ownership_details', 'representatives', 0, 'ownership_percentage'], '25.5'))).status).toBe(200);
    expect(outcome(await create(withField(company('UEN-CASE-2'), ['ownership_details', 'representatives', 0, 'ownership_percentage'], '101')))).toEqual(
      refusal("Invalid value for field 'ownership_details.representatives[0].ownership_percentage': must be between 0 and 100"),
    );
  });

  it('creates a COMPANY that inherits the master details (inherit 1)', async () => {
    expect((await create({ business_type: 'ACQUIRING', entity_type: 'COMPANY', inherit: 1, nickname: 'Shop two' })).status).toBe(200);
  });

  const co = company();
  const ind = individual();
  it.each<[string, unknown, string]>([
    ['a missing entity_type', withField(co, ['entity_type'], undefined), 'Entity type is required and must be one of COMPANY, INDIVIDUAL'],
    ['a missing business_type', withField(co, ['business_type'], undefined), "Field 'business_type' is required"],
    ['COMPANY without inherit', withField(co, ['inherit'], undefined), 'Please check that you have correctly specified inherit'],
    ['an inherit other than 1 or -1', withField(co, ['inherit'], 0), 'Please check that you have correctly specified inherit'],
    ['inherit 1 with company details', withField(co, ['inherit'], 1), 'Please check that you have correctly specified inherit'],
    ['inherit -1 without company_info', withField(co, ['company_info'], undefined), 'Company info, address, and ownership details are required when Inherit is false'],
    ['inherit -1 without company_address', withField(co, ['company_address'], undefined), 'Company info, address, and ownership details are required when Inherit is false'],
    ['inherit -1 without ownership_details', withField(co, ['ownership_details'], undefined), 'Company info, address, and ownership details are required when Inherit is false'],
    ['no representatives', withField(co, ['ownership_details', 'representatives'], []), 'representatives is empty'],
    ['no applicant', withField(co, ['ownership_details', 'representatives', 0, 'is_applicant'], '0'), 'one representative must be an applicant'],
    ['a representative with no identity documents', withField(co, ['ownership_details', 'representatives', 1, 'identity_docs'], []), 'representative identification documents are empty'],
    ['a bad job title', withField(co, ['ownership_details', 'representatives', 0, 'job_title'], 'ceo'), 'Job title is required and must be one of director, beneficial_owner, beneficial_owner_and_director, authorized_representative'],
    ['a representative under 18', withField(co, ['ownership_details', 'representatives', 1, 'date_of_birth'], '2010-05-05'), 'Individual must be over 18 years old'],
    ['a missing legal name in English', withField(co, ['company_info', 'legal_business_name_english'], undefined), 'Legal business name in English is required'],
    ['a bad company phone', withField(co, ['company_info', 'phone_number'], 'call me'), 'Invalid phone number format'],
    ['a sanctioned country of incorporation', withField(co, ['company_info', 'country_of_incorporation'], 'SY'), 'The country is a sanctioned country'],
    ['INDIVIDUAL outside banking', withField(ind, ['business_type'], 'ISSUING'), 'only banking can create individual accounts'],
    ['INDIVIDUAL without individual_info', withField(ind, ['individual_info'], undefined), "Field 'individual_info' is required"],
    ['INDIVIDUAL without expected_activity', withField(ind, ['expected_activity'], undefined), "Field 'expected_activity' is required"],
    ['INDIVIDUAL without proof_documents', withField(ind, ['proof_documents'], undefined), "Field 'proof_documents' is required"],
    ['INDIVIDUAL without face_docs', withField(ind, ['identity_verification', 'face_docs'], undefined), 'check that you have submitted the necessary documents'],
    ['INDIVIDUAL without a country', withField(ind, ['individual_info', 'country_or_territory'], undefined), 'Country or territory is required'],
    ['INDIVIDUAL under 18', withField(ind, ['individual_info', 'date_of_birth'], '2009-01-01'), 'Individual must be over 18 years old'],
    ['INDIVIDUAL with a bad email', withField(ind, ['individual_info', 'email_address'], 'nope'), "Invalid value for field 'individual_info.email_address': must be an email address"],
  ])('refuses %s with its own message', async (_case, body, message) => {
    expect(outcome(await create(body))).toEqual(refusal(message));
  });

  it('refuses a product the master has not opened', async () => {
    const acquirer = await clientOf(t, await makeMaster(t.services, { name: 'Acq', businessTypes: ['ACQUIRING'] }));
    expect(outcome(await create(company('UEN-X'), acquirer))).toEqual(refusal('please check whether the master account has opened the corresponding service'));
  });

  it("refuses a sub-account's own key: it has no create sub account service", async () => {
    const sub = await makeSub(t.services, master, 'Keyed sub');
    const own = await clientOf(t, await createApiKey(t.services, { accountId: sub.id }));
    expect(outcome(await create(company('UEN-Y'), own))).toEqual(refusal('please check whether the master account has opened the create sub account service'));
  });

  it(`allows ${SAME_UEN_LIMIT} sub-accounts per registration number, then names the counts`, async () => {
    for (let i = 0; i < SAME_UEN_LIMIT; i++) expect((await create(company('UEN-LIMIT'))).status).toBe(200);
    expect(outcome(await create(company('UEN-LIMIT')))).toEqual(refusal(`same UEN sub account limit reached, current: ${SAME_UEN_LIMIT}, max: ${SAME_UEN_LIMIT}`));
    expect((await create(company('UEN-OTHER'))).status).toBe(200);
  });
});

describe('GET /v1/accounts/get_additional (AF5)', () => {
  it('lists what a Singapore company applying for issuing provides, with the fixture key', async () => {
    const res = await c.get('/v1/accounts/get_additional', { country: 'SG', business_code: 'ISSUING' });
    expect(res.body).toEqual([
      { profile_key: 'business_articles_of_association', profile_name: 'Articles of association', profile_option: 1 },
      { profile_key: 'business_register_of_directors', profile_name: 'Register of directors', profile_option: 1 },
      { profile_key: 'business_register_of_shareholders', profile_name: 'Register of shareholders', profile_option: 1 },
      { profile_key: 'business_proof_of_address', profile_name: 'Proof of business address', profile_option: 0 },
      { profile_key: 'business_acra_bizfile', profile_name: 'ACRA BizFile business profile', profile_option: 1 },
      { profile_key: 'business_card_program_description', profile_name: 'Card programme description', profile_option: 1 },
    ]);
  });

  it('differs by country and entity type', async () => {
    const us = (await c.get('/v1/accounts/get_additional', { country: 'US', business_code: 'BANKING', entity_type: 'INDIVIDUAL' })).body as { profile_key: string }[];
    expect(us.map((d) => d.profile_key)).toEqual(['individual_proof_of_address', 'individual_source_of_funds', 'individual_ssn_or_itin', 'individual_proof_of_income']);
  });

  it.each<[string, Record<string, string>, string]>([
    ['a missing country', { business_code: 'BANKING' }, "Field 'country' is required"],
    ['an unknown country', { country: 'XX', business_code: 'BANKING' }, "Invalid value for field 'country': must be an ISO 3166-1 alpha-2 country code"],
    ['a missing business_code', { country: 'SG' }, "Field 'business_code' is required"],
    ['an individual outside banking', { country: 'SG', business_code: 'ISSUING', entity_type: 'INDIVIDUAL' }, 'only banking can create individual accounts'],
  ])('refuses %s', async (_case, query, message) => {
    expect(outcome(await c.get('/v1/accounts/get_additional', query))).toEqual(refusal(message));
  });
});
