import { z } from 'zod';
import { startTestApp, type TestApp } from '../support/app';
import { connectTypes as T, paginated } from './connect-types';
import { DUMMY_DOC, nodeUpload, PDF, pythonUpload } from './files-wire';
import { freshSandbox } from './sandbox';
import { advanceClock } from './sandbox-clock';
import { replayedEveryMethod, Sdk } from './sdk';

/**
 * The official clients' connect methods (the Node client's `account`), each sent as the client
 * sends it (test/clients/sdk.ts), on a fresh sandbox. Bodies: the Python client's tests
 * (tests/test_connect.py) and TypedDicts (uqpay/types/connect), the Node client's types
 * (src/resources/account/types.ts). Answers parse into the clients' declared types (connect-types.ts).
 */
let t: TestApp;
let node: Sdk;
let python: Sdk;

beforeAll(async () => {
  t = await startTestApp();
  const sandbox = await freshSandbox(t);
  node = await Sdk.connect(t, 'node', sandbox);
  python = await Sdk.connect(t, 'python', sandbox);
});
afterAll(() => t.close());

const tos = { ip: '127.0.0.1', date: '2026-04-10T00:00:00Z', user_agent: 'Mozilla/5.0 (SDK test)' };

/** tests/test_connect.py's create_account body (a COMPANY). */
const pythonAccount = {
  entity_type: 'COMPANY',
  name: 'SDK Test Corp',
  country: 'SG',
  contact_details: { email: 'sdk-corp@example.com', phone: '+6591234567' },
  business_details: {
    legal_entity_name_english: 'SDK Test Corp',
    incorporation_date: '2020-01-01',
    registration_number: 'T99CC9999Z',
    business_structure: 'LIMITED_COMPANY',
    product_description: 'Software development services',
    merchant_category_code: '7372',
    estimated_worker_count: 'BS001',
    monthly_estimated_revenue: { amount: 'TM001', currency: 'SGD' },
    account_purpose: ['USE_API'],
  },
  registration_address: { line1: '1 Raffles Place', city: 'Singapore', state: 'SG', postal_code: '048616' },
  business_address: [{ line1: '1 Raffles Place', city: 'Singapore', country: 'SG', state: 'SG', postal_code: '048616' }],
  representatives: [
    {
      roles: 'DIRECTOR',
      first_name: 'John',
      last_name: 'Doe',
      nationality: 'SG',
      date_of_birth: '1990-01-15',
      identification: { type: 'PASSPORT', id_number: 'E1234567', documents: { front: DUMMY_DOC } },
      residential_address: { line1: '1 Raffles Place', city: 'Singapore', country: 'SG', state: 'SG', postal_code: '048616' },
      as_applicant: true,
    },
  ],
  documents: [{ type: 'CERTIFICATE_OF_INCORPORATION', front: DUMMY_DOC }],
  tos_acceptance: tos,
};

/** CreateIndividualAccountParams (Node): every required member. */
const nodeAccount = {
  entity_type: 'INDIVIDUAL',
  name: 'Jane Tan',
  contact_details: { email: 'jane@example.com', phone: '+6591234568' },
  person_details: {
    first_name_english: 'Jane',
    last_name_english: 'Tan',
    nationality: 'SG',
    date_of_birth: '1991-03-02',
    internationally: 1,
    banking_currencies: ['USD', 'SGD'],
    banking_countries: ['SG'],
    monthly_estimated_revenue: { amount: 'TM002', currency: 'SGD' },
    account_purpose: ['PURCHASE'],
    identification: { type: 'PASSPORT', id_number: 'K7654321', documents: { front: DUMMY_DOC } },
  },
  residential_address: { line1: '8 Marina View', city: 'Singapore', postal_code: '018960', country: 'SG' },
  documents: [{ type: 'PROOF_OF_ADDRESS', front: DUMMY_DOC }],
  tos_acceptance: tos,
};

