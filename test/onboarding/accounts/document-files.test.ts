import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type Refusable, type RestReply } from '../../support/client';
import { makeMaster } from '../../support/tenants';
import { samples, uploadOne } from '../files/fixtures';
import { companyBody, individualBody, withField } from './onboarding-bodies';
import { company, individual } from './sub-account-bodies';

/** Issue 10: account document file ids are real references (a file the caller uploaded, AF6). */

let t: TestApp;
let c: Client;
let other: Client;
let mine: string;
let theirs: string;
const UNKNOWN = '00000000-0000-4000-8000-00000000f11e';

async function uploaded(as: Client, name = 'doc.png'): Promise<string> {
  const res = await uploadOne(as, name, samples.png());
  if (res.status !== 200) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return res.body.file_id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  c = await clientOf(t, await makeMaster(t.services, { name: 'Files Platform' }));
  other = await clientOf(t, await makeMaster(t.services, { name: 'Another Tenant' }));
  mine = await uploaded(c);
  theirs = await uploaded(other);
});
afterAll(() => t.close());

const outcome = (res: RestReply) => [res.status, res.body];
const unknownFile = (field: string) => [400, { code: 400, message: `Invalid value for field '${field}': no uploaded file has this id (POST /v1/files/upload)` }];

describe('AF1 POST /v1/accounts: *_file_id names a file the caller uploaded', () => {
  it('accepts uploaded ids in documents and identification documents', async () => {
    let body = withField(individualBody(), ['documents', 0], { type: 'PROOF_OF_ADDRESS', front_file_id: mine, back_file_id: mine });
    body = withField(body, ['person_details', 'identification', 'documents'], { front_file_id: mine, back_file_id: mine });
    const res = await c.post('/v1/accounts', body);
    expect(res.status).toBe(200);
    expect(res.body.verification_status).toBe('PENDING');
  });

  it.each<[string, Array<string | number>, 'unknown' | 'theirs' | 'malformed']>([
    ['documents[0].front_file_id', ['documents', 0, 'front_file_id'], 'unknown'],
    ['documents[0].back_file_id', ['documents', 0, 'back_file_id'], 'theirs'],
    ['person_details.identification.documents.front_file_id', ['person_details', 'identification', 'documents', 'front_file_id'], 'malformed'],
    ['person_details.identification.documents.back_file_id', ['person_details', 'identification', 'documents', 'back_file_id'], 'theirs'],
  ])('refuses %s that is an %s id, naming the field, and creates nothing', async (field, path, kind) => {
    const id = kind === 'unknown' ? UNKNOWN : kind === 'theirs' ? theirs : 'file_front_1';
    const before = await t.db.prisma.account.count();
    expect(outcome(await c.post('/v1/accounts', withField(individualBody(), path, id)))).toEqual(unknownFile(field));
    expect(await t.db.prisma.account.count()).toBe(before);
  });

  it("refuses a COMPANY representative's identification file of another tenant", async () => {
    const body = withField(companyBody(), ['representatives', 1, 'identification', 'documents', 'front_file_id'], theirs);
    expect(outcome(await c.post('/v1/accounts', body))).toEqual(unknownFile('representatives[1].identification.documents.front_file_id'));
    expect((await c.post('/v1/accounts', withField(companyBody(), ['documents', 0, 'front_file_id'], mine))).status).toBe(200);
  });

  it('GraphQL createAccount refuses the same, naming the camelCase field', async () => {
    const res = await c.gql<Refusable<'createAccount'>, unknown>('mutation($input: JSONObject!) { createAccount(input: $input) { account { id } userErrors { field message code } } }', {
      input: withField(individualBody(), ['documents', 0, 'front_file_id'], theirs),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createAccount.userErrors[0]).toMatchObject({
      message: "Invalid value for field 'documents[0].frontFileId': no uploaded file has this id (POST /v1/files/upload)",
      code: 'VALIDATION_FAILED', field: ['input', 'documents', '0', 'frontFileId'],
    });
  });
});

describe('AF2 POST /v1/accounts/create_accounts: a document that is not a data URI is a file id', () => {
  it('accepts uploaded ids in every document array', async () => {
    const body = withField(withField(individual(), ['identity_verification', 'face_docs'], [mine]), ['proof_documents', 'proof_of_address'], [mine]);
    expect((await c.post('/v1/accounts/create_accounts', body)).status).toBe(200);
    const co = withField(company('UEN-FILES'), ['company_info', 'certification_of_incorporation'], [mine]);
    expect((await c.post('/v1/accounts/create_accounts', co)).status).toBe(200);
  });

  it.each<[string, () => object]>([
    ['identity_verification.identity_docs[0]', () => withField(individual(), ['identity_verification', 'identity_docs'], [UNKNOWN])],
    ['identity_verification.face_docs[1]', () => withField(individual(), ['identity_verification', 'face_docs'], [mine, theirs])],
    ['proof_documents.proof_of_address[0]', () => withField(individual(), ['proof_documents', 'proof_of_address'], ['file_poa'])],
    ['company_info.certification_of_incorporation[0]', () => withField(company('UEN-F1'), ['company_info', 'certification_of_incorporation'], [theirs])],
    ['ownership_details.representatives[1].identity_docs[0]', () => withField(company('UEN-F2'), ['ownership_details', 'representatives', 1, 'identity_docs'], [UNKNOWN])],
    ['additional_documents.required_docs[0].doc_str', () => ({ ...company('UEN-F3'), additional_documents: { required_docs: [{ profile_key: 'business_articles_of_association', doc_str: theirs }] } })],
  ])('refuses %s naming an unknown or foreign file', async (field, body) => {
    expect(outcome(await c.post('/v1/accounts/create_accounts', body()))).toEqual(unknownFile(field));
  });
});
