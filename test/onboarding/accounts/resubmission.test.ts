import { createApiKey } from '../../../src/domain/developers/keys/api-keys';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type Refusable, type RestReply } from '../../support/client';
import { advance } from '../../support/sandbox';
import { makeMaster, type Tenant } from '../../support/tenants';
import { samples, uploadOne } from '../files/fixtures';
import { individualBody, PNG } from './onboarding-bodies';

/** RETURN resubmission: POST /v1/accounts/{id}/documents and GraphQL resubmitAccountDocuments (issue 10). */

let t: TestApp;
let master: Tenant;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Resubmitting Platform' });
  c = await clientOf(t, master);
});
afterAll(() => t.close());

const outcome = (res: RestReply) => [res.status, res.body];
const refusal = (message: string) => [400, { code: 400, message }];
const docs = (over: Record<string, unknown> = {}) => ({ documents: [{ type: 'PROOF_OF_ADDRESS', front: PNG, ...over }] });

async function onboard(name: string): Promise<string> {
  const res = await c.post('/v1/accounts', individualBody(name));
  if (res.status !== 200) throw new Error(`AF1 failed: ${res.raw}`);
  return res.body.account_id as string;
}
/** An AF1 account whose first review returned its documents. */
async function returned(name = 'Returned SIMULATE-RETURN applicant'): Promise<string> {
  const id = await onboard(name);
  await advance(c, 60);
  expect((await c.get(`/v1/accounts/${id}`)).body.verification_status).toBe('RETURN');
  return id;
}
const eventsOf = async (id: string) =>
  (await t.db.prisma.outboxEvent.findMany({ where: { sourceId: id }, orderBy: { createdAt: 'asc' } })).map((e) => [e.eventType, e.eventName]);

