import pg from 'pg';
import { setAllowedIps, setPermissions } from '../../src/domain/developers/keys/api-keys';
import { setAccountStatus } from '../../src/domain/onboarding/accounts/service';
import { clientOf } from '../support/client';
import { makeMaster, makeSub, tokenFor, type Tenant } from '../support/tenants';
import { createBeneficiary } from '../wallet/payouts/fixtures';
import { startLiveApp, subscribe, untilSubscribers, type LiveApp, type Subscription } from './support';

/**
 * A live subscription is authorized on every use, not once: the socket closes when its token
 * expires, and when a change to keys or accounts (the payrail_auth notification) leaves its caller
 * without the right to it — key disabled, account suspended, address no longer allowed.
 */
let live: LiveApp;

beforeAll(async () => {
  live = await startLiveApp();
  await live.t.db.keyRecords.ready();
});
afterAll(() => live.t.close());

/** Generous: a close follows a notification within milliseconds; this only bounds a failing run. */
const CLOSE_WITHIN_MS = 10_000;

/** The socket's close, or 'open' when it is still open after CLOSE_WITHIN_MS. */
function closeOf(sub: Subscription): Promise<{ code: number; reason: string } | 'open'> {
  let timer: NodeJS.Timeout | undefined;
  const open = new Promise<'open'>((resolve) => (timer = setTimeout(() => resolve('open'), CLOSE_WITHIN_MS)));
  return Promise.race([sub.closed, open]).finally(() => clearTimeout(timer));
}

async function subscribed(tenant: Tenant, extra: Record<string, string> = {}): Promise<Subscription> {
  const token = await tokenFor(live.t, tenant);
  const sub = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${token}`, ...extra });
  await untilSubscribers(live.base, 1);
  return sub;
}

/** A change made by another process (psql, another payrail): only the notification tells this one. */
async function elsewhere(sql: string, args: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: live.t.url });
  await client.connect();
  try {
    await client.query(sql, args);
  } finally {
    await client.end();
  }
}

async function finished(sub: Subscription): Promise<void> {
  await sub.dispose();
  await untilSubscribers(live.base, 0);
}

describe('the token', () => {
  it('closes the socket with 4401 when its token expires on the clock, not before', async () => {
    const tenant = await makeMaster(live.t.services, { name: 'Expiring' });
    const sub = await subscribed(tenant);
    const ttl = live.t.services.config.tokenTtlSeconds;
    live.t.clock.advance(ttl - 60);
    // Still served a minute before expiry: an event committed now arrives.
    const c = await clientOf(live.t, tenant);
    const beneficiary = await createBeneficiary(c);
    expect((await sub.waitFor(1)).map((e) => e.objectId)).toEqual([beneficiary]);
    live.t.clock.advance(60);
    expect(await closeOf(sub)).toEqual({ code: 4401, reason: 'Unauthorized: Token expired' });
    await untilSubscribers(live.base, 0);
  });
});

describe('a change to keys or accounts', () => {
  it('closes with 4401 when the key is disabled by another process (heard through payrail_auth)', async () => {
    const tenant = await makeMaster(live.t.services, { name: 'Disabled elsewhere' });
    const sub = await subscribed(tenant);
    await elsewhere(`UPDATE api_keys SET status = 'DISABLED' WHERE client_id = $1`, [tenant.clientId]);
    expect(await closeOf(sub)).toEqual({ code: 4401, reason: 'Unauthorized: Authorization error' });
    await untilSubscribers(live.base, 0);
  });

  it("closes with 4401 when the key's IP allow-list no longer admits the socket's address", async () => {
    const tenant = await makeMaster(live.t.services, { name: 'Fenced later' });
    const sub = await subscribed(tenant);
    await setAllowedIps(live.t.services, tenant.clientId, ['10.0.0.0/8']);
    expect(await closeOf(sub)).toEqual({ code: 4401, reason: 'Unauthorized: IP not allowed' });
    await untilSubscribers(live.base, 0);
  });

  it('closes with 4401 when the account itself is suspended', async () => {
    const tenant = await makeMaster(live.t.services, { name: 'Suspended master' });
    const sub = await subscribed(tenant);
    await setAccountStatus(live.t.services, tenant.account.id, 'INACTIVE');
    expect(await closeOf(sub)).toEqual({ code: 4401, reason: 'Unauthorized: access token err' });
    await untilSubscribers(live.base, 0);
  });

  it('closes with 4403 when the sub-account it acts for is suspended (a change made elsewhere)', async () => {
    const tenant = await makeMaster(live.t.services, { name: 'Master of a suspended sub' });
    const sub = await makeSub(live.t.services, tenant, 'Soon suspended');
    const socket = await subscribed(tenant, { 'x-on-behalf-of': sub.id });
    await elsewhere(`UPDATE accounts SET status = 'PROCESSING' WHERE id = $1`, [sub.id]);
    const closed = await closeOf(socket);
    expect(closed).toMatchObject({ code: 4403 });
    expect((closed as { reason: string }).reason).toMatch(/^Forbidden: x-on-behalf-of value err: the sub-account is PROCESSING/);
    await untilSubscribers(live.base, 0);
  });

  it('keeps a socket whose caller is still allowed, and its events keep coming', async () => {
    const tenant = await makeMaster(live.t.services, { name: 'Still allowed' });
    const other = await makeMaster(live.t.services, { name: 'Someone else' });
    const sub = await subscribed(tenant);
    const heard = live.t.db.keyRecords.nextInvalidation();
    await setPermissions(live.t.services, tenant.clientId, []);
    await elsewhere(`UPDATE api_keys SET status = 'DISABLED' WHERE client_id = $1`, [other.clientId]);
    await heard;
    const beneficiary = await createBeneficiary(await clientOf(live.t, tenant));
    expect((await sub.waitFor(1)).map((e) => e.objectId)).toEqual([beneficiary]);
    await finished(sub);
  });
});
