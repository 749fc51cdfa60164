import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type Refusable, type RestReply } from '../../support/client';
import { lockProbe } from '../../support/locks';
import { makeMaster, type Tenant } from '../../support/tenants';
import { companyBody, individualBody, nextIds, withField } from './onboarding-bodies';
import { company, individual } from './sub-account-bodies';

/** Spec 7.1 "document ID already exists": an identification number belongs to one account of a tree. */

let t: TestApp;
let master: Tenant;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Document ID Platform' });
  c = await clientOf(t, master);
});
afterAll(() => t.close());

const outcome = (res: RestReply) => [res.status, res.body];
const EXISTS = [400, { code: 400, message: 'document ID already exists' }];
const af1 = (body: unknown, as: Client = c) => as.post('/v1/accounts', body);
const af2 = (body: unknown, as: Client = c) => as.post('/v1/accounts/create_accounts', body);
const accounts = () => t.db.prisma.account.count();

describe('AF1 and AF2 refuse a number another account of the tree holds', () => {
  it('AF1 INDIVIDUAL: the same ID number again, in any case or spacing, is refused and writes nothing', async () => {
    const [n] = nextIds();
    expect((await af1(individualBody('First holder', n))).status).toBe(200);
    const before = await accounts();
    expect(outcome(await af1(individualBody('Second holder', n)))).toEqual(EXISTS);
    expect(outcome(await af1(individualBody('Third holder', ` ${n.toLowerCase().slice(0, 3)}-${n.toLowerCase().slice(3)}`)))).toEqual(EXISTS);
    expect(await accounts()).toBe(before);
  });

  it('AF1 COMPANY: a representative whose number an individual of the tree holds; one person in two roles of one company is fine', async () => {
    const [n, m] = nextIds();
    expect((await af1(individualBody('Owner herself', n))).status).toBe(200);
    expect(outcome(await af1(companyBody('Owner Co', [m, n])))).toEqual(EXISTS);
    const [p] = nextIds();
    expect((await af1(companyBody('Same person twice', [p, p]))).status).toBe(200);
  });

  it('AF2: individual identification_value and representative identification_value, across AF1 and AF2', async () => {
    const [n, m] = nextIds();
    expect((await af1(individualBody('AF1 first', n))).status).toBe(200);
    expect(outcome(await af2(individual(n)))).toEqual(EXISTS);
    expect((await af2(company('UEN-DOCID', [m, `${m}X`]))).status).toBe(200);
    expect(outcome(await af2(company('UEN-DOCID-2', [`${m}Y`, m])))).toEqual(EXISTS);
    expect(outcome(await af1(withField(individualBody('AF1 after AF2'), ['person_details', 'identification', 'id_number'], m)))).toEqual(EXISTS);
  });

  it('another tree may hold the same number', async () => {
    const [n] = nextIds();
    expect((await af1(individualBody('Tree one', n))).status).toBe(200);
    const other = await clientOf(t, await makeMaster(t.services, { name: 'Another tree' }));
    expect((await af1(individualBody('Tree two', n), other)).status).toBe(200);
  });

  it('GraphQL createAccount answers the same message', async () => {
    const [n] = nextIds();
    expect((await af1(individualBody('Before GraphQL', n))).status).toBe(200);
    const res = await c.gql<Refusable<'createAccount'>, unknown>('mutation($input: JSONObject!) { createAccount(input: $input) { account { id } userErrors { field message code } } }', { input: individualBody('GraphQL dup', n) });
    expect(res.data!.createAccount.userErrors[0]).toMatchObject({ message: 'document ID already exists', code: 'DOCUMENT_ID_EXISTS' });
  });
});

describe('race safety: the (tree, number) key decides', () => {
  it('two concurrent creations with one number: exactly one wins', async () => {
    const [n] = nextIds();
    const replies = await Promise.all([af1(individualBody('Racer one', n)), af2(individual(n))]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(replies.find((r) => r.status === 400)!.body).toEqual(EXISTS[1]);
  });

  it('a creation meeting an uncommitted claim of the number waits for it, then is refused when it commits', async () => {
    const probe = await lockProbe(t.url);
    try {
      const [n] = nextIds();
      await probe.holder.query('BEGIN');
      await probe.holder.query(`INSERT INTO account_identifications (root_account_id, id_number, account_id, created_at) VALUES ($1, $2, $1, now())`, [master.account.id, n]);
      const creation = af1(individualBody('Waits for the claim', n));
      const waiter = await probe.waitingBackend(/account_identifications/, creation);
      const blockers = waiter === undefined ? [] : await probe.blockersOf(waiter);
      await probe.holder.query('COMMIT');
      expect(outcome(await creation)).toEqual(EXISTS);
      expect(blockers).toEqual([probe.pid]);
    } finally {
      await probe.close();
    }
  });

  it('… and succeeds when the claim rolls back', async () => {
    const probe = await lockProbe(t.url);
    try {
      const [n] = nextIds();
      await probe.holder.query('BEGIN');
      await probe.holder.query(`INSERT INTO account_identifications (root_account_id, id_number, account_id, created_at) VALUES ($1, $2, $1, now())`, [master.account.id, n]);
      const creation = af1(individualBody('Outlives the claim', n));
      const waiter = await probe.waitingBackend(/account_identifications/, creation);
      await probe.holder.query('ROLLBACK');
      expect(waiter).toBeDefined();
      expect((await creation).status).toBe(200);
    } finally {
      await probe.close();
    }
  });
});
