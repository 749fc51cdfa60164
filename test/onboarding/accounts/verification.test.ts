import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type Refusable } from '../../support/client';
import { advance } from '../../support/sandbox';
import { eventData, deliveredData } from '../../support/events';
import { makeMaster, makeSub, type Tenant } from '../../support/tenants';
import { individualBody } from './onboarding-bodies';

let t: TestApp;
let master: Tenant;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Verifying Platform' });
  c = await clientOf(t, master);
});
afterAll(() => t.close());

const NOT_VERIFIED = 'please completed the verification and activate your account first';

async function onboard(name: string): Promise<string> {
  const res = await c.post('/v1/accounts', individualBody(name));
  if (res.status !== 200) throw new Error(`AF1 failed: ${res.raw}`);
  return res.body.account_id as string;
}
const accountOf = async (id: string) => (await c.get(`/v1/accounts/${id}`)).body;
const eventsOf = async (id: string) =>
  (await t.db.prisma.outboxEvent.findMany({ where: { sourceId: id }, orderBy: { createdAt: 'asc' } })).map((e) => [e.eventType, e.eventName, (deliveredData(e) as { verification_status: string }).verification_status]);

describe('verification lifecycle (spec 3.1 verification_status)', () => {
  it("each event's data is the account exactly as GET /v1/accounts/{id} (AF4) answered at that step (issue 11)", async () => {
    const id = await onboard('Payload Applicant');
    expect(await eventData(t, id, 'account.verification.pending')).toEqual(await accountOf(id));
    await advance(c, 60);
    expect(await eventData(t, id, 'account.verification.approved')).toEqual(await accountOf(id));
  });

  it('moves PENDING -> APPROVED when the review falls due a minute later, with an ONBOARDING event at each step', async () => {
    const id = await onboard('Plain Applicant');
    expect(await eventsOf(id)).toEqual([['ONBOARDING', 'account.verification.pending', 'PENDING']]);
    await advance(c, 59);
    expect(await accountOf(id)).toMatchObject({ verification_status: 'PENDING', review_reason: null });
    await advance(c, 1);
    expect(await accountOf(id)).toMatchObject({ verification_status: 'APPROVED', review_reason: null });
    expect(await eventsOf(id)).toEqual([
      ['ONBOARDING', 'account.verification.pending', 'PENDING'],
      ['ONBOARDING', 'account.verification.approved', 'APPROVED'],
    ]);
  });

  it.each([
    ['SIMULATE-REJECT', 'REJECT', 'account.verification.rejected', 'identity verification failed'],
    ['SIMULATE-RETURN', 'RETURN', 'account.verification.returned', 'documents are unreadable; upload them again'],
    ['SIMULATE-EXPIRE', 'EXPIRED', 'account.verification.expired', 'verification was not completed in time'],
  ])('a name containing %s ends %s with its reason and event', async (marker, status, event, reason) => {
    const id = await onboard(`Test ${marker} person`);
    await advance(c, 60);
    expect(await accountOf(id)).toMatchObject({ verification_status: status, review_reason: reason });
    expect((await eventsOf(id)).at(-1)).toEqual(['ONBOARDING', event, status]);
    expect(await eventData(t, id, event)).toEqual(await accountOf(id));
  });

  it('GraphQL createSubAccount starts PENDING too; operator-made sub-accounts are APPROVED at once', async () => {
    const made = await c.gql<{ createSubAccount: { account: { verificationStatus: string } } }, unknown>('mutation { createSubAccount(input: {name: "Graph sub"}) { account { verificationStatus } userErrors { field message code } } }');
    expect(made.data?.createSubAccount?.account.verificationStatus).toBe('PENDING');
    expect((await makeSub(t.services, master, 'Operator sub')).verificationStatus).toBe('APPROVED');
    expect(master.account.verificationStatus).toBe('APPROVED');
  });
});

describe('an account that is not APPROVED cannot move money', () => {
  it('refuses payouts and transfers (account-center), cards (issuance envelope A) and GraphQL alike; reads still answer', async () => {
    const pending = c.as(await onboard('Waiting Applicant'));
    expect([(await pending.post('/v1/payouts', {})).body]).toEqual([{ code: 400, message: NOT_VERIFIED }]);
    expect((await pending.post('/v1/transfer', {})).body).toEqual({ code: 400, message: NOT_VERIFIED });
    expect((await pending.post('/v1/issuing/cards', {})).body).toEqual({ type: 'account_error', code: 'account_not_verified', message: NOT_VERIFIED });
    const gql = await pending.gql<Refusable<'createTransfer'>, unknown>('mutation { createTransfer(input: {sourceAccountId: "00000000-0000-4000-8000-000000000002", targetAccountId: "00000000-0000-4000-8000-000000000001", currency: "USD", amount: "1", reason: "x"}) { transfer { id } userErrors { field message code } } }');
    expect(gql.data!.createTransfer.userErrors[0]).toMatchObject({ code: 'ACCOUNT_NOT_VERIFIED' });
    expect((await pending.get('/v1/balances')).status).toBe(200);
  });

  it.each(['SIMULATE-REJECT', 'SIMULATE-RETURN', 'SIMULATE-EXPIRE'])('keeps refusing after %s', async (marker) => {
    const id = await onboard(`Final ${marker}`);
    await advance(c, 60);
    expect((await c.as(id).post('/v1/transfer', {})).body).toEqual({ code: 400, message: NOT_VERIFIED });
  });

  it('lets the account move money once APPROVED (the call reaches its own validation)', async () => {
    const id = await onboard('Soon Approved');
    await advance(c, 60);
    const res = await c.as(id).post('/v1/transfer', {});
    expect([res.status, res.body]).toEqual([400, { code: 400, message: "Field 'source_account_id' is required" }]);
  });
});
