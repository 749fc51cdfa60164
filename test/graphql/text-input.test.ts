import { startTestApp, type TestApp } from '../support/app';
import { auth, makeMaster, tokenFor, type Tenant } from '../support/tenants';

/**
 * GraphQL's side of the U+0000 edge check: one place (an Apollo plugin) looks through string
 * literals, variables and variable defaults before any resolver runs, and refuses the request with
 * HTTP 400, naming the argument path as the client wrote it.
 */

let t: TestApp;
let master: Tenant;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Edge' });
  token = await tokenFor(t, master);
});
afterAll(() => t.close());

interface Response {
  data?: unknown;
  errors?: { message: string; extensions: Record<string, unknown> }[];
}

async function gql(query: string, variables: Record<string, unknown> = {}, accept = 'application/json') {
  const res = await t.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { ...auth(token), accept } });
  return { status: res.statusCode, body: res.json() as Response, requestId: res.headers['x-request-id'] };
}

/** Refused before any resolver runs: a top-level error (not a userError), naming its request. */
const refusal = (field: string, requestId: unknown) => ({
  data: undefined,
  errors: [
    {
      message: `Invalid value for field '${field}': must not contain the NUL character (U+0000)`,
      extensions: { code: 'validation_failed', type: 'validation', httpStatus: 400, field, requestId },
    },
  ],
});

const CREATE_PAYOUT = `mutation($input: CreatePayoutInput!) { createPayout(input: $input) { payout { id } userErrors { field message code } } }`;
const payoutInput = (over: Record<string, unknown>) => ({
  currency: 'USD',
  amount: '10.00',
  purposeCode: 'WAGES_SALARY',
  payoutDate: '2026-11-21',
  payoutReference: 'Invoice 42',
  ...over,
});

it.each(['application/json', 'application/graphql-response+json'])('refuses a variable holding NUL with HTTP 400 (Accept: %s)', async (accept) => {
  const res = await gql(CREATE_PAYOUT, { input: payoutInput({ payoutReference: 'Invoice\u000042' }) }, accept);
  expect(res.status).toBe(400);
  expect({ data: res.body.data, errors: res.body.errors }).toEqual(refusal('input.payoutReference', res.requestId));
});

it('names a field inside a JSON argument and a list element by their paths', async () => {
  const nested = await gql(CREATE_PAYOUT, { input: payoutInput({ beneficiary: { bank_details: { iban: 'DE\u000089' } } }) });
  expect(nested.body.errors![0]!.extensions.field).toBe('input.beneficiary.bank_details.iban');
  const listed = await gql(CREATE_PAYOUT, { input: payoutInput({ documentation: [{ type: 'INVOICE', fileId: 'ok' }, { type: 'INVOICE', fileId: '\u0000' }] }) });
  expect(listed.body.errors![0]!.extensions.field).toBe('input.documentation[1].fileId');
});

it('refuses an escaped NUL in a string literal: filter.companyName', async () => {
  const res = await gql('{ beneficiaries(filter: {companyName: "Acme\\u0000"}) { totalCount } }');
  expect(res.status).toBe(400);
  expect({ data: res.body.data, errors: res.body.errors }).toEqual(refusal('filter.companyName', res.requestId));
});

it('follows a variable used inside a literal, and a variable default', async () => {
  const inLiteral = await gql('mutation($n: String!) { createSubAccount(input: {name: $n}) { account { id } userErrors { field message code } } }', { n: 'Shop\u0000' });
  expect([inLiteral.status, inLiteral.body.errors![0]!.extensions.field]).toEqual([400, 'input.name']);
  const byDefault = await gql('query($c: String = "Acme\\u0000") { beneficiaries(filter: {companyName: $c}) { totalCount } }');
  expect([byDefault.status, byDefault.body.errors![0]!.extensions.field]).toEqual([400, 'filter.companyName']);
  const given = await gql('query($c: String = "Acme\\u0000") { beneficiaries(filter: {companyName: $c}) { totalCount } }', { c: 'Acme' });
  expect(given.status).toBe(200);
});

it('runs no resolver: nothing is written', async () => {
  const before = await t.db.prisma.account.count({ where: { parentId: master.account.id } });
  const res = await gql('mutation { createSubAccount(input: {name: "Shop\\u0000"}) { account { id } userErrors { field message code } } }');
  expect(res.status).toBe(400);
  expect(await t.db.prisma.account.count({ where: { parentId: master.account.id } })).toBe(before);
});

it('ignores a variable the document does not declare, and serves strings without NUL', async () => {
  const res = await gql('{ beneficiaries(filter: {companyName: "Acme"}) { totalCount } }', { undeclared: '\u0000' });
  expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { data: { beneficiaries: { totalCount: 0 } }, extensions: { cost: { requested: 1, limit: 5000 } } } });
});