describe('POST /v1/accounts/{id}/documents', () => {
  it('puts a RETURN account back to PENDING with its event, and the review on the clock then APPROVES it (SIMULATE-RETURN applies once)', async () => {
    const id = await returned();
    const res = await c.post(`/v1/accounts/${id}/documents`, docs({ back: PNG }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ account_id: id, verification_status: 'PENDING', review_reason: null });
    expect(await eventsOf(id)).toEqual([
      ['ONBOARDING', 'account.verification.pending'],
      ['ONBOARDING', 'account.verification.returned'],
      ['ONBOARDING', 'account.verification.pending'],
    ]);
    const row = await t.db.prisma.account.findUniqueOrThrow({ where: { id } });
    expect(row.onboarding).toMatchObject({ documents: [{ type: 'PROOF_OF_ADDRESS', front: PNG, back: PNG }], resubmission_count: 1 });
    await advance(c, 59);
    expect((await c.get(`/v1/accounts/${id}`)).body.verification_status).toBe('PENDING');
    await advance(c, 1);
    expect((await c.get(`/v1/accounts/${id}`)).body).toMatchObject({ verification_status: 'APPROVED', review_reason: null });
    expect((await eventsOf(id)).at(-1)).toEqual(['ONBOARDING', 'account.verification.approved']);
  });

  it('is refused outside RETURN, naming the state', async () => {
    const pending = await onboard('Still pending');
    expect(outcome(await c.post(`/v1/accounts/${pending}/documents`, docs()))).toEqual(
      refusal('documents can be resubmitted only when verification_status is RETURN (it is PENDING)'),
    );
    await advance(c, 60);
    expect(outcome(await c.post(`/v1/accounts/${pending}/documents`, docs()))).toEqual(
      refusal('documents can be resubmitted only when verification_status is RETURN (it is APPROVED)'),
    );
    expect(outcome(await c.post(`/v1/accounts/${master.account.id}/documents`, docs()))).toEqual(
      refusal('documents can be resubmitted only when verification_status is RETURN (it is APPROVED)'),
    );
  });

  it('answers a second resubmission with the state the first left (PENDING)', async () => {
    const id = await returned();
    expect((await c.post(`/v1/accounts/${id}/documents`, docs())).status).toBe(200);
    expect(outcome(await c.post(`/v1/accounts/${id}/documents`, docs()))).toEqual(
      refusal('documents can be resubmitted only when verification_status is RETURN (it is PENDING)'),
    );
  });

  it.each<[string, unknown, string]>([
    ['a missing documents array', {}, "Field 'documents' is required"],
    ['an empty documents array', { documents: [] }, 'check that you have submitted the necessary documents'],
    ['a document with no front', { documents: [{ type: 'PASSPORT', back: PNG }] }, 'check that you have submitted the necessary documents'],
    ['a document with no type', { documents: [{ front: PNG }] }, "Field 'documents[0].type' is required"],
    ['an unknown file id', docs({ front: undefined, front_file_id: '00000000-0000-4000-8000-00000000f11e' }), "Invalid value for field 'documents[0].front_file_id': no uploaded file has this id (POST /v1/files/upload)"],
  ])('refuses %s and leaves the account RETURN', async (_case, body, message) => {
    const id = await returned();
    expect(outcome(await c.post(`/v1/accounts/${id}/documents`, body))).toEqual(refusal(message));
    expect((await c.get(`/v1/accounts/${id}`)).body.verification_status).toBe('RETURN');
  });

  it('takes a file the caller uploaded', async () => {
    const id = await returned();
    const file = (await uploadOne(c, 'bill.pdf', samples.pdf())).body.file_id as string;
    const res = await c.post(`/v1/accounts/${id}/documents`, { documents: [{ type: 'PROOF_OF_ADDRESS', front_file_id: file }] });
    expect(res.body.verification_status).toBe('PENDING');
  });

  it('is the account itself or its master: x-on-behalf-of answers as that account, never its sibling; other tenants see nothing', async () => {
    const a = await returned();
    const b = await returned();
    expect(outcome(await c.as(b).post(`/v1/accounts/${a}/documents`, docs()))).toEqual(refusal('entity not found'));
    const other = await clientOf(t, await makeMaster(t.services, { name: 'Stranger' }));
    expect(outcome(await other.post(`/v1/accounts/${a}/documents`, docs()))).toEqual(refusal('entity not found'));
    expect(outcome(await c.post('/v1/accounts/not-an-id/documents', docs()))).toEqual(refusal('entity not found'));
    expect((await c.as(a).post(`/v1/accounts/${a}/documents`, docs())).body.verification_status).toBe('PENDING');
    const own = await clientOf(t, await createApiKey(t.services, { accountId: b }));
    expect((await own.post(`/v1/accounts/${b}/documents`, docs())).body.verification_status).toBe('PENDING');
  });
});

describe('GraphQL resubmitAccountDocuments', () => {
  const RESUBMIT = 'mutation($id: ID!, $input: JSONObject!) { resubmitAccountDocuments(accountId: $id, input: $input) { account { id verificationStatus reviewReason } userErrors { field message code } } }';

  it('takes the camelCase body and answers the account PENDING; outside RETURN it names the state', async () => {
    const id = await returned();
    const res = await c.gql<{ resubmitAccountDocuments: { account: unknown } }, unknown>(RESUBMIT, { id, input: { documents: [{ type: 'PASSPORT', front: PNG }] } });
    expect(res.data?.resubmitAccountDocuments?.account).toEqual({ id, verificationStatus: 'PENDING', reviewReason: null });
    const again = await c.gql<Refusable<'resubmitAccountDocuments'>, unknown>(RESUBMIT, { id, input: { documents: [{ type: 'PASSPORT', front: PNG }] } });
    expect(again.data!.resubmitAccountDocuments.userErrors[0]).toMatchObject({
      message: 'documents can be resubmitted only when verification_status is RETURN (it is PENDING)',
      code: 'VERIFICATION_NOT_RETURNED',
    });
    const badFile = await c.gql<Refusable<'resubmitAccountDocuments'>, unknown>(RESUBMIT, { id: await returned(), input: { documents: [{ type: 'PASSPORT', frontFileId: 'nope' }] } });
    expect(badFile.data!.resubmitAccountDocuments.userErrors[0]!.message).toBe("Invalid value for field 'documents[0].frontFileId': no uploaded file has this id (POST /v1/files/upload)");
  });
});