/** tests/test_connect.py's create_sub_account body (a COMPANY that does not inherit). */
const pythonSubAccount = (nickname: string, registration: string, idNumber: string) => ({
  business_type: 'BANKING',
  entity_type: 'COMPANY',
  inherit: -1,
  nickname,
  company_info: {
    legal_business_name: 'SDK Test Company Ltd',
    legal_business_name_english: 'SDK Test Company Ltd',
    country_of_incorporation: 'SG',
    company_type: 'LIMITED_COMPANY',
    phone_number: '+6591234567',
    email_address: 'sdk-sub@example.com',
    company_registration_number: registration,
    incorparate_date: '2020-01-01',
    certification_of_incorporation: [DUMMY_DOC],
  },
  company_address: { street_address: '1 Raffles Place', city: 'Singapore', state: 'SG', postal_code: '048616' },
  ownership_details: {
    representatives: [
      {
        legal_first_name_english: 'John',
        legal_last_name_english: 'Doe',
        email_address: 'john.doe@example.com',
        is_applicant: '1',
        job_title: 'DIRECTOR',
        nationality: 'SG',
        phone_number: '+6591234567',
        date_of_birth: '1990-01-15',
        country_or_territory: 'SG',
        street_address: '1 Raffles Place',
        city: 'Singapore',
        state: 'SG',
        postal_code: '048616',
        identification_type: 'PASSPORT',
        identification_value: idNumber,
        identity_docs: [DUMMY_DOC],
      },
    ],
    shareholder_docs: [DUMMY_DOC],
  },
  business_details: {
    country_or_territory: 'SG',
    street_address: '1 Raffles Place',
    city: 'Singapore',
    state: 'SG',
    postal_code: '048616',
    industry: '7372',
    turnover_monthly: 'TM001',
    number_of_employee: 'BS001',
  },
  additional_documents: {
    required_docs: [
      { profile_key: 'business_articles_of_association', doc_str: DUMMY_DOC },
      { profile_key: 'shareholding_structure_chart', doc_str: DUMMY_DOC },
    ],
  },
  tos_acceptance: tos,
});

/** An INDIVIDUAL CreateSubAccountParams (Node), with the members required since 2026. */
const nodeSubAccount = (nickname: string, idNumber: string) => ({
  business_type: 'BANKING',
  entity_type: 'INDIVIDUAL',
  nickname,
  individual_info: {
    first_name_english: 'Wei',
    last_name_english: 'Lim',
    nationality: 'SG',
    phone_number: '+6591234569',
    email_address: 'wei@example.com',
    date_of_birth: '1988-07-21',
    gender: 'MALE',
    country_or_territory: 'SG',
    street_address: '10 Anson Road',
    city: 'Singapore',
    state: 'SG',
    postal_code: '079903',
    employment_status: 'Employed',
    industry: 'TECHNOLOGY',
    job_title: 'ENGINEER',
    company_name: 'Lim Software Pte Ltd',
    annual_income: '85000',
  },
  identity_verification: { identification_type: 'PASSPORT', identification_value: idNumber, identity_docs: [DUMMY_DOC], face_docs: [DUMMY_DOC] },
  expected_activity: {
    account_purpose: ['INVESTMENT'],
    banking_countries: ['SG'],
    banking_currencies: ['USD'],
    internationally: 0,
    turnover_monthly: 'TM001',
    turnover_monthly_currency: 'USD',
  },
  proof_documents: { proof_of_address: [DUMMY_DOC] },
  tos_acceptance: tos,
});

const both = ['node', 'python'] as const;
const caller = (sdk: (typeof both)[number]) => (sdk === 'node' ? node : python);
const page = { page_number: 1, page_size: 20 };
const name = (sdk: (typeof both)[number], node: string, python: string) => (sdk === 'node' ? node : python);

describe('connect.accounts (Node: account.accounts)', () => {
  it.each(both)('%s: create, retrieve, list', async (sdk) => {
    const c = caller(sdk);
    const made = await c.call(name(sdk, 'account.accounts.create', 'connect.accounts.create'), { body: sdk === 'node' ? nodeAccount : pythonAccount }, T.createAccountResponse);
    expect(made).toMatchObject({ status: 'ACTIVE', verification_status: 'PENDING' });
    const one = await c.call(name(sdk, 'account.accounts.retrieve', 'connect.accounts.retrieve'), { params: { id: made.account_id } }, T.account);
    expect(one.account_id).toBe(made.account_id);
    const list = await c.call(name(sdk, 'account.accounts.list', 'connect.accounts.list'), { query: page }, paginated(T.account));
    expect(list.data.map((a) => a.account_id)).toContain(made.account_id);
  });
});

