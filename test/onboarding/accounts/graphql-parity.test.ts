import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type Refusable } from '../../support/client';
import { makeMaster } from '../../support/tenants';
import { withField } from './onboarding-bodies';
import { company, individual } from './sub-account-bodies';

/** GraphQL parity with AF2 (createSubAccount(application)) and AF5 (accountAdditionalRequirements). */

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await clientOf(t, await makeMaster(t.services, { name: 'GraphQL parity platform' }));
});
afterAll(() => t.close());

/** A snake_case AF2 body written as a GraphQL client would: camelCase member names. */
function camel(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camel);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_m, ch: string) => ch.toUpperCase()), camel(v)]));
  }
  return value;
}

const CREATE = 'mutation($app: JSONObject) { createSubAccount(application: $app) { account { id name entityType businessTypes verificationStatus parentId } userErrors { field message code } } }';

describe('GraphQL createSubAccount(application): the full AF2 body, same service', () => {
  it('creates a COMPANY and an INDIVIDUAL from the camelCase AF2 body, PENDING, visible to AF4', async () => {
    const co = await c.gql<{ createSubAccount: { account: { id: string } } }, unknown>(CREATE, { app: camel(company('UEN-GQL')) });
    expect(co.errors).toBeUndefined();
    expect(co.data?.createSubAccount?.account).toMatchObject({ name: 'Acme Cards', entityType: 'COMPANY', businessTypes: ['ISSUING'], verificationStatus: 'PENDING' });
    const rest = await c.get(`/v1/accounts/${co.data!.createSubAccount.account!.id}`);
    expect(rest.body).toMatchObject({ entity_type: 'COMPANY', verification_status: 'PENDING' });
    const ind = await c.gql<{ createSubAccount: { account: { entityType: string } } }, unknown>(CREATE, { app: camel(individual()) });
    expect(ind.data?.createSubAccount?.account).toMatchObject({ name: 'Jane Doe', entityType: 'INDIVIDUAL', businessTypes: ['BANKING'] });
  });

  it.each<[string, () => unknown, string, string[] | undefined]>([
    ['inherit -1 without ownership details', () => withField(company('UEN-G1'), ['ownership_details'], undefined), 'Company info, address, and ownership details are required when Inherit is false', ['application', 'inherit']],
    ['a representative under 18', () => withField(company('UEN-G2'), ['ownership_details', 'representatives', 1, 'date_of_birth'], '2012-01-01'), 'Individual must be over 18 years old', ['application', 'ownershipDetails', 'representatives', '1', 'dateOfBirth']],
    ['a bad individual email', () => withField(individual(), ['individual_info', 'email_address'], 'x'), "Invalid value for field 'individualInfo.emailAddress': must be an email address", ['application', 'individualInfo', 'emailAddress']],
    ['an unknown file id', () => withField(individual(), ['proof_documents', 'proof_of_address'], ['no-such-file']), "Invalid value for field 'proofDocuments.proofOfAddress[0]': no uploaded file has this id (POST /v1/files/upload)", ['application', 'proofDocuments', 'proofOfAddress', '0']],
  ])('refuses %s with the AF2 message, naming the camelCase field', async (_case, body, message, field) => {
    const res = await c.gql<Refusable<'createSubAccount'>, unknown>(CREATE, { app: camel(body()) });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createSubAccount.userErrors[0]!.message).toBe(message);
    if (field) expect(res.data!.createSubAccount.userErrors[0]).toMatchObject({ field });
  });

  it('takes either input or application, not both or neither', async () => {
    const both = await c.gql<Refusable<'createSubAccount'>, unknown>('mutation($app: JSONObject) { createSubAccount(input: {name: "x"}, application: $app) { account { id } userErrors { field message code } } }', { app: camel(individual()) });
    expect(both.data!.createSubAccount.userErrors[0]).toMatchObject({ field: ['application'] });
    expect(both.data!.createSubAccount.userErrors[0]!.message).toBe("Invalid value for field 'application': give either input or application, not both or neither");
    const neither = await c.gql<Refusable<'createSubAccount'>, unknown>('mutation { createSubAccount { account { id } userErrors { field message code } } }');
    expect(neither.data!.createSubAccount.userErrors[0]!.message).toBe("Invalid value for field 'application': give either input or application, not both or neither");
    const short = await c.gql<{ createSubAccount: { account: { name: string } } }, unknown>('mutation { createSubAccount(input: {name: "Short form"}) { account { name } userErrors { field message code } } }');
    expect(short.data?.createSubAccount?.account.name).toBe('Short form');
  });
});

describe('GraphQL accountAdditionalRequirements (AF5)', () => {
  const Q = 'query($country: CountryCode!, $code: BusinessType!, $entity: EntityType) { accountAdditionalRequirements(country: $country, businessCode: $code, entityType: $entity) { profileKey profileName profileOption } }';

  it('answers what GET /v1/accounts/get_additional answers, by country, product and entity type', async () => {
    for (const [country, code, entity] of [['SG', 'ISSUING', undefined], ['US', 'BANKING', 'INDIVIDUAL'], ['GB', 'ACQUIRING', 'COMPANY']] as const) {
      const res = await c.gql<{ accountAdditionalRequirements: { profileKey: string; profileName: string; profileOption: number }[] }, unknown>(Q, { country, code, entity });
      const rest = await c.get('/v1/accounts/get_additional', { country, business_code: code, ...(entity ? { entity_type: entity } : {}) });
      expect(res.data?.accountAdditionalRequirements.map((d) => ({ profile_key: d.profileKey, profile_name: d.profileName, profile_option: d.profileOption }))).toEqual(rest.body);
    }
  });

  it('refuses an unknown country and an individual outside banking with the AF5 messages', async () => {
    const bad = await c.gql(Q, { country: 'XX', code: 'BANKING' });
    expect(bad.errors?.[0]?.message).toBe("Invalid value for field 'country': must be an ISO 3166-1 alpha-2 country code");
    const ind = await c.gql(Q, { country: 'SG', code: 'ISSUING', entity: 'INDIVIDUAL' });
    expect(ind.errors?.[0]?.message).toBe('only banking can create individual accounts');
  });
});
