import { startTestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { fundWallet } from '../support/ledger';
import { makeMaster, makeSub, tokenFor, type Tenant } from '../support/tenants';
import { createBeneficiary, createPayout, payoutBody } from '../wallet/payouts/fixtures';
import { listen, startLiveApp, subscribe, untilSubscribers, type LiveApp } from './support';

let live: LiveApp;
let master: Tenant;
let c: Client;
let token: string;

beforeAll(async () => {
  live = await startLiveApp();
  master = await makeMaster(live.t.services, { name: 'Live Co' });
  c = await clientOf(live.t, master);
  token = await tokenFor(live.t, master);
  await fundWallet(live.t.services, master.account.id, 'USD', '10000.00');
});
afterAll(() => live.t.close());

describe('subscription { events } over graphql-ws on /graphql', () => {
  it("delivers a payout's events, in commit order, with the REST object as webhookData", async () => {
    const sub = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${token}` });
    await untilSubscribers(live.base, 1);
    const beneficiary = await createBeneficiary(c);
    const first = await createPayout(c, payoutBody(beneficiary));
    const second = await createPayout(c, payoutBody(beneficiary, { amount: '5.00' }));
    const events = await sub.waitFor(3);
    expect(events.map((e) => [e.type, e.objectId])).toEqual([
      ['beneficiary.create.succeeded', beneficiary],
      ['payout.create.succeeded', first],
      ['payout.create.succeeded', second],
    ]);
    const payout = events[1]!;
    expect(payout).toMatchObject({ webhookEventType: 'PAYOUT', accountId: master.account.id });
    const { body } = await c.get(`/v1/payouts/${first}`);
    expect(payout.webhookData).toMatchObject({ payout_id: first, payout_status: 'READY_TO_SEND' });
    expect(payout.webhookData.payout_amount).toBe(body.payout_amount);
    // The event id is the outbox row's: the one a webhook delivery of the same event carries.
    const row = await live.t.db.prisma.outboxEvent.findFirst({ where: { sourceId: first } });
    expect(payout.id).toBe(row!.id);
    expect(payout.createdAt).toBe(row!.createdAt.toISOString());
    await sub.dispose();
    await untilSubscribers(live.base, 0);
  });

  it('accepts the token as Authorization: Bearer too, and filters by event names', async () => {
    const sub = subscribe(live.wsUrl, { Authorization: `Bearer ${token}` }, { filter: { types: ['payout.create.succeeded'] } });
    await untilSubscribers(live.base, 1);
    const beneficiary = await createBeneficiary(c);
    const payout = await createPayout(c, payoutBody(beneficiary));
    const events = await sub.waitFor(1);
    expect(events.map((e) => [e.webhookEventType, e.type, e.objectId])).toEqual([['PAYOUT', 'payout.create.succeeded', payout]]);
    await sub.dispose();
    await untilSubscribers(live.base, 0);
  });

  it('refuses a bad or missing token with 4401 and an on-behalf-of it may not use with 4403', async () => {
    const bad = subscribe(live.wsUrl, { 'x-auth-token': 'Bearer not-a-token' });
    expect((await bad.closed).code).toBe(4401);
    const none = subscribe(live.wsUrl, {});
    expect((await none.closed).code).toBe(4401);
    const stranger = await makeMaster(live.t.services, { name: 'Stranger' });
    const foreign = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${token}`, 'x-on-behalf-of': stranger.account.id });
    const closed = await foreign.closed;
    expect(closed.code).toBe(4403);
    expect(closed.reason).toContain('x-on-behalf-of');
    expect(await Promise.all([bad, none, foreign].map((s) => s.waitFor(0)))).toEqual([[], [], []]);
  });

  it("checks the key's IP allow-list against the socket's peer, as HTTP calls are checked", async () => {
    const fenced = await makeMaster(live.t.services, { name: 'Fenced', allowedIps: ['10.0.0.0/8'] });
    // A token is issued to any address; its use is refused outside the allow-list.
    const res = await live.t.inject({ method: 'POST', url: '/api/v1/connect/token', payload: { client_id: fenced.clientId, api_key: fenced.apiKey } });
    const fencedToken = (res.json() as { auth_token: string }).auth_token;
    const refused = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${fencedToken}` });
    expect((await refused.closed).code).toBe(4401);
    const open = await makeMaster(live.t.services, { name: 'Loopback only', allowedIps: ['127.0.0.1/32'] });
    const openToken = await tokenFor(live.t, open);
    const allowed = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${openToken}` });
    await untilSubscribers(live.base, 1);
    await allowed.dispose();
    await untilSubscribers(live.base, 0);
  });

  it('serves only subscriptions over the socket: a query is refused with a clear error', async () => {
    const sub = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${token}` }, {}, '{ viewer { id } }');
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        if (sub.errors.length > 0) {
          clearInterval(tick);
          resolve();
        }
      }, 10);
    });
    expect(JSON.stringify(sub.errors)).toContain('Only subscriptions are served over WebSocket');
    await sub.dispose();
  });
});

describe('tenant isolation', () => {
  it("a master sees its own and its sub-accounts' events; acting for B, only B's; another tenant none", async () => {
    const a = await makeMaster(live.t.services, { name: 'Tree A' });
    const b = await makeSub(live.t.services, a, 'Sub B');
    const other = await makeMaster(live.t.services, { name: 'Tenant C' });
    const aToken = await tokenFor(live.t, a);
    const cToken = await tokenFor(live.t, other);
    const aClient = await clientOf(live.t, a);
    const bClient = aClient.as(b.id);
    const cClient = await clientOf(live.t, other);

    const aSelf = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${aToken}` });
    const aForB = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${aToken}`, 'x-on-behalf-of': b.id });
    const cSelf = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${cToken}` });
    await untilSubscribers(live.base, 3);

    const c1 = await createBeneficiary(cClient);
    const b1 = await createBeneficiary(bClient);
    const a1 = await createBeneficiary(aClient);
    const b2 = await createBeneficiary(bClient);
    const c2 = await createBeneficiary(cClient);
    const b3 = await createBeneficiary(bClient);

    // The hub hands events out in commit order to every subscriber in one pass: once b3 (the last
    // event) arrived, every earlier event has been handed to whoever it reaches.
    expect((await aSelf.waitFor(4)).map((e) => [e.objectId, e.accountId])).toEqual([
      [b1, b.id],
      [a1, a.account.id],
      [b2, b.id],
      [b3, b.id],
    ]);
    expect((await aForB.waitFor(3)).map((e) => e.objectId)).toEqual([b1, b2, b3]);
    expect((await cSelf.waitFor(2)).map((e) => e.objectId)).toEqual([c1, c2]);
    expect([aSelf.events.length, aForB.events.length, cSelf.events.length]).toEqual([4, 3, 2]);
    await Promise.all([aSelf, aForB, cSelf].map((s) => s.dispose()));
    await untilSubscribers(live.base, 0);
  });
});

