import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { EventsDocument, type EventsQueryVariables } from '../../support/graphql.generated';
import { fundWallet } from '../../support/ledger';
import { makeMaster, makeSub, type Tenant } from '../../support/tenants';
import { outboxSettled } from '../../support/outbox-horizon';
import { createBeneficiary, createPayout, payoutBody } from '../../wallet/payouts/fixtures';

/**
 * The events history: a connection over the outbox, newest first in commit order, each event
 * typed in GraphQL names, filtered by name, object and time, seen by whoever its subscription
 * reaches, and paged by key while events are written.
 */
let t: TestApp;
let master: Tenant;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'History Co' });
  c = await clientOf(t, master);
  await fundWallet(t.services, master.account.id, 'USD', '10000.00');
});
afterAll(() => t.close());

/** The events list once what was written so far is listable (support/outbox-horizon.ts). */
async function events(client: Client, vars: EventsQueryVariables = {}) {
  await outboxSettled(t);
  const { data, errors } = await client.gql(EventsDocument, vars);
  expect(errors).toBeUndefined();
  return data!.events;
}

describe('query { events }', () => {
  it('lists the acting account\'s events newest first, each with its subject typed as its query answers', async () => {
    const beneficiary = await createBeneficiary(c);
    const payout = await createPayout(c, payoutBody(beneficiary));
    const page = await events(c, { first: 2 });
    expect(page.edges.map((e) => [e.node.type, e.node.objectId])).toEqual([
      ['payout.create.succeeded', payout],
      ['beneficiary.create.succeeded', beneficiary],
    ]);
    const [p, b] = page.edges.map((e) => e.node);
    expect(b!.subject).toMatchObject({ __typename: 'Beneficiary', id: beneficiary });
    const { data } = await c.gql(`{ payout(id: "${payout}") { id status payoutAmount } }`);
    expect(p!.subject).toEqual({ __typename: 'Payout', ...(data as { payout: object }).payout });
    expect(p).toMatchObject({ accountId: master.account.id, webhookEventType: 'PAYOUT' });
    // The edge's cursor is the event's own: the place a subscription resumes from.
    expect(page.edges.map((e) => e.cursor)).toEqual([p!.cursor, b!.cursor]);
    const row = await t.db.prisma.outboxEvent.findFirst({ where: { sourceId: payout } });
    expect(p).toMatchObject({ id: row!.id, createdAt: row!.createdAt.toISOString() });
    expect(page.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: false, startCursor: p!.cursor, endCursor: b!.cursor });
    expect(page.totalCount).toBe(2);
  });

  it('filters by event names, object id and time (strict bounds), and counts what the filter matches', async () => {
    const all = (await events(c, { first: 100 })).edges.map((e) => e.node);
    const payouts = await events(c, { filter: { types: ['payout.create.succeeded'] } });
    expect(payouts.edges.map((e) => e.node.type)).toEqual(all.filter((e) => e.type === 'payout.create.succeeded').map((e) => e.type));
    expect(payouts.totalCount).toBe(1);
    const one = all.at(-1)!;
    const byObject = await events(c, { filter: { objectId: one.objectId } });
    expect(byObject.edges.map((e) => e.node.id)).toEqual([one.id]);
    const after = await events(c, { filter: { createdAfter: one.createdAt } });
    expect(after.edges.map((e) => e.node.id)).toEqual(all.filter((e) => e.createdAt > one.createdAt).map((e) => e.id));
    const before = await events(c, { filter: { createdBefore: all[0]!.createdAt } });
    expect(before.edges.map((e) => e.node.id)).toEqual(all.filter((e) => e.createdAt < all[0]!.createdAt).map((e) => e.id));
    expect((await events(c, { filter: { objectId: randomUUID() } })).totalCount).toBe(0);
  });

  it('refuses an event name payrail does not write, naming the filter field', async () => {
    const { errors } = await c.gql(EventsDocument, { filter: { types: ['payout.created'] } });
    expect(errors?.[0]?.message).toContain('types');
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'validation_failed' });
  });

  it("a master sees its sub-accounts' events too; acting for B, only B's; another tenant, none of them", async () => {
    const a = await makeMaster(t.services, { name: 'Tree A' });
    const b = await makeSub(t.services, a, 'Sub B');
    const aClient = await clientOf(t, a);
    const bClient = aClient.as(b.id);
    const other = await clientOf(t, await makeMaster(t.services, { name: 'Tenant C' }));
    const a1 = await createBeneficiary(aClient);
    const b1 = await createBeneficiary(bClient);
    expect((await events(aClient)).edges.map((e) => [e.node.objectId, e.node.accountId])).toEqual([
      [b1, b.id],
      [a1, a.account.id],
    ]);
    expect((await events(bClient)).edges.map((e) => e.node.objectId)).toEqual([b1]);
    expect((await events(other)).totalCount).toBe(0);
    expect((await events(other, { filter: { objectId: b1 } })).totalCount).toBe(0);
  });

  it('pages newest first while events are written at the head: every event once, none skipped', async () => {
    const tenant = await makeMaster(t.services, { name: 'Busy Co' });
    const busy = await clientOf(t, tenant);
    const before: string[] = [];
    for (let i = 0; i < 7; i++) before.push(await createBeneficiary(busy));
    const seen: string[] = [];
    let after: string | null | undefined;
    for (;;) {
      const page = await events(busy, { first: 2, after });
      seen.push(...page.edges.map((e) => e.node.objectId));
      // Two more events arrive at the head between every two pages.
      await createBeneficiary(busy);
      await createBeneficiary(busy);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual([...before].reverse());
    // And backward from the oldest end, the same rows the other way round.
    const oldest = await events(busy, { last: 3 });
    expect(oldest.edges.map((e) => e.node.objectId)).toEqual(before.slice(0, 3).reverse());
    expect(oldest.pageInfo.hasPreviousPage).toBe(true);
  });

  it('refuses a cursor of another list as after', async () => {
    const { data } = await c.gql(`{ payouts(first: 1) { pageInfo { endCursor } } }`);
    const cursor = (data as { payouts: { pageInfo: { endCursor: string } } }).payouts.pageInfo.endCursor;
    const { errors } = await c.gql(EventsDocument, { after: cursor });
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'after' });
  });
});
