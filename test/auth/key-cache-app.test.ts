import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createApiKey, disableApiKey } from '../../src/domain/developers/keys/api-keys';
import { setAccountStatus } from '../../src/domain/onboarding/accounts/service';
import { KeyRecordCache } from '../../src/platform/auth/key-cache';
import { lookUpKeyRecord } from '../../src/platform/auth/key-record';
import { runDueTransitions } from '../../src/platform/scheduler/run';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf } from '../support/client';
import { CreateSubAccountDocument } from '../support/graphql.generated';
import { PNG } from '../onboarding/accounts/onboarding-bodies';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { makeMaster, tokenFor, type Tenant } from '../support/tenants';

/**
 * The API-key look-up cache in a running app (issue 7): served from memory, and never stale after
 * a change — at once for a change made through this process, after the notification for a change
 * made through any other connection.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await t.db.keyRecords.ready();
});
afterAll(() => t.close());

const AC_GET = '/api/v1/accounts';
const get = (token: string) => t.inject({ method: 'GET', url: AC_GET, headers: { 'x-auth-token': `Bearer ${token}` } });

/** Counts the key look-ups that reach PostgreSQL (the named statement of findKeyRecord). */
function countKeyQueries(): { count: () => number; restore: () => void } {
  const spy = jest.spyOn(t.db.pool, 'query');
  return {
    count: () => spy.mock.calls.filter(([q]) => typeof q === 'object' && q !== null && (q as { name?: string }).name === 'find_key_record').length,
    restore: () => spy.mockRestore(),
  };
}

/** A plain client on the app's database: a change made by another process (psql, another payrail). */
async function elsewhere<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Makes the change through another connection and waits until this process heard of it. */
async function changeElsewhere(sql: string, args: unknown[]): Promise<void> {
  await elsewhere((client) => client.query(sql, args));
  await settled();
}

/**
 * Waits until every change committed so far has been heard: a marker notified now arrives after
 * all of them (notifications arrive in commit order), so none of them can clear the cache later.
 */
async function settled(): Promise<void> {
  const marker = `settled-${randomUUID()}`;
  const heard = t.db.keyRecords.heardNotification(marker);
  await elsewhere((client) => client.query("SELECT pg_notify('payrail_auth', $1)", [marker]));
  await heard;
}

/** A tenant made through this process, once the notification its commit sent (it clears the cache) has arrived. */
async function quietMaster(name: string): Promise<Tenant> {
  const m = await makeMaster(t.services, { name });
  await settled();
  return m;
}

describe('served from memory', () => {
  it('answers a second look-up of a key without a query, with equal values', async () => {
    const m = await quietMaster('Cached');
    const queries = countKeyQueries();
    try {
      const first = await lookUpKeyRecord(t.db, m.clientId);
      const second = await lookUpKeyRecord(t.db, m.clientId);
      expect(queries.count()).toBe(1);
      expect(second).toEqual(first);
      expect(second).toMatchObject({ clientId: m.clientId, accountId: m.account.id, status: 'ACTIVE' });
    } finally {
      queries.restore();
    }
  });

  it('authenticates repeated calls (token exchange and requests) with one look-up', async () => {
    const m = await quietMaster('Cached calls');
    const queries = countKeyQueries();
    try {
      const token = await tokenFor(t, m);
      for (let i = 0; i < 3; i++) expect((await get(token)).statusCode).toBe(200);
      expect(queries.count()).toBe(1);
    } finally {
      queries.restore();
    }
  });
});

describe('a change made through another connection', () => {
  let m: Tenant;
  let token: string;
  beforeEach(async () => {
    m = await quietMaster('Changed elsewhere');
    token = await tokenFor(t, m);
    expect((await get(token)).statusCode).toBe(200);
    // Held now: the next answer would come from memory.
    expect(t.db.keyRecords.size).toBeGreaterThan(0);
  });

  it('a disabled key revokes its tokens once the notification arrived', async () => {
    await changeElsewhere(`UPDATE api_keys SET status = 'DISABLED' WHERE client_id = $1`, [m.clientId]);
    expect((await get(token)).json()).toEqual({ code: 403, message: 'Authorization error' });
    expect((await get(token)).json()).toEqual({ code: 403, message: 'Authorization error' });
  });

  it('a suspended account is refused once the notification arrived', async () => {
    await changeElsewhere(`UPDATE accounts SET status = 'INACTIVE' WHERE id = $1`, [m.account.id]);
    expect((await get(token)).json()).toEqual({ code: 400, message: 'access token err' });
    expect((await get(token)).json()).toEqual({ code: 400, message: 'access token err' });
  });

  it("a test clock set on the tree is the tree's time once the notification arrived", async () => {
    const c = await clientOf(t, m);
    await changeElsewhere(
      `INSERT INTO test_clocks (root_account_id, frozen_time, created_at, updated_at) VALUES ($1, '2027-03-01T00:00:00Z', now(), now())`,
      [m.account.id],
    );
    const created = await c.gql(CreateSubAccountDocument, { input: { name: 'Born under the new clock' } });
    expect(created.data!.createSubAccount.account!.createdAt).toBe('2027-03-01T00:00:00.000Z');
  });

  it('an access profile removed is seen by the next token exchange', async () => {
    await changeElsewhere(`DELETE FROM access_profiles WHERE account_id = $1`, [m.account.id]);
    const res = await t.inject({ method: 'POST', url: '/api/v1/connect/token', payload: { client_id: m.clientId, api_key: m.apiKey } });
    expect(res.json()).toMatchObject({ message: 'Entity config not exist' });
  });
});