describe('two API processes on one database', () => {
  it('a subscriber on instance A receives events committed through instance B', async () => {
    const other = await listen(await startTestApp({ database: { url: live.t.url } }));
    try {
      const sub = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${token}` }, { filter: { types: ['payout.create.succeeded'] } });
      await untilSubscribers(live.base, 1);
      const viaB = await clientOf(other.t, master);
      const beneficiary = await createBeneficiary(viaB);
      const payout = await createPayout(viaB, payoutBody(beneficiary));
      expect((await sub.waitFor(1)).map((e) => e.objectId)).toEqual([payout]);
      await sub.dispose();
      await untilSubscribers(live.base, 0);
    } finally {
      await other.t.close();
    }
  });

  it('an instance that stops says goodbye (1001) to its subscribers and closes with them connected', async () => {
    const other = await listen(await startTestApp({ database: { url: live.t.url } }));
    const sub = subscribe(other.wsUrl, { 'x-auth-token': `Bearer ${token}` });
    await untilSubscribers(other.base, 1);
    await other.t.close();
    expect(await sub.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
  });
});

describe('the LISTEN connection', () => {
  it('reconnects when its session is killed, and events committed meanwhile still arrive', async () => {
    const sub = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${token}` }, { filter: { types: ['beneficiary.create.succeeded'] } });
    await untilSubscribers(live.base, 1);
    const first = await createBeneficiary(c);
    await sub.waitFor(1);
    const killed = await live.t.db.pool.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN payrail_outbox%'`,
    );
    expect(killed.rows[0]!.n).toBe(1);
    const second = await createBeneficiary(c);
    expect((await sub.waitFor(2)).map((e) => e.objectId)).toEqual([first, second]);
    await sub.dispose();
    await untilSubscribers(live.base, 0);
  });
});

describe('subscriptions elsewhere', () => {
  it('over HTTP POST /graphql the events subscription is refused with a clear error', async () => {
    const res = await live.t.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-auth-token': `Bearer ${token}` },
      payload: { query: 'subscription { events { id } }' },
    });
    const body = res.json() as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors.map((e) => e.extensions.code)).toEqual(['subscription_transport']);
    expect(body.errors[0]!.message).toContain('graphql-ws');
  });
});