describe('connect.sub_accounts (Node: account.subAccounts)', () => {
  it.each(both)('%s: create', async (sdk) => {
    const made = await caller(sdk).call(
      name(sdk, 'account.subAccounts.create', 'connect.sub_accounts.create'),
      { body: sdk === 'node' ? nodeSubAccount('Wei Lim', 'E2000001') : pythonSubAccount('SDK Test Sub', 'T99CS9999Z', 'E2000002') },
      T.createSubAccountResponse,
    );
    expect(made).toMatchObject({ business_type: 'BANKING', entity_type: sdk === 'node' ? 'INDIVIDUAL' : 'COMPANY', status: 'ACTIVE' });
  });
});

describe('connect.additional_docs (Node: account.additionalDocs)', () => {
  it.each(both)('%s: get', async (sdk) => {
    const docs = await caller(sdk).call(
      name(sdk, 'account.additionalDocs.get', 'connect.additional_docs.get'),
      { query: { country: 'SG', business_code: 'BANKING' } },
      z.array(T.additionalDocument),
    );
    expect(docs.map((d) => d.profile_key)).toContain('business_articles_of_association');
  });
});

describe('connect.rfis (Node: account.rfis)', () => {
  it.each(both)('%s: the compliance team asks, the client lists, reads and answers; the review approves the account', async (sdk) => {
    const c = caller(sdk);
    const sub = await c.call(
      name(sdk, 'account.subAccounts.create', 'connect.sub_accounts.create'),
      { body: sdk === 'node' ? nodeSubAccount('Wei Lim SIMULATE-RFI', 'E3000001') : pythonSubAccount('SDK Sub SIMULATE-RFI', 'T99CS9998Z', 'E3000002') },
      T.createSubAccountResponse,
    );
    // The verification review falls due a minute later: instead of a verdict, the compliance team asks.
    await advanceClock(t, c.token, 60);
    const open = await c.call(name(sdk, 'account.rfis.list', 'connect.rfis.list'), { query: { ...page, status: 'ACTION_REQUIRED' } }, paginated(T.rfi));
    const rfi = open.data.find((r) => r.account_id === sub.account_id)!;
    expect(rfi.rfi_id).toMatch(/^ACTREQ-/);
    const asked = await c.call(name(sdk, 'account.rfis.retrieve', 'connect.rfis.retrieve'), { params: { id: rfi.rfi_id! } }, T.rfi);
    const questions = asked.request!.map((r) => r.question);
    expect(questions.map((q) => q.type)).toEqual(['ATTACHMENT', 'TEXT']);

    const upload = sdk === 'node' ? await nodeUpload(PDF, 'proof.pdf', 'application/pdf') : pythonUpload(PDF, 'proof.pdf', 'application/pdf');
    const file = await c.send('supporting.files.upload', { raw: upload });
    expect(file.status).toBe(200);
    const fileId = (file.body as { file_id: string }).file_id;
    const answered = await c.call(
      name(sdk, 'account.rfis.answer', 'connect.rfis.answer'),
      {
        body: {
          rfi_id: rfi.rfi_id,
          answer: [
            { key: questions[0]!.key, type: 'ATTACHMENT', attachments: [fileId] },
            { key: questions[1]!.key, type: 'TEXT', text: 'Revenue from software licences' },
          ],
        },
      },
      T.rfi,
    );
    expect(answered.status).toBe('SUBMITTED_PENDING');
    expect(answered.request![0]!.answer!.attachments).toEqual([expect.objectContaining({ file_name: 'proof.pdf', file_type: 'pdf' })]);

    await advanceClock(t, c.token, 60);
    const reviewed = await c.call(name(sdk, 'account.rfis.retrieve', 'connect.rfis.retrieve'), { params: { id: rfi.rfi_id! } }, T.rfi);
    expect(reviewed.status).toBe('APPROVED');
    const account = await c.call(name(sdk, 'account.accounts.retrieve', 'connect.accounts.retrieve'), { params: { id: sub.account_id } }, T.account);
    expect(account.verification_status).toBe('APPROVED');
  });
});

replayedEveryMethod(__filename);