/**
 * A change made through this process must show on its very next request, without waiting for the
 * notification. To show that the writer's own call does it, the app's cache is swapped for one that
 * listens on ANOTHER database: it is up (so it caches) but never hears this database's notifications.
 */
describe('a change made through this process, with the notification path cut', () => {
  let deaf: TestDatabase;
  let original: KeyRecordCache;

  beforeAll(async () => {
    deaf = await createTestDatabase();
    original = t.db.keyRecords;
    const cache = new KeyRecordCache({ enabled: true, connect: () => new pg.Client({ connectionString: deaf.url }) });
    await cache.ready();
    (t.db as { keyRecords: KeyRecordCache }).keyRecords = cache;
  });
  afterAll(async () => {
    await t.db.keyRecords.close();
    (t.db as { keyRecords: KeyRecordCache }).keyRecords = original;
    await deaf.drop();
  });

  it('the cache does hold answers here (a change elsewhere stays unseen: this is what the cut does)', async () => {
    const m = await makeMaster(t.services, { name: 'Deaf control' });
    const token = await tokenFor(t, m);
    expect((await get(token)).statusCode).toBe(200);
    await elsewhere((client) => client.query(`UPDATE api_keys SET status = 'DISABLED' WHERE client_id = $1`, [m.clientId]));
    expect((await get(token)).statusCode).toBe(200);
  });

  it('disabling a key revokes its tokens on the next call', async () => {
    const m = await makeMaster(t.services, { name: 'Disabled here' });
    const token = await tokenFor(t, m);
    expect((await get(token)).statusCode).toBe(200);
    await disableApiKey(t.services, m.clientId);
    expect((await get(token)).json()).toEqual({ code: 403, message: 'Authorization error' });
  });

  it('an account made inactive is refused on the next call', async () => {
    const m = await makeMaster(t.services, { name: 'Inactive here' });
    const token = await tokenFor(t, m);
    expect((await get(token)).statusCode).toBe(200);
    await setAccountStatus(t.services, m.account.id, 'INACTIVE');
    expect((await get(token)).json()).toEqual({ code: 400, message: 'access token err' });
  });

  it("advancing the tree's test clock is the tree's time on the next call", async () => {
    const m = await makeMaster(t.services, { name: 'Clock here' });
    const c = await clientOf(t, m);
    const first = await c.post('/v1/simulation/clock/advance', { seconds: 60 }, { key: null });
    expect(first.body.frozen_time).toBe('2026-11-21T10:01:00.000Z');
    const second = await c.post('/v1/simulation/clock/advance', { seconds: 3600 }, { key: null });
    expect(second.body.frozen_time).toBe('2026-11-21T11:01:00.000Z');
    const created = await c.gql(CreateSubAccountDocument, { input: { name: 'Born an hour later' } });
    expect(created.data!.createSubAccount.account!.createdAt).toBe('2026-11-21T11:01:00.000Z');
  });

  it('a verification a scheduled transition completes is the key status on the next look-up', async () => {
    const m = await makeMaster(t.services, { name: 'Verifying' });
    const c = await clientOf(t, m);
    const created = await c.gql(CreateSubAccountDocument, { input: { name: 'Onboarded' } });
    const subId = created.data!.createSubAccount.account!.id;
    const subKey = await createApiKey(t.services, { accountId: subId });
    expect((await lookUpKeyRecord(t.db, subKey.clientId))?.verificationStatus).toBe('PENDING');
    // The review falls due a minute later; the runner (as the worker runs it) is the only writer here.
    const ran = await runDueTransitions(t.services, { rootAccountId: m.account.id, upTo: new Date('2026-11-21T11:00:00Z') });
    expect(ran).toBe(1);
    expect((await lookUpKeyRecord(t.db, subKey.clientId))?.verificationStatus).toBe('APPROVED');
  });

  it('resubmitted documents (inside the idempotency unit) are the key status once the request answered', async () => {
    const m = await makeMaster(t.services, { name: 'Resubmitting' });
    const c = await clientOf(t, m);
    const created = await c.gql(CreateSubAccountDocument, { input: { name: 'Returned SIMULATE-RETURN applicant' } });
    const subId = created.data!.createSubAccount.account!.id;
    await c.post('/v1/simulation/clock/advance', { seconds: 60 }, { key: null });
    const subKey = await createApiKey(t.services, { accountId: subId });
    expect((await lookUpKeyRecord(t.db, subKey.clientId))?.verificationStatus).toBe('RETURN');
    // With an idempotency key: the change commits with the stored answer, after the service returned.
    const res = await c.post(`/v1/accounts/${subId}/documents`, { documents: [{ type: 'PROOF_OF_ADDRESS', front: PNG }] });
    expect(res.body).toMatchObject({ account_id: subId, verification_status: 'PENDING' });
    expect((await lookUpKeyRecord(t.db, subKey.clientId))?.verificationStatus).toBe('PENDING');
  });
});
