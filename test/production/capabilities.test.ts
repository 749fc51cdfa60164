import { runAdminCommand } from '../../src/admin/commands';
import { createSubAccount } from '../../src/domain/onboarding/accounts/service';
import { runDueTransitions } from '../../src/platform/scheduler/run';
import type { TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { makeMaster } from '../support/tenants';
import { individualBody } from '../onboarding/accounts/onboarding-bodies';
import { holderBody } from '../issuing/cardholders/fixtures';
import { card, intentBody } from '../acquiring/payments/fixtures';
import { productionMaster, REFUSALS, startProductionApp } from './support';

let t: TestApp;
let c: Client;
let accountId: string;

beforeAll(async () => {
  t = await startProductionApp();
  const tenant = await productionMaster(t.services, 'Live merchant');
  accountId = tenant.account.id;
  c = (await clientOf(t, tenant)).withHeaders({ 'x-client-id': tenant.clientId });
});
afterAll(() => t.close());

const refused = (r: keyof typeof REFUSALS) => ({ status: 400, body: { code: 400, message: REFUSALS[r].message } });
const pick = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });

describe('the test-card acquirer serves sandbox accounts only', () => {
  it('a confirm with 4242… on a production account is refused and captures nothing', async () => {
    const intent = (await c.post('/v2/payment_intents/create', intentBody({ amount: '5000.00' }))).body;
    const confirm = await c.post(`/v2/payment_intents/${intent.payment_intent_id}/confirm`, card('4242424242424242'));
    expect(pick(confirm)).toEqual(refused('acquirer'));
    expect((await c.get(`/v2/payment_intents/${intent.payment_intent_id}`)).body).toMatchObject({ intent_status: 'REQUIRES_PAYMENT_METHOD', captured_amount: '0.00', latest_payment_attempt: null });
    expect(await t.db.prisma.paymentAttempt.count({ where: { accountId } })).toBe(0);
    expect(await t.db.prisma.journalEntry.count()).toBe(0);
  });

  it('a create with a payment_method is refused whole: no intent is left behind', async () => {
    const before = await t.db.prisma.paymentIntent.count({ where: { accountId } });
    expect(pick(await c.post('/v2/payment_intents/create', intentBody({ amount: '5000.00', ...card('4000000000000077') })))).toEqual(refused('acquirer'));
    expect(await t.db.prisma.paymentIntent.count({ where: { accountId } })).toBe(before);
  });
});

describe('a production master acting for its sub-account', () => {
  it('is refused the simulations too: the sub-account inherits the master’s kind', async () => {
    const sub = await createSubAccount(t.services, accountId, { name: 'Live sub' });
    expect(sub.isSandbox).toBe(false);
    const res = await c.as(sub.id).post('/v1/simulation/deposit', { amount: 100, currency: 'USD' });
    expect(pick(res)).toEqual(refused('simulations'));
  });
});

describe('onboarding of a production account waits for an operator', () => {
  const admin = (...argv: string[]) => runAdminCommand(t.services, argv) as Promise<Record<string, unknown>>;

  it('stays PENDING whatever time passes, until `admin review-account` decides it', async () => {
    const made = await c.post('/v1/accounts', individualBody('Live Applicant'));
    expect(made.status).toBe(200);
    const id = made.body.account_id as string;
    expect(await t.db.prisma.scheduledTransition.count({ where: { subjectId: id } })).toBe(0);
    // Twenty times the simulated review's minute (and within the token's lifetime).
    t.clock.advance(20 * 60);
    await runDueTransitions(t.services, { realClock: true });
    expect((await c.get(`/v1/accounts/${id}`)).body).toMatchObject({ verification_status: 'PENDING' });

    expect(await admin('review-account', '--account', id, '--decision', 'APPROVED')).toMatchObject({ account_id: id, verification_status: 'APPROVED', is_sandbox: false });
    expect((await c.get(`/v1/accounts/${id}`)).body).toMatchObject({ verification_status: 'APPROVED', review_reason: null });
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: id }, orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => e.eventName)).toEqual(['account.verification.pending', 'account.verification.approved']);
    await expect(admin('review-account', '--account', id, '--decision', 'REJECT')).rejects.toThrow('only a PENDING verification can be decided (verification_status is APPROVED)');
  });

  it('can be rejected with a reason', async () => {
    const id = (await c.post('/v1/accounts', individualBody('Doubtful Applicant'))).body.account_id as string;
    await admin('review-account', '--account', id, '--decision', 'REJECT', '--reason', 'documents do not match');
    expect((await c.get(`/v1/accounts/${id}`)).body).toMatchObject({ verification_status: 'REJECT', review_reason: 'documents do not match' });
  });

  it('the admin CLI of a production server makes production accounts', async () => {
    const made = await admin('create-master', '--name', 'Operator-made');
    expect(made.account).toMatchObject({ is_sandbox: false, verification_status: 'APPROVED' });
  });
});

describe('the sandbox’s own pages answer no production account’s link', () => {
  it('3-D Secure challenge and identity pages: a link of an account that is not a sandbox is no link', async () => {
    const sandbox = await makeMaster(t.services, { name: 'Sandbox for links' });
    const s = (await clientOf(t, sandbox)).withHeaders({ 'x-client-id': sandbox.clientId });
    const challenged = (await s.post('/v2/payment_intents/create', intentBody(card('4000000000003220')))).body;
    const challenge = new URL(challenged.next_action.redirect_to_url.url).pathname;
    const holder = (await s.post('/v1/issuing/cardholders', holderBody({ kyc_verification: { method: 'IDVPROVIDER_REDIRECT' } }))).body;
    const idv = new URL(holder.idv_verification_url).pathname;
    expect((await t.inject({ method: 'GET', url: challenge })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: idv })).statusCode).toBe(200);

    // The same account, were it a production one: neither page shows nor takes an answer.
    await t.db.prisma.account.update({ where: { id: sandbox.account.id }, data: { isSandbox: false } });
    expect((await t.inject({ method: 'GET', url: challenge })).statusCode).toBe(400);
    expect((await t.inject({ method: 'POST', url: `${challenge}/complete` })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: idv })).statusCode).toBe(400);
    expect((await t.inject({ method: 'POST', url: `${idv}/approve` })).statusCode).toBe(400);
    expect((await s.get(`/v2/payment_intents/${challenged.payment_intent_id}`)).body).toMatchObject({ intent_status: 'REQUIRES_CUSTOMER_ACTION' });
    expect((await s.get(`/v1/issuing/cardholders/${holder.cardholder_id}`)).body).toMatchObject({ cardholder_status: 'PENDING' });
  });
});
